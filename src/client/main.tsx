import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { Providers } from './app/Providers';
import { App } from './app/App';
import './styles.css';

const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <Providers>
      <App />
    </Providers>
  </StrictMode>
);

// A visitor's public page comes rendered by the server (entry-server.tsx), for its bare path: the
// browser adopts that markup. With a query string (filters, a search) the page may differ from it,
// so it is rendered afresh, as is the plain shell of every other page.
if (container.firstElementChild && window.location.search === '') {
  hydrateRoot(container, app, {
    // A mismatch is a bug: logged with where it happened, and reported as an uncaught error (React's
    // default), which fails any browser journey.
    onRecoverableError: (error, info) => {
      console.error('Hydratation :', error, info.componentStack ?? '');
      reportError(error);
    },
  });
} else {
  container.replaceChildren();
  createRoot(container).render(app);
}
