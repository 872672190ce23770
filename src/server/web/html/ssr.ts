// The server's render of a visitor's first screen: the bundle Vite's SSR build puts beside the
// client's (<build>/ssr/entry-server.js next to <build>/client, from src/client/entry-server.tsx),
// imported once. A setup without it (the dev server, tests that bring their own client folder)
// serves the empty shell, as does any render that fails: the browser then renders the page itself.
import { access } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Logger } from 'pino';

/** The root's markup for a path (entry-server.tsx's render). */
export type RenderApp = (path: string, initialData?: Record<string, unknown>, now?: () => Date) => Promise<string>;

type ServerEntry = { render: RenderApp };

export const ssrEntryPath = (clientDir: string) => path.join(clientDir, '..', 'ssr', 'entry-server.js');

/** Loads the bundle on first use; `null` when the build has none. */
export function ssrLoader(clientDir: string, logger: Logger): () => Promise<RenderApp | null> {
  let loading: Promise<RenderApp | null> | null = null;
  return () => {
    loading ??= (async () => {
      const file = ssrEntryPath(clientDir);
      const present = await access(file).then(() => true, () => false);
      if (!present) return null;
      const entry = (await import(pathToFileURL(file).href)) as ServerEntry;
      return entry.render;
    })().catch((err: unknown) => {
      logger.error({ err }, 'server render bundle failed to load: pages are served unrendered');
      return null;
    });
    return loading;
  };
}

/** The rendered page, or '' (the shell) when there is no renderer or rendering fails. */
export async function renderOrShell(
  render: RenderApp | null,
  pagePath: string,
  data: Record<string, unknown> | undefined,
  logger: Logger,
  now: () => Date,
): Promise<string> {
  if (!render) return '';
  try {
    return await render(pagePath, data, now);
  } catch (err) {
    logger.error({ err, path: pagePath }, 'server render failed: page served unrendered');
    return '';
  }
}
