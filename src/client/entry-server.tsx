// The server's render of a visitor's first screen (Vite's SSR build, dist/ssr/entry-server.js, loaded
// by src/server/web/html/ssr.ts). The same providers and routes as main.tsx, with a static router at
// the request's path and a query cache already holding the page's initial data, the JSON block that
// goes out with the HTML, so that the browser's hydration finds exactly the same answers.
import type { VNode } from 'preact';
import { renderToStringAsync } from 'preact-render-to-string';
import { StaticRouter } from 'react-router';
import { ME_INITIAL_DATA_KEY } from '@shared/initial-data';
import { ME_QUERY_KEY } from './app/auth/auth-context';
import { Providers } from './app/Providers';
import { AppRoutes } from './app/router';
import { createQueryClient } from './lib/query-client';
import { apiKeyOf } from './lib/use-api-query';

/** Longest wait for the page's lazy code; beyond it the server sends the empty shell instead. */
const RENDER_TIMEOUT_MS = 5_000;

/**
 * The markup of <div id="root"> for `path` (no query string: the page's HTML never depends on it).
 * The asynchronous render waits for every lazy part, so the page comes whole, with no boundary left
 * for a script to fill in (the CSP allows none). Rejects when any part failed to render: a
 * half-rendered page would only hydrate into an error.
 */
export async function render(path: string, initialData: Record<string, unknown> = {}): Promise<string> {
  const client = createQueryClient();
  for (const [key, value] of Object.entries(initialData)) {
    client.setQueryData(key === ME_INITIAL_DATA_KEY ? ME_QUERY_KEY : apiKeyOf(key), value);
  }
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`server render took more than ${RENDER_TIMEOUT_MS} ms`)), RENDER_TIMEOUT_MS);
  });
  try {
    // A render that times out cannot be stopped; it finishes unseen, and the page goes out as the shell.
    return await Promise.race([
      renderToStringAsync(
        <Providers client={client}>
          <StaticRouter location={path}>
            <AppRoutes />
          </StaticRouter>
        </Providers> as unknown as VNode, // React's element type for TypeScript; Preact's at run time
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
    client.clear();
  }
}
