// The server's page table must follow the client's router: every route of
// src/client/app/router.tsx is served (no 404 for a real page) and preloads that route's own
// lazy chunk. Built from the router's source, so a route added there and forgotten here fails.
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, fixtureClientDir, type TestApp } from '../setup/test-app';
import { rootDir } from '../setup/test-db';
import { manifestLoader, pagePreloads } from '../../src/server/web/html/manifest';
import { links } from './html-helpers';

type ClientRoute = { path: string; module: string | null };

/** Each `path: '…'` of the router with the module its `import('…')` names on the same line, if any. */
async function clientRoutes(): Promise<ClientRoute[]> {
  const source = await readFile(path.join(rootDir, 'src/client/app/router.tsx'), 'utf8');
  const routes: ClientRoute[] = [];
  for (const line of source.split('\n')) {
    const p = /path: '([^']+)'/.exec(line);
    const index = /index: true/.test(line);
    if (!p && !index) continue;
    const imported = /import\('([^']+)'\)/.exec(line)?.[1];
    // Relative to src/client/app; the manifest names modules relative to src/client, with extension.
    const module = imported ? `${path.posix.join('app', imported).replace(/^\.\//, '')}.tsx` : null;
    routes.push({ path: index ? '/' : `/${p![1]}`, module });
  }
  return routes;
}

let t: TestApp;
let clientDir: string;
let routes: ClientRoute[];

beforeAll(async () => {
  routes = await clientRoutes();
  // A client build whose manifest has one chunk per page module of the router.
  clientDir = await mkdtemp(path.join(os.tmpdir(), 'toque-client-'));
  await cp(fixtureClientDir, clientDir, { recursive: true });
  const manifest: Record<string, unknown> = { 'index.html': { file: 'assets/index-Bfix0001.js', isEntry: true } };
  for (const r of routes) if (r.module) manifest[r.module] = { file: `assets/${path.basename(r.module, '.tsx')}-chunk.js`, isDynamicEntry: true };
  await writeFile(path.join(clientDir, '.vite/manifest.json'), JSON.stringify(manifest));
  t = await createTestApp({ clientDir });
});
afterAll(async () => {
  await t.close();
  await rm(clientDir, { recursive: true, force: true });
});

it('reads a good number of routes from the router', () => {
  expect(routes.length).toBeGreaterThan(25);
  expect(routes).toContainEqual({ path: '/recettes/:recipeId', module: 'features/recipes/RecipeDetailPage.tsx' });
});

it('serves every client route with its own page chunk preloaded', async () => {
  for (const route of routes) {
    const url = route.path === '*' || route.path === '/*' ? '/une-adresse-inconnue' : route.path.replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000000');
    const res = await t.request(url);
    const html = await res.text();
    const isDetail = /\/:[A-Za-z]+$/.test(route.path) && /^\/(cours|recettes|chefs)\//.test(route.path);
    const isCatchAll = url === '/une-adresse-inconnue';
    // Unknown ids of public details and unknown addresses are 404 pages; every other route is a 200.
    expect(res.status, url).toBe(isDetail || isCatchAll ? 404 : 200);
    if (route.module) {
      expect(links(html, 'modulepreload').join('\n'), url).toContain(`/assets/${path.basename(route.module, '.tsx')}-chunk.js`);
    }
  }
});

it('a build without a manifest means no hints, not an error', async () => {
  const none = await manifestLoader(path.join(os.tmpdir(), 'toque-no-such-build'))();
  expect(none).toEqual({});
  expect(pagePreloads(none, 'features/home/HomePage.tsx')).toEqual({ modules: [], styles: [] });
});
