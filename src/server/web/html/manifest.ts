// Which files a route's page needs, from Vite's build manifest, so they are all asked for at once
// rather than each after the code that imports it (no request waterfall): the app (start.tsx, the
// one dynamic import of the entry, main.tsx), the page's chunk and what they import.
import { readFile } from 'node:fs/promises';
import path from 'node:path';

type ManifestChunk = { file: string; imports?: string[]; dynamicImports?: string[]; css?: string[]; assets?: string[]; isEntry?: boolean };
export type ViteManifest = Record<string, ManifestChunk>;

/** `fonts`: only for a page whose text the server rendered (its first paint needs them at once). */
export type PagePreloads = { modules: string[]; styles: string[]; fonts?: string[] };

const NONE: PagePreloads = { modules: [], styles: [] };

/** The web fonts the entry's stylesheet loads (Fraunces), for a preload hint. */
export function entryFonts(manifest: ViteManifest): string[] {
  const entry = entryClosure(manifest);
  return [...entry.assets].filter((file) => file.endsWith('.woff2'));
}

type Files = { modules: Set<string>; styles: Set<string>; assets: Set<string> };
const noFiles = (): Files => ({ modules: new Set(), styles: new Set(), assets: new Set() });

// Read once per build: every page render asks, the manifest does not change under a running server.
const entryClosures = new WeakMap<ViteManifest, Files>();

/** What the entry loads: its chunk and every chunk it imports statically (the build may split it). */
function entryClosure(manifest: ViteManifest): Files {
  let entry = entryClosures.get(manifest);
  if (!entry) {
    entry = noFiles();
    for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) closure(manifest, key, entry);
    entryClosures.set(manifest, entry);
  }
  return entry;
}

/**
 * The files of a chunk and everything it imports statically. Modules come in dependency order (a
 * chunk after those it imports): the entry evaluates them in that order, one per task (main.tsx).
 */
function closure(manifest: ViteManifest, key: string, into: Files, seen = new Set<string>()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return;
  seen.add(key);
  for (const css of chunk.css ?? []) into.styles.add(css);
  for (const asset of chunk.assets ?? []) into.assets.add(asset);
  for (const dep of chunk.imports ?? []) closure(manifest, dep, into, seen);
  into.modules.add(chunk.file);
}

/**
 * The app and the page chunk (its manifest key is its path under src/client, e.g.
 * 'features/recipes/RecipeDetailPage.tsx') with their static imports, minus what the entry already
 * loads: Vite's index.html asks for those itself. `lazyParts`: chunks the page's first screen loads
 * lazily (a signed-in page the server rendered: the header's menu, the admin area's door), after it.
 */
export function pagePreloads(manifest: ViteManifest, pageKey: string, lazyParts: readonly string[] = []): PagePreloads {
  if (!manifest[pageKey]) return NONE;
  const entry = entryClosure(manifest);
  const page = noFiles();
  // The app's chunk: the build names it by its file or by a chunk it was merged into.
  for (const chunk of Object.values(manifest)) if (chunk.isEntry) for (const app of chunk.dynamicImports ?? []) closure(manifest, app, page);
  closure(manifest, pageKey, page);
  for (const part of lazyParts) closure(manifest, part, page);
  return {
    modules: [...page.modules].filter((f) => !entry.modules.has(f)),
    styles: [...page.styles].filter((f) => !entry.styles.has(f)),
  };
}

/** Reads clientDir/.vite/manifest.json once. No manifest (a dev setup) means no hints, not an error. */
export function manifestLoader(clientDir: string): () => Promise<ViteManifest> {
  let loading: Promise<ViteManifest> | null = null;
  return () => {
    loading ??= readFile(path.join(clientDir, '.vite', 'manifest.json'), 'utf8')
      .then((text) => JSON.parse(text) as ViteManifest)
      .catch(() => ({}));
    return loading;
  };
}
