// The app itself, loaded by the entry (main.tsx) once it is time: the server's markup adopted, or
// the page rendered in the browser.
import { createRoot, hydrateRoot } from 'react-dom/client';
import { Providers } from './app/Providers';
import { App } from './app/App';

const container = document.getElementById('root')!;
// No StrictMode: it does nothing under Preact (decision 0019).
const app = (
  <Providers>
    <App />
  </Providers>
);

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
