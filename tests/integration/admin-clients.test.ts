// « Clients » and « Membres » on the real database: the customers found by name or e-mail with
// accents and case ignored, a page at a time; one person's page; the chef's notes (audited); the
// receipt e-mailed again once per click, even under a double submit; refunding and cancelling a
// seat from the person's page through the refunds module's own path.
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@shared/errors';
import type { AdminClientNoteResponse, AdminClientResponse, AdminClientsResponse, ResendReceiptResponse } from '@shared/schemas/admin-clients';
import type { RefundResponse } from '@shared/schemas/checkout';
import { auditLog, emailDeliveries, favorites, users } from '../../src/server/db/schema';
import { createCourse, createRecipe, createSession, createSubscription, createUser, setRole } from '../factories';
import { createPaidSeat } from '../factories/bookings';
import { createPaidOrder } from '../factories/orders';
import { newSignedInUser, send } from '../setup/auth-client';
import { deliverEvents, newKey } from '../setup/payments';
import { createTestApp, type TestApp } from '../setup/test-app';

// A pinned clock: mid-March 2026 in Montréal.
const NOW = new Date('2026-03-15T16:00:00Z');
let t: TestApp;
let admin: { id: string; email: string; cookie: string };
let learner: { id: string; cookie: string };

beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
  admin = await newSignedInUser(t, 'Cheffe Admin');
  await setRole(t.db, admin.id, 'admin');
  learner = await newSignedInUser(t, 'Léa Curieuse');
});
afterAll(() => t.close());

async function get<T>(path: string, cookie = admin.cookie) {
  const res = await send(t, 'GET', path, { cookie });
  return { status: res.status, body: (await res.json()) as T & ApiErrorBody };
}

async function call<T>(method: 'POST' | 'PATCH', path: string, body: unknown, cookie = admin.cookie) {
  const res = await send(t, method, path, { cookie, body });
  return { status: res.status, body: (await res.json()) as T & ApiErrorBody };
}

const person = (name: string, email: string) => createUser(t.db, { fullName: name, province: 'QC' }, { name, email });

describe('GET /api/admin/clients — search', () => {
  let gagnon: string, gagnonAccent: string, helene: string, other: string;

  beforeAll(async () => {
    gagnon = (await person('Camille Gagnon', 'camille@exemple.test')).id;
    gagnonAccent = (await person('Éric GAGNON-Côté', 'eric.cote@exemple.test')).id;
    helene = (await person('Hélène Bérubé', 'hbe@exemple.test')).id;
    other = (await person('Zoé Tremblay', 'gâteaux.gagnon@exemple.test')).id;
  });

  const search = async (q: string, extra = '') => (await get<AdminClientsResponse>(`/api/admin/clients?q=${encodeURIComponent(q)}${extra}`)).body;

  it('finds by name with case and accents ignored, on either side', async () => {
    expect((await search('gagnon')).clients.map((c) => c.id).sort()).toEqual([gagnon, gagnonAccent, other].sort());
    expect((await search('helene')).clients.map((c) => c.id)).toEqual([helene]);
    expect((await search('HÉLÈNE BERUBE')).clients.map((c) => c.id)).toEqual([helene]);
    expect((await search('eric gagnon-cote')).clients.map((c) => c.id)).toEqual([gagnonAccent]);
    expect((await search('zoe')).clients.map((c) => c.id)).toEqual([other]);
  });

  it('finds by e-mail, accents and case ignored, and takes LIKE wildcards literally', async () => {
    expect((await search('ERIC.COTE@')).clients.map((c) => c.id)).toEqual([gagnonAccent]);
    expect((await search('gateaux.GAGNON')).clients.map((c) => c.id)).toEqual([other]);
    expect((await search('%')).clients).toEqual([]);
    expect((await search('_')).clients).toEqual([]);
  });

  it('gives each customer with name, e-mail, province, since; never the admins', async () => {
    const { clients, total } = await search('camille');
    expect(total).toBe(1);
    expect(clients[0]).toEqual({
      id: gagnon,
      name: 'Camille Gagnon',
      email: 'camille@exemple.test',
      province: 'QC',
      since: expect.any(String),
      role: 'learner',
      paidOrderCount: 0,
      membership: null,
    });
    expect((await search('Cheffe Admin')).clients).toEqual([]);
  });

  it('pages by name, with the total of all that match', async () => {
    const first = await search('gagnon', '&limit=2');
    const second = await search('gagnon', '&limit=2&offset=2');
    expect(first.total).toBe(3);
    expect(second.total).toBe(3);
    expect(first.clients).toHaveLength(2);
    expect(second.clients).toHaveLength(1);
    // Sorted by the name, accents ignored: Camille, Éric, Zoé.
    expect([...first.clients, ...second.clients].map((c) => c.id)).toEqual([gagnon, gagnonAccent, other]);
  });

  it('refuses a bad query in French, and is the admin’s alone', async () => {
    const long = await get<AdminClientsResponse>(`/api/admin/clients?q=${'a'.repeat(101)}`);
    expect(long.status).toBe(400);
    expect(long.body.error.fields?.q).toBe('La recherche est trop longue (100 caractères au plus).');
    expect((await get('/api/admin/clients?page=2')).status).toBe(400);
    expect((await get('/api/admin/clients', learner.cookie)).status).toBe(403);
    expect((await get(`/api/admin/clients/${gagnon}`, learner.cookie)).status).toBe(403);
    expect((await get('/api/admin/members', learner.cookie)).status).toBe(403);
  });
});

describe('GET /api/admin/clients/:userId — the person page', () => {
  it('shows profile, orders with receipts, bookings, memberships, favourite count and notes', async () => {
    const client = await person('Marie Gagnon', 'marie.gagnon@exemple.test');
    const course = await createCourse(t.db, { title: 'Cabane à sucre', isLive: true });
    const session = await createSession(t.db, course.id, { now: NOW });
    const seat = await createPaidSeat(t.db, { user: { id: client.id, fullName: 'Marie Gagnon' }, course, sessionId: session.id, paidAt: new Date(NOW.getTime() - 86_400_000) });
    const recorded = await createCourse(t.db, { title: 'Pain au levain', isLive: false, isPremium: true, priceCents: 4999 });
    const order = await createPaidOrder(t.db, { user: { id: client.id, name: 'Marie Gagnon' }, paidAt: new Date(NOW.getTime() - 3_600_000), items: [{ courseId: recorded.id, description: 'Pain au levain', amountCents: 4999 }] });
    const pending = await createPaidOrder(t.db, { user: { id: client.id }, status: 'pending', paidAt: NOW, items: [{ courseId: recorded.id, description: 'Pain au levain', amountCents: 4999 }] });
    await createSubscription(t.db, client.id, { status: 'canceled', endedAt: new Date('2026-01-01T00:00:00Z'), createdAt: new Date('2025-11-01T00:00:00Z') });
    await createSubscription(t.db, client.id, { status: 'active', cancelAtPeriodEnd: true });
    for (const name of ['Pouding chômeur', 'Tarte au sucre']) {
      const recipe = await createRecipe(t.db, { name });
      await t.db.insert(favorites).values({ userId: client.id, recipeId: recipe.id });
    }

    const { status, body } = await get<AdminClientResponse>(`/api/admin/clients/${client.id}`);
    expect(status).toBe(200);
    expect(body.client).toMatchObject({ id: client.id, name: 'Marie Gagnon', email: 'marie.gagnon@exemple.test', province: 'QC', paidOrderCount: 2, membership: 'cancelling' });
    expect(body.orders.map((o) => o.id)).toEqual([pending.id, order.id, seat.orderId]);
    expect(body.orders[1]).toEqual({
      id: order.id,
      number: order.number,
      status: 'paid',
      totalCents: order.totalCents,
      createdAt: expect.any(String),
      paidAt: expect.any(String),
      description: 'Pain au levain',
      receiptUrl: `/documents/recu/${order.id}`,
      receiptPdfUrl: `/documents/recu/${order.id}/pdf`,
      refundable: true,
    });
    expect(body.orders[0]).toMatchObject({ status: 'pending', receiptUrl: null, refundable: false });
    expect(body.bookings).toEqual([
      {
        id: seat.reservationId,
        sessionId: session.id,
        courseTitle: 'Cabane à sucre',
        startsAt: session.startsAt.toISOString(),
        status: 'confirmed',
        cancelReason: null,
        payment: { orderId: seat.orderId, orderNumber: expect.any(Number), orderLineId: seat.orderLineId, leftCents: 4500 },
        cancellable: true,
      },
    ]);
    expect(body.memberships.map((m) => m.state)).toEqual(['cancelling', 'canceled']);
    expect(body.favoriteCount).toBe(2);
    expect(body.notes).toEqual([]);
  });

  it('answers 404 in French for someone unknown', async () => {
    const res = await get('/api/admin/clients/user_inconnu');
    expect(res.status).toBe(404);
    expect(res.body.error).toMatchObject({ code: 'CLIENT_NOT_FOUND', message: "Ce client n'existe pas." });
  });
});

describe('notes the chef keeps', () => {
  it('adds and edits a note, saved with its author and date, each change audited', async () => {
    const client = await person('Sophie Note', 'sophie.note@exemple.test');
    const added = await call<AdminClientNoteResponse>('POST', `/api/admin/clients/${client.id}/notes`, { body: '  Allergique aux noix.  ' });
    expect(added.status).toBe(201);
    expect(added.body.note).toEqual({ id: expect.any(String), body: 'Allergique aux noix.', authorEmail: admin.email, createdAt: NOW.toISOString(), editedByEmail: null, editedAt: null });

    const edited = await call<AdminClientNoteResponse>('PATCH', `/api/admin/clients/${client.id}/notes/${added.body.note.id}`, { body: 'Allergique aux noix et aux arachides.' });
    expect(edited.status).toBe(200);
    expect(edited.body.note).toMatchObject({ body: 'Allergique aux noix et aux arachides.', authorEmail: admin.email, editedByEmail: admin.email, editedAt: NOW.toISOString() });
    // The same text again changes nothing and logs nothing.
    await call('PATCH', `/api/admin/clients/${client.id}/notes/${added.body.note.id}`, { body: 'Allergique aux noix et aux arachides.' });

    const page = (await get<AdminClientResponse>(`/api/admin/clients/${client.id}`)).body;
    expect(page.notes.map((n) => n.body)).toEqual(['Allergique aux noix et aux arachides.']);
    const trail = await t.db.select().from(auditLog).where(and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, client.id)));
    expect(trail.map((a) => [a.action, a.actorEmail]).sort()).toEqual([
      ['client.note.create', admin.email],
      ['client.note.update', admin.email],
    ]);
    expect(trail.find((a) => a.action === 'client.note.update')!.details).toMatchObject({ before: 'Allergique aux noix.', after: 'Allergique aux noix et aux arachides.' });
  });

  it('refuses an empty or too long note in French, and a note of someone else', async () => {
    const client = await person('Paul Vide', 'paul.vide@exemple.test');
    const empty = await call('POST', `/api/admin/clients/${client.id}/notes`, { body: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.error.fields?.body).toBe('Écrivez la note.');
    const long = await call('POST', `/api/admin/clients/${client.id}/notes`, { body: 'x'.repeat(2001) });
    expect(long.body.error.fields?.body).toBe('La note est trop longue (2000 caractères au plus).');
    expect((await call('POST', '/api/admin/clients/user_inconnu/notes', { body: 'Bonjour' })).status).toBe(404);
    const theirs = await call<AdminClientNoteResponse>('POST', `/api/admin/clients/${client.id}/notes`, { body: 'À rappeler' });
    const elsewhere = await person('Autre Personne', 'autre.personne@exemple.test');
    const wrong = await call('PATCH', `/api/admin/clients/${elsewhere.id}/notes/${theirs.body.note.id}`, { body: 'Volée' });
    expect(wrong.status).toBe(404);
    expect(wrong.body.error.code).toBe('CLIENT_NOTE_NOT_FOUND');
    expect((await call('POST', `/api/admin/clients/${client.id}/notes`, { body: 'Bonjour' }, learner.cookie)).status).toBe(403);
  });
});

describe('resending a receipt', () => {
  it('e-mails the receipt once per click, even when the click arrives twice at once; audited once', async () => {
    const client = await person('Julie Reçu', 'julie.recu@exemple.test');
    const course = await createCourse(t.db, { title: 'Tourtière', isLive: false, isPremium: true, priceCents: 3000 });
    const order = await createPaidOrder(t.db, { user: { id: client.id, name: 'Julie Reçu', email: 'julie.recu@exemple.test' }, items: [{ courseId: course.id, description: 'Tourtière', amountCents: 3000 }] });
    const path = `/api/admin/clients/${client.id}/orders/${order.id}/receipt-email`;
    const requestKey = newKey();

    const [a, b] = await Promise.all([call<ResendReceiptResponse>('POST', path, { requestKey }), call<ResendReceiptResponse>('POST', path, { requestKey })]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect([a.body.sent, b.body.sent].sort()).toEqual([false, true]);
    expect(a.body.to).toBe('julie.recu@exemple.test');
    const sent = await t.db.select().from(emailDeliveries).where(like(emailDeliveries.dedupeKey, `order.receipt.again:${order.id}:%`));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ kind: 'order.receipt.again', to: 'julie.recu@exemple.test', userId: client.id });

    // A second click is a second request: one more e-mail.
    expect((await call<ResendReceiptResponse>('POST', path, { requestKey: newKey() })).body.sent).toBe(true);
    expect(await t.db.select().from(emailDeliveries).where(like(emailDeliveries.dedupeKey, `order.receipt.again:${order.id}:%`))).toHaveLength(2);
    const trail = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'order.receipt_resend'), eq(auditLog.targetId, order.id)));
    expect(trail).toHaveLength(2);
    expect(trail[0]).toMatchObject({ actorId: admin.id, details: { number: order.number, to: 'julie.recu@exemple.test' } });
  });

  it('refuses an unpaid order, another person’s order, and a missing key', async () => {
    const client = await person('Marc Impayé', 'marc.impaye@exemple.test');
    const course = await createCourse(t.db, { title: 'Sushis', isLive: false, isPremium: true, priceCents: 3000 });
    const unpaid = await createPaidOrder(t.db, { user: { id: client.id }, status: 'pending', items: [{ courseId: course.id, description: 'Sushis', amountCents: 3000 }] });
    const refused = await call('POST', `/api/admin/clients/${client.id}/orders/${unpaid.id}/receipt-email`, { requestKey: newKey() });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('RECEIPT_NOT_AVAILABLE');
    const other = await person('Autre Acheteur', 'autre.acheteur@exemple.test');
    const paid = await createPaidOrder(t.db, { user: { id: other.id }, items: [{ courseId: course.id, description: 'Sushis', amountCents: 3000 }] });
    expect((await call('POST', `/api/admin/clients/${client.id}/orders/${paid.id}/receipt-email`, { requestKey: newKey() })).status).toBe(404);
    expect((await call('POST', `/api/admin/clients/${other.id}/orders/${paid.id}/receipt-email`, {})).status).toBe(400);
    expect(await t.db.select().from(emailDeliveries).where(like(emailDeliveries.dedupeKey, `order.receipt.again:${paid.id}:%`))).toEqual([]);
  });
});

describe('refund and cancel a seat from the person page', () => {
  it('go through the refunds module (POST /api/admin/orders/:id/refunds), are audited, and the page follows', async () => {
    const client = await person('Nadia Gagnon', 'nadia.gagnon@exemple.test');
    const live = await createCourse(t.db, { title: 'Tire sur la neige', isLive: true });
    const session = await createSession(t.db, live.id, { now: NOW });
    const seat = await createPaidSeat(t.db, { user: { id: client.id, fullName: 'Nadia Gagnon' }, course: live, sessionId: session.id });
    const recorded = await createCourse(t.db, { title: 'Bagels', isLive: false, isPremium: true, priceCents: 2000 });
    const order = await createPaidOrder(t.db, { user: { id: client.id, name: 'Nadia Gagnon' }, items: [{ courseId: recorded.id, description: 'Bagels', amountCents: 2000 }] });

    const before = (await get<AdminClientResponse>(`/api/admin/clients/${client.id}`)).body;
    const booking = before.bookings.find((b) => b.id === seat.reservationId)!;
    expect(booking.cancellable).toBe(true);

    // Cancel the seat: its line refunded in full, as the page asks.
    const cancel = await call<RefundResponse>('POST', `/api/admin/orders/${booking.payment!.orderId}/refunds`, {
      lines: [{ orderLineId: booking.payment!.orderLineId }],
      reason: 'Place annulée',
      idempotencyKey: newKey(),
    });
    expect(cancel.status).toBe(201);
    // Refund the other order.
    const refund = await call<RefundResponse>('POST', `/api/admin/orders/${order.id}/refunds`, {
      lines: before.orders.find((o) => o.id === order.id)!.refundable ? [{ orderLineId: order.lines[0]!.id }] : [],
      idempotencyKey: newKey(),
    });
    expect(refund.status).toBe(201);

    // While the refunds wait for the provider, the page offers neither again.
    const waiting = (await get<AdminClientResponse>(`/api/admin/clients/${client.id}`)).body;
    expect(waiting.orders.find((o) => o.id === order.id)!.refundable).toBe(false);
    expect(waiting.bookings.find((b) => b.id === seat.reservationId)!.cancellable).toBe(false);

    await deliverEvents(t);
    const after = (await get<AdminClientResponse>(`/api/admin/clients/${client.id}`)).body;
    expect(after.bookings.find((b) => b.id === seat.reservationId)).toMatchObject({ status: 'cancelled', cancelReason: 'admin_refunded', cancellable: false });
    expect(after.orders.find((o) => o.id === order.id)).toMatchObject({ status: 'refunded', refundable: false });
    expect(after.orders.find((o) => o.id === seat.orderId)).toMatchObject({ status: 'refunded', refundable: false });

    const trail = await t.db.select().from(auditLog).where(eq(auditLog.action, 'order.refund'));
    expect(trail.filter((a) => a.targetId === seat.orderId || a.targetId === order.id).map((a) => a.actorId)).toEqual([admin.id, admin.id]);
  });
});

// Guards against a silent change of what the search matches on: the names the page shows are the profile's.
describe('search reads the profile name too', () => {
  it('finds a person whose account name differs from their profile name', async () => {
    const p = await person('Gabrielle Roy', 'gabrielle@exemple.test');
    await t.db.update(users).set({ name: 'G. Roy' }).where(eq(users.id, p.id));
    const res = (await get<AdminClientsResponse>('/api/admin/clients?q=gabrielle%20roy')).body;
    expect(res.clients.map((c) => c.id)).toEqual([p.id]);
  });
});
