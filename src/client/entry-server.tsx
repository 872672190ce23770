// The server's render of a page's first screen: a visitor's public page, or a signed-in person's
// page whose reads the server made for them (decision 0045). Vite's SSR build, dist/ssr/entry-server.js,
// loaded by src/server/web/html/ssr.ts. The same providers and routes as start.tsx, with a static router at
// the request's path and a query cache already holding the page's initial data, the JSON block that
// goes out with the HTML, so that the browser's hydration finds exactly the same answers.
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { initialQueryKey } from './app/initial-queries';
import { Providers } from './app/Providers';
import { AppRoutes } from './app/router';
import { createQueryClient } from './lib/query-client';
import { RenderClockProvider } from './lib/render-clock';

/** Longest wait for the page's lazy code; beyond it the server sends the empty shell instead. */
const RENDER_TIMEOUT_MS = 5_000;

/**
 * React puts a <link rel="preload"> before the markup for each image rendered eagerly. Not in the
 * root the browser hydrates; and not needed: those <img> are in the HTML itself, found as early, and
 * the page's main image has its hint in <head> already (pages.ts).
 */
const LEADING_LINKS = /^(?:<link [^>]*>)+/;

/**
 * The markup of <div id="root"> for `path` (no query string: the page's HTML never depends on it).
 * `prerender` waits for every lazy part, so the page comes whole, with no boundary left for a script
 * to fill in (the CSP allows none). Rejects when any part failed to render: a half-rendered page
 * would only hydrate into an error. `now` is the server's clock, for what the page shows of the date.
 */
export async function render(path: string, initialData: Record<string, unknown> = {}, now: () => Date = () => new Date()): Promise<string> {
  const client = createQueryClient();
  for (const [key, value] of Object.entries(initialData)) {
    client.setQueryData(initialQueryKey(key, initialData), value);
  }
  const errors: unknown[] = [];
  try {
    const { prelude } = await prerenderToNodeStream(
      <RenderClockProvider now={now}>
        <Providers client={client}>
          <StaticRouter location={path}>
            <AppRoutes />
          </StaticRouter>
        </Providers>
      </RenderClockProvider>,
      {
        signal: AbortSignal.timeout(RENDER_TIMEOUT_MS),
        onError: (err) => void errors.push(err),
        // Every boundary inline, in place: a large one would otherwise be sent after its fallback, to be
        // swapped in by an inline script, which the CSP forbids (and no spinner should paint at all).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
      },
    );
    let html = '';
    for await (const chunk of prelude) html += typeof chunk === 'string' ? chunk : (chunk as Buffer).toString('utf8');
    if (errors.length > 0) throw errors[0] instanceof Error ? errors[0] : new Error(String(errors[0]));
    return html.replace(LEADING_LINKS, '');
  } finally {
    client.clear();
  }
}
