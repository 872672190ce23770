// The entry: the stylesheet, then the app (start.tsx). Over a page the server rendered, nothing on
// screen needs the app's code, so it is fetched only once the browser has painted that page: the
// photos, the font and the first paint then have the network and the main thread to themselves
// (docs/performance.md). Every other page is an empty shell: its code is fetched at once.
// Both stylesheets are needed by the first paint: in the entry, they are links in the HTML.
import './styles.css';
import './app/app.css';
import { PAGE_MODULES_ID } from '@shared/initial-data';
import { afterFirstPaint } from '@client/lib/after-first-paint';
import { nextTask } from '@client/lib/next-task';

async function start() {
  const list = document.getElementById(PAGE_MODULES_ID)?.textContent;
  if (list) {
    await afterFirstPaint();
    // The route's files are all asked for at once, in parallel with each other.
    const modules = JSON.parse(list) as string[];
    for (const href of modules) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      link.crossOrigin = '';
      document.head.append(link);
    }
    // Run, though, one file per task, each after those it imports (the server lists them in that
    // order): React DOM, the router and query cache, the shared parts, the app, the page. Evaluated
    // as one module graph they held the phone's main thread in a single long task (DESIGN §6's total
    // blocking time); in between, the browser answers taps and paints.
    for (const href of modules) {
      await import(/* @vite-ignore */ href);
      await nextTask();
    }
  }
  const { mount } = await import('./start');
  mount();
}

void start();
