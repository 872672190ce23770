// The entry: the stylesheet, then the app (start.tsx). Over a page the server rendered, nothing on
// screen needs the app's code, so it is fetched only once the browser has painted that page: the
// photos, the font and the first paint then have the network and the main thread to themselves
// (docs/performance.md). Every other page is an empty shell: its code is fetched at once.
// Both stylesheets are needed by the first paint: in the entry, they are links in the HTML.
import './styles.css';
import './app/app.css';
import { PAGE_MODULES_ID } from '@shared/initial-data';
import { afterFirstPaint } from '@client/lib/after-first-paint';

async function start() {
  const modules = document.getElementById(PAGE_MODULES_ID)?.textContent;
  if (modules) {
    await afterFirstPaint();
    // The route's own files in parallel with the app's, not after it has found the route.
    for (const href of JSON.parse(modules) as string[]) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      link.crossOrigin = '';
      document.head.append(link);
    }
  }
  await import('./start');
}

void start();
