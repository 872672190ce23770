// A receipt opened from an e-mail on a phone, signed out: the e-mail's signed link opens the
// receipt's page and its PDF until the link expires; an altered link, another order's signature
// or an expired one opens nothing and offers sign-in, which comes back to the receipt; the
// signed-in owner (and the admin) open it without a signature, anyone else gets « Page introuvable ».
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCourse, setRole } from '../factories';
import { createPaidOrder } from '../factories/orders';
import { newSignedInUser, send } from '../setup/auth-client';
import { pdfText } from '../setup/pdf-text';
import { createTestApp, type TestApp } from '../setup/test-app';
import { DOCUMENT_LINK_LIFETIME_MS, signedDocumentUrl } from '../../src/server/modules/receipts/document-link';

const PAID_AT = new Date('2026-11-02T17:00:00Z');
let clock = PAID_AT.getTime() + 60_000;

let t: TestApp;
let buyer: { id: string; email: string; cookie: string };
let other: { id: string; email: string; cookie: string };
let order: Awaited<ReturnType<typeof createPaidOrder>>;
let otherOrder: Awaited<ReturnType<typeof createPaidOrder>>;

/** A browser opening an address (as from a mail app): it asks for HTML. */
const BROWSER = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

const open = (path: string, cookie?: string) => send(t, 'GET', path, { headers: BROWSER, ...(cookie ? { cookie } : {}) });
/** The path and query of the e-mail's link, as the server signs it now. */
const emailedLink = (orderId: string) => {
  const url = new URL(signedDocumentUrl(t.deps.config, 'receipt', orderId, PAID_AT));
  return `${url.pathname}${url.search}`;
};

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock) });
  buyer = await newSignedInUser(t, 'Camille Gagnon');
  other = await newSignedInUser(t, 'Autre Personne');
  const bread = (await createCourse(t.db, { title: 'Pain au levain', isLive: false, priceCents: 4999 })).id;
  order = await createPaidOrder(t.db, {
    user: { id: buyer.id, email: buyer.email, name: 'Camille Gagnon' },
    paidAt: PAID_AT,
    items: [{ courseId: bread, description: 'Pain au levain', amountCents: 4999 }],
  });
  otherOrder = await createPaidOrder(t.db, {
    user: { id: other.id, email: other.email, name: 'Autre Personne' },
    paidAt: PAID_AT,
    items: [{ courseId: bread, description: 'Pain au levain', amountCents: 4999 }],
  });
});
afterAll(() => t.close());

describe('the signed link of an e-mailed receipt', () => {
  it('opens the receipt page signed out, with its PDF download carrying the same signature', async () => {
    const link = emailedLink(order.id);
    expect(link).toMatch(new RegExp(`^/documents/recu/${order.id}\\?expire=\\d+&signature=[\\w-]{43}$`));
    const res = await open(link);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    const html = await res.text();
    expect(html).toContain(`Reçu n° ${order.number}`);
    expect(html).toContain('Camille Gagnon');
    const pdfHref = /href="([^"]+)" download=/.exec(html)![1]!.replaceAll('&amp;', '&');
    expect(pdfHref).toBe(`/documents/recu/${order.id}/pdf${link.slice(link.indexOf('?'))}`);

    const pdf = await send(t, 'GET', pdfHref);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdfText(new Uint8Array(await pdf.arrayBuffer()))).toContain(`Reçu n° ${order.number}`);
  });

  it('refuses an altered link: another signature, another date, another order — and offers sign-in back to the receipt', async () => {
    const link = emailedLink(order.id);
    const url = new URL(link, 'http://toque.test');
    const signature = url.searchParams.get('signature')!;
    const expire = url.searchParams.get('expire')!;
    const flipped = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    const tampered = [
      `/documents/recu/${order.id}?expire=${expire}&signature=${flipped}`,
      `/documents/recu/${order.id}?expire=${Number(expire) + 86_400}&signature=${signature}`,
      // The buyer's signature on someone else's receipt.
      `/documents/recu/${otherOrder.id}?expire=${expire}&signature=${signature}`,
      `/documents/recu/${order.id}?expire=${expire}`,
      `/documents/recu/${order.id}/pdf?expire=${expire}&signature=${flipped}`,
    ];
    for (const path of tampered) {
      const res = await open(path);
      expect(res.status, path).toBe(401);
      const html = await res.text();
      expect(html, path).toContain('Ce lien n’est pas valide');
      expect(html, path).not.toContain('Camille Gagnon');
      expect(html, path).not.toContain('Autre Personne');
      const target = path.startsWith(`/documents/recu/${otherOrder.id}`) ? otherOrder.id : order.id;
      expect(html, path).toContain(`href="/?connexion=1&amp;retour=%2Fdocuments%2Frecu%2F${target}"`);
    }
  });

  it('expires after its lifetime, counted from the payment: then sign-in, and the owner reads it signed in', async () => {
    const link = emailedLink(order.id);
    clock = PAID_AT.getTime() + DOCUMENT_LINK_LIFETIME_MS.receipt - 1000;
    expect((await open(link)).status).toBe(200);
    clock = PAID_AT.getTime() + DOCUMENT_LINK_LIFETIME_MS.receipt + 1000;
    try {
      const expired = await open(link);
      expect(expired.status).toBe(401);
      const html = await expired.text();
      expect(html).toContain('Ce lien a expiré');
      expect(html).toContain('Se connecter');
      expect(html).not.toContain('Pain au levain');
      // Signed in, the same (expired) link is the owner's way in.
      const mine = await open(link, buyer.cookie);
      expect(mine.status).toBe(200);
      expect(await mine.text()).toContain(`Reçu n° ${order.number}`);
    } finally {
      clock = PAID_AT.getTime() + 60_000;
    }
  });
});

describe('the receipt page without a signature', () => {
  it('is the owner’s and the admin’s; another person gets « Page introuvable », a visitor sign-in', async () => {
    const page = `/documents/recu/${order.id}`;
    const mine = await open(page, buyer.cookie);
    expect(mine.status).toBe(200);
    expect(await mine.text()).toContain('href="/documents/recu/' + order.id + '/pdf"');
    expect((await send(t, 'GET', `${page}/pdf`, { cookie: buyer.cookie })).status).toBe(200);

    const stranger = await open(page, other.cookie);
    expect(stranger.status).toBe(404);
    const strangerHtml = await stranger.text();
    expect(strangerHtml).toContain('Page introuvable');
    expect(strangerHtml).not.toContain('Camille Gagnon');
    expect((await send(t, 'GET', `${page}/pdf`, { cookie: other.cookie })).status).toBe(404);

    const visitor = await open(page);
    expect(visitor.status).toBe(401);
    expect(await visitor.text()).toContain('Connectez-vous pour voir ce document');

    const admin = await newSignedInUser(t, 'Cheffe Admin');
    await setRole(t.db, admin.id, 'admin');
    expect((await open(page, admin.cookie)).status).toBe(200);
  });

  it('a receipt that does not exist (or a malformed id) is « Page introuvable »', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'pas-un-id']) {
      const res = await open(`/documents/recu/${id}`, buyer.cookie);
      expect(res.status).toBe(404);
      expect(await res.text()).toContain('Page introuvable');
    }
  });
});
