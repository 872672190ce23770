// Nobody lands on raw JSON: a browser that opens an /api address answering an error (an old
// e-mail's receipt link, a new tab) gets a French page with the same status; fetch and other API
// clients, which ask for JSON or anything, keep the JSON error.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@shared/errors';
import { createCourse } from '../factories';
import { createPaidOrder } from '../factories/orders';
import { newSignedInUser, send } from '../setup/auth-client';
import { createTestApp, type TestApp } from '../setup/test-app';

const BROWSER = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8' };

let t: TestApp;
let buyer: { id: string; email: string; cookie: string };
let orderId: string;

beforeAll(async () => {
  t = await createTestApp();
  buyer = await newSignedInUser(t, 'Camille Gagnon');
  const bread = (await createCourse(t.db, { title: 'Pain au levain', isLive: false, priceCents: 4999 })).id;
  orderId = (await createPaidOrder(t.db, { user: { id: buyer.id, email: buyer.email }, items: [{ courseId: bread, description: 'Pain au levain', amountCents: 4999 }] })).id;
});
afterAll(() => t.close());

async function page(res: Response) {
  expect(res.headers.get('content-type')).toMatch(/^text\/html; charset=utf-8/i);
  expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
  const html = await res.text();
  expect(html).toContain('<html lang="fr-CA">');
  expect(html).not.toContain('"error"');
  return html;
}

describe('an /api address opened in a browser', () => {
  it('401: « Connectez-vous » with a sign-in that comes back to the same address', async () => {
    const path = `/api/orders/${orderId}/receipt`;
    const res = await send(t, 'GET', path, { headers: BROWSER });
    expect(res.status).toBe(401);
    const html = await page(res);
    expect(html).toContain('Connectez-vous pour continuer');
    expect(html).toContain(`href="/?connexion=1&amp;retour=${encodeURIComponent(path)}"`);
    // Signed in, the same address is the receipt.
    expect((await send(t, 'GET', path, { headers: BROWSER, cookie: buyer.cookie })).status).toBe(200);
  });

  it('404: « Page introuvable », for a route that does not exist and for something not found', async () => {
    for (const path of ['/api/pas-une-route', `/api/orders/00000000-0000-4000-8000-000000000000/receipt`, '/api/courses/00000000-0000-4000-8000-000000000000']) {
      const res = await send(t, 'GET', path, { headers: BROWSER, cookie: buyer.cookie });
      expect(res.status, path).toBe(404);
      expect(await page(res), path).toContain('Page introuvable');
    }
  });

  it('403: « Accès refusé » with the reason in French', async () => {
    const res = await send(t, 'GET', '/api/admin/orders', { headers: BROWSER, cookie: buyer.cookie });
    expect(res.status).toBe(403);
    const html = await page(res);
    expect(html).toContain('Accès refusé');
  });

  it('409 and others: the French message of the error', async () => {
    const bread = (await createCourse(t.db, { title: 'Brioche', isLive: false, priceCents: 2000 })).id;
    const pending = await createPaidOrder(t.db, { user: { id: buyer.id, email: buyer.email }, status: 'pending', items: [{ courseId: bread, description: 'Brioche', amountCents: 2000 }] });
    const res = await send(t, 'GET', `/api/orders/${pending.id}/receipt`, { headers: BROWSER, cookie: buyer.cookie });
    expect(res.status).toBe(409);
    expect(await page(res)).toContain('Le reçu sera disponible une fois le paiement confirmé.');
  });
});

describe('API clients keep JSON', () => {
  it.each([
    ['fetch’s default', '*/*'],
    ['the app’s client', 'application/json'],
    ['no Accept header', undefined],
  ])('%s', async (_name, accept) => {
    const res = await send(t, 'GET', `/api/orders/${orderId}/receipt`, { headers: accept ? { accept } : {} });
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(((await res.json()) as ApiErrorBody).error.code).toBe('UNAUTHENTICATED');
  });

  it('a write is answered in JSON even from a page that accepts HTML', async () => {
    const res = await send(t, 'POST', '/api/favorites/00000000-0000-4000-8000-000000000000', { headers: BROWSER, body: {} });
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  });
});
