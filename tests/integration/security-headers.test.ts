// Security headers (checklist H2, V2): every kind of answer — page, JSON, error, CSV, PDF, ICS,
// image, video, static file — carries the strict Content-Security-Policy, nosniff, the referrer,
// opener and permissions policies and a Content-Type that names its charset when it is text;
// Stripe's hosts are allowed only when Stripe takes the payments; HSTS only in production.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCourse, putImage, setRole } from '../factories';
import { createPaidOrder } from '../factories/orders';
import { createFeed } from '../factories/calendar';
import { newSignedInUser, send } from '../setup/auth-client';
import { createTestApp, type TestApp } from '../setup/test-app';

let t: TestApp;
let learner: { id: string; cookie: string };
let admin: { id: string; cookie: string };
let orderId: string;
let feedPath: string;

beforeAll(async () => {
  t = await createTestApp();
  // Before the first request, while the router still takes routes: an unexpected failure.
  t.app.get('/api/__probe/boom', () => {
    throw new Error('panne de test');
  });
  learner = await newSignedInUser(t, 'Léa Apprenante');
  admin = await newSignedInUser(t, 'Cheffe Admin');
  await setRole(t.db, admin.id, 'admin');
  const course = await createCourse(t.db, { priceCents: 4900 });
  orderId = (await createPaidOrder(t.db, { user: { id: learner.id }, items: [{ courseId: course.id, description: 'Cours', amountCents: 4900 }] })).id;
  feedPath = new URL((await createFeed(t, learner.cookie)).url).pathname;
  await putImage(t.deps.storage, 'seed/recipes/photo.png', 800, 500);
  await t.deps.storage.put('seed/videos/cours.mp4', Buffer.from('not really a video'), 'video/mp4');
});
afterAll(() => t.close());

/** [label, request, expected Content-Type]: one of each kind of answer the server gives. */
const ANSWERS: [string, () => Response | Promise<Response>, RegExp][] = [
  ['a page (HTML)', () => t.request('/'), /^text\/html; charset=utf-8$/i],
  ['a missing page (HTML 404)', () => t.request('/nulle-part'), /^text\/html; charset=utf-8$/i],
  ['JSON', () => t.request('/api/courses'), /^application\/json; charset=utf-8$/i],
  ['a JSON 404', () => t.request('/api/nulle-part'), /^application\/json; charset=utf-8$/i],
  ['a JSON 401', () => t.request('/api/notifications'), /^application\/json; charset=utf-8$/i],
  ['a JSON 400', () => send(t, 'POST', '/api/auth/sign-in/email', { body: { email: 42 } }), /^application\/json; charset=utf-8$/i],
  ['a 500', () => t.request('/api/__probe/boom'), /^application\/json; charset=utf-8$/i],
  ['CSV', () => send(t, 'GET', '/api/admin/sales/orders.csv?from=2026-01&to=2026-02', { cookie: admin.cookie }), /^text\/csv; charset=utf-8$/i],
  ['PDF', () => send(t, 'GET', `/api/orders/${orderId}/receipt.pdf`, { cookie: learner.cookie }), /^application\/pdf$/],
  ['ICS', () => t.request(feedPath), /^text\/calendar; charset=utf-8$/i],
  ['an image', () => t.request('/media/seed/recipes/photo.png?w=320'), /^image\/webp$/],
  ['a video', () => t.request('/media/seed/videos/cours.mp4'), /^video\/mp4$/],
  ['robots.txt', () => t.request('/robots.txt'), /^text\/plain; charset=utf-8$/i],
  ['sitemap.xml', () => t.request('/sitemap.xml'), /^application\/xml; charset=utf-8$/i],
  ['a built file', () => t.request('/favicon.svg'), /^image\/svg\+xml/],
];

function directives(csp: string | null): Map<string, string[]> {
  return new Map(
    (csp ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

describe('every kind of answer', () => {
  it.each(ANSWERS)('%s carries the security headers', async (_label, request, contentType) => {
    const res = await request();
    expect(res.status).toBeLessThan(600);
    expect(res.headers.get('content-type')).toMatch(contentType);
    const csp = directives(res.headers.get('content-security-policy'));
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('x-powered-by')).toBeNull();
    if (/^application\/json/.test(res.headers.get('content-type') ?? '')) {
      // Data, never a document: nothing may load, run or frame it, and the document-only headers stay off.
      expect(Object.fromEntries(csp)).toEqual({ 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] });
      expect(res.headers.get('permissions-policy')).toBeNull();
      expect(res.headers.get('cross-origin-opener-policy')).toBeNull();
    } else {
      // Receipts send a stricter policy of their own (nothing but the document itself).
      if (csp.get('default-src')?.[0] !== "'none'") {
        expect(csp.get('default-src')).toEqual(["'self'"]);
        expect(csp.get('script-src')).toEqual(["'self'"]);
      }
      expect(csp.get('object-src') ?? csp.get('default-src')).toEqual(["'none'"]);
      expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
      expect(res.headers.get('permissions-policy')).toContain('screen-wake-lock=(self)');
    }
    // Not in test (plain http): HSTS is the production server's.
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });

  it('answers the 500 without its cause', async () => {
    const body = await (await t.request('/api/__probe/boom')).text();
    expect(body).not.toContain('panne de test');
    expect(body).not.toMatch(/at .+\.ts:\d+/);
  });
});

describe('the Content-Security-Policy of the site', () => {
  it('has every required directive and allows no inline or evaluated script', async () => {
    const csp = directives((await t.request('/')).headers.get('content-security-policy'));
    expect(Object.fromEntries(csp)).toMatchObject({
      'default-src': ["'self'"],
      'script-src': ["'self'"],
      'script-src-attr': ["'none'"],
      'connect-src': ["'self'"],
      'img-src': ["'self'", 'data:', 'blob:'],
      'media-src': ["'self'", 'blob:'],
      'font-src': ["'self'"],
      'frame-src': ["'none'"],
      'object-src': ["'none'"],
      'base-uri': ["'none'"],
      'frame-ancestors': ["'none'"],
      'form-action': ["'self'"],
    });
    for (const [name, values] of csp) {
      if (name.startsWith('script-src') || name === 'default-src') {
        expect(values, name).not.toContain("'unsafe-inline'");
        expect(values, name).not.toContain("'unsafe-eval'");
      }
    }
    // Without an https:// address there is nothing to upgrade to.
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
  });

  it('embeds the page data as a JSON block, never as an inline script', async () => {
    const html = await (await t.request('/')).text();
    const inline = [...html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/g)].filter(([, attrs = '', text]) => text!.trim() && !/type="application\/(ld\+)?json"/.test(attrs));
    expect(inline.map(([tag]) => tag.slice(0, 80))).toEqual([]);
  });
});

describe('with Stripe, in production', () => {
  let stripe: TestApp;
  beforeAll(async () => {
    stripe = await createTestApp({
      config: {
        env: 'production',
        publicUrl: 'https://toque.example',
        payments: { provider: 'stripe', secretKey: 'sk_test_x', publishableKey: 'pk_test_x', webhookSecret: 'whsec_x' },
      },
    });
  });
  afterAll(() => stripe.close());

  it("allows Stripe's script, frames and API, and only those", async () => {
    const res = await stripe.request('/');
    const csp = directives(res.headers.get('content-security-policy'));
    expect(csp.get('script-src')).toEqual(["'self'", 'https://js.stripe.com']);
    expect(csp.get('frame-src')).toEqual(['https://js.stripe.com', 'https://hooks.stripe.com']);
    expect(csp.get('connect-src')).toEqual(["'self'", 'https://api.stripe.com']);
    expect(csp.has('upgrade-insecure-requests')).toBe(true);
    expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  });

  it("the sandbox's site names no Stripe host", async () => {
    const csp = (await t.request('/')).headers.get('content-security-policy');
    expect(csp).not.toContain('stripe');
  });
});
