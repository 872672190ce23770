// The site outside /api and /media: robots.txt, sitemap.xml, the share image, the built SPA's
// files (hashed assets cached for a year), and every page path answered with index.html whose
// head and initial data fit the route (see pages.ts).
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../http/app-env';
import type { Deps } from '../deps';
import { getViewer } from '../http/viewer';
import type { PublicServices } from '../modules/services';
import { scriptJson } from './html/escape';
import { INITIAL_DATA_ID, ME_INITIAL_DATA_KEY } from '@shared/initial-data';
import type { MeResponse } from '@shared/schemas/auth';
import { sameSitePath } from '@shared/same-site-path';
import { entryFonts, manifestLoader, pagePreloads } from './html/manifest';
import { renderOrShell, ssrLoader } from './html/ssr';
import { templateLoader } from './html/template';
import { notFoundPage, PAGE_ROUTES, type PageContext, type ResolvedPage, type SignedInRender } from './pages';
import { publicCacheable } from './public-cache';
import { renderHead } from './seo/head';
import { imageSizeReader } from './seo/images';
import { defaultOgImage } from './seo/og-image';
import { buildRobots, buildSitemap } from './sitemap';

/** A path whose last segment has an extension is a file request, never a page. */
const looksLikeFile = (p: string) => /\.[A-Za-z0-9]+$/.test(p.slice(p.lastIndexOf('/') + 1));

/**
 * A GET of the app's own API (`path` without /api) as the request with `headers` would make it: the
 * same guards and answers as over the network (app.ts), for a signed-in page's first reads.
 */
export type ReadApi = (path: string, headers: Headers) => Promise<Response>;

type Rendered = { app: string; data?: Record<string, unknown>; personal?: boolean };

export function webRoutes(deps: Deps, services: PublicServices, readApi?: ReadApi) {
  const app = new Hono<AppEnv>();
  const clientDir = deps.config.clientDir;
  const relRoot = path.relative(process.cwd(), clientDir) || '.';
  const base = deps.config.publicUrl;
  const template = templateLoader(clientDir);
  const manifest = manifestLoader(clientDir);
  const renderer = ssrLoader(clientDir, deps.logger);
  // Imported now rather than by the first visitor, whose page would wait for it (React, the icons…).
  void renderer();
  const sizeOf = imageSizeReader(deps.storage);

  app.get('/robots.txt', (c) => {
    c.header('Cache-Control', 'public, max-age=3600');
    return c.text(buildRobots(base));
  });

  app.get('/sitemap.xml', publicCacheable(), async (c) => {
    const builtAt = await template().then((t) => t.builtAt, () => deps.now());
    return c.body(await buildSitemap(base, services, builtAt), 200, { 'Content-Type': 'application/xml; charset=utf-8' });
  });

  app.get('/og-image.png', async (c) => {
    c.header('Content-Type', 'image/png');
    c.header('Cache-Control', 'public, max-age=86400');
    return c.body(new Uint8Array(await defaultOgImage()));
  });

  app.use(
    '/assets/*',
    async (c, next) => {
      await next();
      if (c.res.status === 200) c.header('Cache-Control', 'public, max-age=31536000, immutable');
    },
    serveStatic({ root: relRoot, precompressed: true }),
  );
  // A missing hashed file is a plain 404, not a page.
  app.get('/assets/*', (c) => c.text('Fichier introuvable.', 404));

  // The template itself is never sent raw: its address is the home page.
  app.get('/index.html', (c) => c.redirect('/', 301));
  // Top-level files of the build (favicon…). Page paths skip the disk entirely; hidden paths
  // (.vite/manifest.json) are the build's own business.
  const staticFiles = serveStatic({ root: relRoot, index: '', precompressed: true });
  app.use('*', (c, next) => (looksLikeFile(c.req.path) && !c.req.path.includes('/.') ? staticFiles(c, next) : next()));

  // A trailing slash is the same page: one address per page for search engines. The target is
  // built from the address as sent (still percent-encoded: '/%5Chost/' stays '/%5Chost'), its
  // repeated slashes folded ('//host/' is '/host', never another site), and judged by sameSitePath.
  app.use('*', async (c, next) => {
    const p = c.req.path;
    if (p.length > 1 && p.endsWith('/') && (c.req.method === 'GET' || c.req.method === 'HEAD')) {
      const url = new URL(c.req.url);
      const bare = url.pathname.replace(/\/+$/, '').replace(/\/{2,}/g, '/') || '/';
      return c.redirect(sameSitePath(`${bare}${url.search}`), 301);
    }
    return next();
  });

  /**
   * A visitor's public page, rendered for its bare path (its HTML never depends on the query string),
   * with what /api/me would answer them: the same data goes out in the JSON block for the hydration.
   */
  async function rendered(c: Context, page: ResolvedPage, ctx: PageContext): Promise<Rendered> {
    if (ctx.viewer.userId !== null && page.signedIn) return renderedSignedIn(c, page, page.signedIn, ctx);
    if (!page.prerender || ctx.viewer.userId !== null) return { app: '', data: page.data };
    const data = { ...page.data, [ME_INITIAL_DATA_KEY]: { user: null } satisfies MeResponse };
    const app = await renderOrShell(await renderer(), c.req.path, data, deps.logger, deps.now);
    return app ? { app, data } : { app, data: page.data };
  }

  /**
   * A signed-in person's page, rendered with what its first screen reads (/api/me and the page's own
   * reads, asked of the API itself with the request's cookie: the same guards decide), so that it
   * paints with the HTML instead of after its code and its requests (decision 0045). Anything but
   * a 200 from every read, or a render that fails, sends the shell: the page then does as before.
   */
  async function renderedSignedIn(c: Context, page: ResolvedPage, plan: SignedInRender, ctx: PageContext): Promise<Rendered> {
    const shell = { app: '', data: page.data };
    if (!readApi || ctx.viewer.role !== plan.role) return shell;
    const headers = new Headers({ accept: 'application/json', cookie: c.req.header('cookie') ?? '' });
    const keys = [ME_INITIAL_DATA_KEY, ...plan.reads];
    const answers = await Promise.all(keys.map((key) => readApi(key, headers)));
    // /api/me keeps the session's cookie going (pushed further on use): the page's answer does it now.
    for (const cookie of answers[0]!.headers.getSetCookie()) c.header('set-cookie', cookie, { append: true });
    if (answers.some((res) => res.status !== 200)) return shell;
    const data: Record<string, unknown> = { ...page.data };
    await Promise.all(answers.map(async (res, i) => void (data[keys[i]!] = await res.json())));
    if (!(data[ME_INITIAL_DATA_KEY] as MeResponse).user) return shell;
    const app = await renderOrShell(await renderer(), c.req.path, data, deps.logger, deps.now);
    return app ? { app, data, personal: true } : shell;
  }

  async function send(c: Context, page: ResolvedPage, ctx: PageContext) {
    const [html, files, { app, data: pageData, personal }] = await Promise.all([template(), manifest(), rendered(c, page, ctx)]);
    const preloads = page.module ? pagePreloads(files, page.module, personal ? page.signedIn?.modules : undefined) : undefined;
    const head = renderHead({
      ...page.head,
      preloads: app && preloads ? { ...preloads, fonts: entryFonts(files) } : preloads,
      imagePreload: page.imagePreload,
      serverRendered: Boolean(app),
    });
    // Data, not code: a JSON block the browser never runs, so the CSP needs no inline script.
    const data = pageData ? `<script type="application/json" id="${INITIAL_DATA_ID}">${scriptJson(pageData)}</script>` : '';
    // A page that carries one person's data is kept by no cache, the browser's included.
    c.header('Cache-Control', personal ? 'private, no-store' : 'no-cache');
    return c.html(html.render({ head, data, app }), page.status);
  }

  const context = async (c: Context): Promise<PageContext> => ({ base, services, viewer: await getViewer(c), sizeOf });

  // The reset link's token is in this page's address: no Referer may carry it to another site.
  app.use('/update-password', async (c, next) => {
    await next();
    c.header('Referrer-Policy', 'no-referrer');
  });

  // A page's HTML does not depend on its query string: only the bare path is kept.
  const cachePage = publicCacheable({ withoutQuery: true });
  for (const [pattern, load] of PAGE_ROUTES) {
    app.get(pattern, cachePage, async (c) => {
      const ctx = await context(c);
      return send(c, await load(ctx, c.req.param()), ctx);
    });
  }
  app.get('*', async (c) => {
    const ctx = await context(c);
    return send(c, notFoundPage(ctx), ctx);
  });
  return app;
}
