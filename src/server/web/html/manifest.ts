// Which files a route's page needs, from Vite's build manifest, so the HTML can ask for them
// with <link rel="modulepreload"> while the entry script is still loading (no request waterfall).
import { readFile } from 'node:fs/promises';
import path from 'node:path';

type ManifestChunk = { file: string; imports?: string[]; css?: string[]; assets?: string[]; isEntry?: boolean };
export type ViteManifest = Record<string, ManifestChunk>;

/** `fonts`: only for a page whose text the server rendered (its first paint needs them at once). */
export type PagePreloads = { modules: string[]; styles: string[]; fonts?: string[] };

const NONE: PagePreloads = { modules: [], styles: [] };

/** The web fonts the entry's stylesheet loads (Fraunces), for a preload hint. */
export function entryFonts(manifest: ViteManifest): string[] {
  return Object.values(manifest)
    .filter((chunk) => chunk.isEntry)
    .flatMap((chunk) => chunk.assets ?? [])
    .filter((file) => file.endsWith('.woff2'));
}

/** The files of a chunk and everything it imports statically, in load order. */
function closure(manifest: ViteManifest, key: string, into: { modules: Set<string>; styles: Set<string> }, seen = new Set<string>()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return;
  seen.add(key);
  into.modules.add(chunk.file);
  for (const css of chunk.css ?? []) into.styles.add(css);
  for (const dep of chunk.imports ?? []) closure(manifest, dep, into, seen);
}

/**
 * The page chunk (its manifest key is its path under src/client, e.g.
 * 'features/recipes/RecipeDetailPage.tsx') and its static imports, minus what the entry
 * already loads: Vite's index.html preloads those itself.
 */
export function pagePreloads(manifest: ViteManifest, pageKey: string): PagePreloads {
  if (!manifest[pageKey]) return NONE;
  const entry = { modules: new Set<string>(), styles: new Set<string>() };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) closure(manifest, key, entry);
  const page = { modules: new Set<string>(), styles: new Set<string>() };
  closure(manifest, pageKey, page);
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
