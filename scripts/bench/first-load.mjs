// First-load JavaScript of a route, from Vite's manifest: the entry chunk and its static imports, the
// app it imports dynamically once the page has painted (src/client/main.tsx) and its static imports,
// plus the route's lazy page module and its static imports. Each file is gzipped at level 9 and summed;
// the entry's own closure is also given alone: what runs before the first paint.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** Reads router.tsx: route path -> page module as a manifest key ('features/home/HomePage.tsx'). */
export function routeModules(routerFile, manifest) {
  const source = readFileSync(routerFile, 'utf8');
  const routes = new Map();
  const re = /\{\s*(index:\s*true|path:\s*'([^']*)')\s*,\s*lazy:\s*page\(\(\)\s*=>\s*import\('([^']+)'\)\)/g;
  for (const m of source.matchAll(re)) {
    const routePath = m[2] === undefined ? '/' : `/${m[2]}`;
    const fromRoot = path.posix.normalize(path.posix.join('app', m[3])); // router.tsx lives in src/client/app
    const key = ['.tsx', '.ts', '.jsx', '.js'].map((ext) => fromRoot + ext).find((k) => k in manifest);
    if (key) routes.set(routePath, key);
  }
  return routes;
}

function staticClosure(manifest, key, seen = new Set()) {
  if (seen.has(key)) return seen;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`Not in the Vite manifest: ${key}`);
  seen.add(key);
  for (const dep of chunk.imports ?? []) staticClosure(manifest, dep, seen);
  return seen;
}

const gzipCache = new Map();
function gzipSize(file) {
  if (!gzipCache.has(file)) gzipCache.set(file, zlib.gzipSync(readFileSync(file), { level: 9 }).length);
  return gzipCache.get(file);
}

/**
 * @param {string} clientDir dist/client
 * @param {string} routerFile src/client/app/router.tsx
 * @param {string[]} routePaths router paths ('/', '/cours', '/recettes/:recipeId')
 */
export function firstLoadJs(clientDir, routerFile, routePaths) {
  const manifest = JSON.parse(readFileSync(path.join(clientDir, '.vite/manifest.json'), 'utf8'));
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (!entryKey) throw new Error('No entry chunk in the Vite manifest');
  const modules = routeModules(routerFile, manifest);
  return routePaths.map((routePath) => {
    const pageKey = modules.get(routePath);
    if (!pageKey) throw new Error(`No lazy page module found for route ${routePath} in ${routerFile}`);
    const app = (manifest[entryKey].dynamicImports ?? []).flatMap((key) => [...staticClosure(manifest, key)]);
    const keys = new Set([...staticClosure(manifest, entryKey), ...app, ...staticClosure(manifest, pageKey)]);
    const files = [...keys].map((k) => manifest[k].file).filter((f) => f.endsWith('.js'));
    const css = new Set([...keys].flatMap((k) => manifest[k].css ?? []));
    const bytes = files.reduce((sum, f) => sum + gzipSize(path.join(clientDir, f)), 0);
    // Before the first paint the page runs only the entry and its static imports (main.tsx): the app
    // and the route's files are asked for once it has painted (decision 0021).
    const beforePaint = [...staticClosure(manifest, entryKey)].map((k) => manifest[k].file).filter((f) => f.endsWith('.js'));
    const beforePaintBytes = beforePaint.reduce((sum, f) => sum + gzipSize(path.join(clientDir, f)), 0);
    const cssBytes = [...css].reduce((sum, f) => sum + gzipSize(path.join(clientDir, f)), 0);
    return { route: routePath, page: pageKey, files: files.length, gzipBytes: bytes, beforePaintGzipBytes: beforePaintBytes, cssGzipBytes: cssBytes };
  });
}
