// The public response cache: strong ETags, 304 on If-None-Match, invalidation by writes, and
// only successful visitor answers kept.
import { brotliDecompressSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecipeListResponse } from '@shared/schemas/public';
import { Hono } from 'hono';
import {
  createPublicCache,
  etagMatches,
  invalidatePublicCache,
  publicCacheable,
  PublicResponseCache,
  servePublicCache,
} from '../../src/server/web/public-cache';
import { createRecipe } from '../factories';
import { createTestApp, type TestApp } from '../setup/test-app';
import { until } from '../setup/until';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await createRecipe(t.db, { name: 'Tarte au sucre' });
});
afterAll(() => t.close());

/** A change the app is not told about (no invalidation), to see what the cache keeps. */
async function rename(from: string, to: string) {
  await t.deps.database.db.execute(sql`update recipes set name = ${to} where name = ${from}`);
}

describe('public API answers', () => {
  it('carry a strong ETag and no-cache, and answer 304 when the browser has them', async () => {
    const first = await t.request('/api/recipes');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const again = await t.request('/api/recipes', { headers: { 'If-None-Match': etag! } });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect(await again.text()).toBe('');
    const other = await t.request('/api/recipes', { headers: { 'If-None-Match': '"autre"' } });
    expect(other.status).toBe(200);
    expect(((await other.json()) as RecipeListResponse).total).toBe(1);
  });

  it('are served from memory until a write invalidates them', async () => {
    const before = await t.request('/api/recipes');
    const etag = before.headers.get('etag')!;
    // A change the app does not know of stays unseen (the TTL bounds this)…
    await rename('Tarte au sucre', 'Tarte au sirop');
    expect(((await (await t.request('/api/recipes')).json()) as RecipeListResponse).recipes[0]?.name).toBe('Tarte au sucre');
    // …and a write through the app's path (here the factory) clears the cache.
    await createRecipe(t.db, { name: 'Pouding chômeur' });
    const after = await t.request('/api/recipes', { headers: { 'If-None-Match': etag } });
    expect(after.status).toBe(200);
    const body = (await after.json()) as RecipeListResponse;
    expect(body.total).toBe(2);
    expect(body.recipes.map((r) => r.name)).toContain('Tarte au sirop');
    expect(after.headers.get('etag')).not.toBe(etag);
  });

  it('keep answers apart by query string, and never keep errors', async () => {
    const names = async (url: string) => ((await (await t.request(url)).json()) as RecipeListResponse).recipes.map((r) => r.name);
    expect(await names('/api/recipes?category=dessert')).toContain('Pouding chômeur');
    // Changed behind the app's back: a kept answer still shows the old name, a new query the new one.
    await rename('Pouding chômeur', 'Pouding au pain');
    expect(await names('/api/recipes?category=dessert')).toContain('Pouding chômeur');
    expect(await names('/api/recipes?category=dessert&limit=50')).toContain('Pouding au pain');
    const bad = await t.request('/api/recipes?category=inconnue');
    expect(bad.status).toBe(400);
    expect(bad.headers.get('etag')).toBeNull();
    const missing = await t.request('/api/recipes/00000000-0000-4000-8000-000000000000');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('etag')).toBeNull();
  });

  it('replay the headers of the first answer, security headers included', async () => {
    const first = await t.request('/api/chefs');
    const hit = await t.request('/api/chefs');
    for (const name of ['content-type', 'x-content-type-options', 'x-frame-options', 'referrer-policy', 'etag', 'vary']) {
      expect(hit.headers.get(name), name).toBe(first.headers.get(name));
    }
    expect(hit.headers.get('x-request-id')).toBeTruthy();
    expect(hit.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
    expect(await hit.text()).toBe(await first.text());
  });

  it('apply to page HTML too, but not to pages with a query string', async () => {
    const first = await t.request('/recettes');
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const again = await t.request('/recettes', { headers: { 'If-None-Match': `W/${etag}, "x"` } });
    expect(again.status).toBe(304);

    await rename('Pouding au pain', 'Pouding aux bleuets');
    expect(await (await t.request('/recettes')).text()).not.toContain('Pouding aux bleuets');
    // With tracking parameters the page is made afresh each time (not kept: they would fill the cache).
    const tracked = await t.request('/recettes?utm_source=infolettre');
    expect(tracked.status).toBe(200);
    expect(await tracked.text()).toContain('Pouding aux bleuets');
  });
});

describe('servePublicCache', () => {
  /** A bare app with the cache in front of one slow route that counts how often it runs. */
  function slowApp(status = 200) {
    let runs = 0;
    const app = new Hono();
    app.use(servePublicCache(createPublicCache()));
    app.get('/lent', publicCacheable(), async (c) => {
      runs++;
      await new Promise((r) => setTimeout(r, 30));
      return c.json({ runs }, status as 200);
    });
    return { app, runs: () => runs };
  }

  it('computes a missing answer once for many simultaneous requests', async () => {
    const { app, runs } = slowApp();
    const answers = await Promise.all(Array.from({ length: 20 }, () => app.request('/lent')));
    expect(runs()).toBe(1);
    expect(new Set(await Promise.all(answers.map((r) => r.text())))).toEqual(new Set(['{"runs":1}']));
    expect(new Set(answers.map((r) => r.headers.get('etag'))).size).toBe(1);
  });

  it('lets each waiting request compute its own when the first answer is not shareable', async () => {
    const { app, runs } = slowApp(503);
    const answers = await Promise.all(Array.from({ length: 5 }, () => app.request('/lent')));
    expect(answers.map((r) => r.status)).toEqual(Array(5).fill(503));
    expect(runs()).toBe(5);
  });

  it('does not hand waiting requests an answer computed across a write', async () => {
    const { app, runs } = slowApp();
    const first = app.request('/lent');
    // The write comes while the first answer is being computed.
    await until('the first answer under way', runs, (n) => n === 1, 5_000, 1);
    invalidatePublicCache();
    const second = app.request('/lent');
    expect(await (await first).text()).toBe('{"runs":1}');
    expect(await (await second).text()).toBe('{"runs":2}');
    expect(runs()).toBe(2);
  });
});

describe('PublicResponseCache', () => {
  const TEXT = { 'content-type': 'text/plain' };

  it('forgets an answer after its time to live', () => {
    let now = 1_000;
    const cache = new PublicResponseCache({ ttlMs: 60_000, maxBytes: 1_000, clock: () => now });
    cache.set('/a', cache.generation, '{"a":1}', { 'content-type': 'application/json' });
    expect(cache.get('/a')?.body).toBe('{"a":1}');
    now += 60_000;
    expect(cache.get('/a')).toBeUndefined();
  });

  it('drops the least recently used answers beyond its size', () => {
    // Each 10-character answer holds 20 bytes (as text and as encoded bytes; too short to compress): room for two.
    const cache = new PublicResponseCache({ ttlMs: 60_000, maxBytes: 50 });
    cache.set('/a', 0, 'a'.repeat(10), TEXT);
    cache.set('/b', 0, 'b'.repeat(10), TEXT);
    cache.get('/a');
    cache.set('/c', 0, 'c'.repeat(10), TEXT);
    expect(cache.get('/b')).toBeUndefined();
    expect(cache.get('/a')).toBeDefined();
    expect(cache.get('/c')).toBeDefined();
  });

  it('does not store an answer computed before a clear', () => {
    const cache = new PublicResponseCache({ ttlMs: 60_000, maxBytes: 1_000 });
    const generation = cache.generation;
    cache.clear();
    const entry = cache.set('/a', generation, 'old', TEXT);
    expect(entry.etag).toBeTruthy();
    expect(cache.get('/a')).toBeUndefined();
  });

  it('compares ETags weakly for If-None-Match', () => {
    expect(etagMatches('"abc"', '"abc"')).toBe(true);
    expect(etagMatches('W/"abc"', '"abc"')).toBe(true);
    expect(etagMatches('"x", "abc"', '"abc"')).toBe(true);
    expect(etagMatches('*', '"abc"')).toBe(true);
    expect(etagMatches('"abcd"', '"abc"')).toBe(false);
  });
});

describe('compression of public answers', () => {
  let z: TestApp;
  beforeAll(async () => {
    z = await createTestApp();
    await createRecipe(z.db, { name: 'Soupe aux pois', description: 'Une soupe réconfortante. '.repeat(40) });
  });
  afterAll(() => z.close());

  it('are sent compressed with Brotli to clients that accept it, the same body once decoded', async () => {
    const plain = await z.request('/api/recipes');
    const plainBody = await plain.text();
    expect(plain.headers.get('content-encoding')).toBeNull();
    const packed = await z.request('/api/recipes', { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    expect(packed.headers.get('content-encoding')).toBe('br');
    expect(packed.headers.get('vary')).toContain('Accept-Encoding');
    const bytes = Buffer.from(await packed.arrayBuffer());
    expect(bytes.length).toBeLessThan(Buffer.byteLength(plainBody));
    expect(Number(packed.headers.get('content-length'))).toBe(bytes.length);
    expect(brotliDecompressSync(bytes).toString('utf8')).toBe(plainBody);
    expect(packed.headers.get('etag')).toBe(plain.headers.get('etag'));
  });

});
