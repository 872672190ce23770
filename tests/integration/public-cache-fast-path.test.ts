// The public cache's fast path in front of the app's Node listener: a visitor's cached GET is answered
// without reaching the app (same body, headers, ETag and 304 as the app's own answer); a miss, a
// signed-in request, a write or another method goes through the app.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync } from 'node:zlib';
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createPublicCache,
  invalidatePublicCache,
  publicCacheable,
  servePublicCache,
  withPublicCacheFastPath,
} from '../../src/server/web/public-cache';

let server: Server;
let base: string;
/** Requests the app itself received (the fast path answered the others). */
let reachedApp = 0;
let version = 1;

beforeAll(async () => {
  const cache = createPublicCache();
  const app = new Hono();
  app.use(async (c, next) => {
    c.set('viewerSource', { cookieNames: ['toque.session_token'], resolve: async () => ({ userId: 'u1', role: 'learner', isSubscriber: false, sessionId: 's1', adminSecondFactor: null }) } as never);
    await next();
  });
  app.use(servePublicCache(cache));
  app.get('/api/menu', publicCacheable(), (c) => {
    c.header('x-content-type-options', 'nosniff');
    return c.json({ version, dishes: Array.from({ length: 60 }, (_, i) => `Tourtière no ${i}`) });
  });
  app.post('/api/menu', (c) => {
    version++;
    invalidatePublicCache();
    return c.json({ version });
  });
  const listener = getRequestListener(app.fetch);
  server = createServer(
    withPublicCacheFastPath((req, res) => {
      reachedApp++;
      listener(req, res);
    }, { sessionCookies: ['toque.session_token'], from: [cache] }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the public cache fast path', () => {
  it('answers a visitor from memory once the app has answered once: same body and headers, a fresh request id', async () => {
    const before = reachedApp;
    const first = await fetch(`${base}/api/menu`, { headers: { 'accept-encoding': 'identity' } });
    const firstBody = await first.text();
    const second = await fetch(`${base}/api/menu`, { headers: { 'accept-encoding': 'identity' } });
    expect(await second.text()).toBe(firstBody);
    expect(reachedApp - before).toBe(1);
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(second.headers.get('x-content-type-options')).toBe('nosniff');
    expect(second.headers.get('content-type')).toMatch(/^application\/json/);
    expect(second.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
  });

  it('answers 304 to a matching If-None-Match, Brotli to a client that accepts it, headers only to HEAD', async () => {
    const etag = (await fetch(`${base}/api/menu`)).headers.get('etag')!;
    const before = reachedApp;
    const notModified = await fetch(`${base}/api/menu`, { headers: { 'if-none-match': etag } });
    expect(notModified.status).toBe(304);
    const raw = await new Promise<{ encoding: string | undefined; body: Buffer }>((resolve, reject) => {
      import('node:http').then(({ get }) =>
        get(`${base}/api/menu`, { headers: { 'accept-encoding': 'br' } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (d: Buffer) => chunks.push(d));
          res.on('end', () => resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }));
        }).on('error', reject),
      );
    });
    expect(raw.encoding).toBe('br');
    expect(JSON.parse(brotliDecompressSync(raw.body).toString()).dishes).toHaveLength(60);
    const head = await fetch(`${base}/api/menu`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    expect(reachedApp).toBe(before);
  });

  it('lets a signed-in request, a write and the first read after it through to the app', async () => {
    await fetch(`${base}/api/menu`);
    const before = reachedApp;
    await fetch(`${base}/api/menu`, { headers: { cookie: 'toque.session_token=abc.def' } });
    expect(reachedApp - before).toBe(1);
    const written = (await (await fetch(`${base}/api/menu`, { method: 'POST' })).json()) as { version: number };
    expect(reachedApp - before).toBe(2);
    const after = (await (await fetch(`${base}/api/menu`)).json()) as { version: number };
    expect(after.version).toBe(written.version);
    expect(reachedApp - before).toBe(3);
  });

  it("decides who is a visitor by the session cookie's exact name, as the viewer does", async () => {
    await fetch(`${base}/api/menu`);
    const before = reachedApp;
    // Another site's cookie whose name merely ends the same way: a visitor, answered from memory.
    await fetch(`${base}/api/menu`, { headers: { cookie: 'theme=dark; other.session_token=x' } });
    expect(reachedApp).toBe(before);
    // The session cookie among others: through to the app.
    await fetch(`${base}/api/menu`, { headers: { cookie: 'theme=dark;  toque.session_token=abc.def' } });
    expect(reachedApp - before).toBe(1);
  });
});
