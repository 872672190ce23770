import { createRoot, hydrateRoot } from 'react-dom/client';
import { Providers } from './app/Providers';
import { App } from './app/App';
import './styles.css';

const container = document.getElementById('root')!;
// No StrictMode: it does nothing under Preact (decision 0019).
const app = (
  <Providers>
    <App />
  </Providers>
);

// The page is adopted after the browser has painted what the server sent (its photos included when
// they have arrived), in a task apart from this module's evaluation: a phone's main thread is then
// never held long, and the largest image is not painted behind the app's start (docs/performance.md).
// The timeout covers a tab in the background, which paints no frame.
await new Promise<void>((resolve) => {
  requestAnimationFrame(() => setTimeout(resolve, 0));
  setTimeout(resolve, 200);
});

// A visitor's public page comes rendered by the server (entry-server.tsx), for its bare path: the
// browser adopts that markup. With a query string (filters, a search) the page may differ from it,
// so it is rendered afresh, as is the plain shell of every other page. Preact (decision 0019) mends
// a mismatch silently, with no error to report: the server-rendering journey is what checks that
// the server's markup is adopted, not replaced.
if (container.firstElementChild && window.location.search === '') {
  hydrateRoot(container, app);
} else {
  container.replaceChildren();
  createRoot(container).render(app);
}
