// The app itself, loaded by the entry (main.tsx) once it is time; `mount` adopts the server's markup
// or renders the page in the browser.
import { StrictMode, startTransition, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { Providers } from './app/Providers';
import { App } from './app/App';

const tree = (
  <Providers>
    <App />
  </Providers>
);
// StrictMode's double renders and effects find impure code while developing; not in production,
// where they would only cost time.
const app: ReactNode = import.meta.env.DEV ? <StrictMode>{tree}</StrictMode> : tree;

export function mount() {
  const container = document.getElementById('root')!;
  // A visitor's public page comes rendered by the server (entry-server.tsx), for its bare path: the
  // browser adopts that markup. With a query string (filters, a search) the page may differ from it,
  // so it is rendered afresh, as is the plain shell of every other page.
  if (container.firstElementChild && window.location.search === '') {
    // In a transition, React hydrates the page in time slices it yields between (a transition's
    // hydration lane), not in one task: the markup is on screen already, and a phone's main thread
    // stays free for taps and scrolling (DESIGN §6's total blocking time; decision 0022).
    startTransition(() => {
      hydrateRoot(container, app, {
        // A mismatch is a bug, never mended silently: logged with where it happened and reported as an
        // uncaught error, which fails every browser journey (docs/decisions/0022).
        onRecoverableError: (error, info) => {
          console.error('Hydratation :', error, info.componentStack ?? '');
          reportError(error);
        },
      });
    });
  } else {
    container.replaceChildren();
    createRoot(container).render(app);
  }
}
