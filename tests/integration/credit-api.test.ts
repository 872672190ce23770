// « Mon crédit » (GET /api/account/credit, « Demander le versement »), the admin's « Ajouter un
// crédit » and « Recevoir un crédit Toque » when a learner cancels ≥ 48 h ahead, on the real database
// and sandbox. After every test each balance equals the sum of its entries (docs/decisions/0038).
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@shared/errors';
import type { AdminClientResponse } from '@shared/schemas/admin-clients';
import type { CancelReservationResponse } from '@shared/schemas/reservations';
import type { AdminCreditResponse, CreditPayoutResponse, CreditResponse } from '@shared/schemas/credit';
import { auditLog } from '../../src/server/db/schema';
import { appendAlone, balance } from '../../src/server/modules/credit/service';
import { createCourse, createSession, setRole } from '../factories';
import { createSignedInLearners, type SignedInLearner } from '../factories/accounts';
import { createPaidSeat } from '../factories/bookings';
import { send } from '../setup/auth-client';
import { expectLedgersBalanced } from '../setup/credit-ledger';
import { checkout, newKey, setProvince } from '../setup/payments';
import { createTestApp, type TestApp } from '../setup/test-app';
import { testNow } from '../setup/test-clock';

const HOUR = 3_600_000;
const clock = testNow().getTime();
let t: TestApp;
let admin: SignedInLearner;

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock) });
  [admin] = (await createSignedInLearners(t, 1)) as [SignedInLearner];
  await setRole(t.db, admin.id, 'admin');
});
afterAll(() => t.close());
afterEach(() => expectLedgersBalanced(t.db));

const learner = async () => ((await createSignedInLearners(t, 1)) as [SignedInLearner])[0];
async function call<T>(method: 'GET' | 'POST', path: string, cookie: string | undefined, body?: unknown) {
  const res = await send(t, method, path, { cookie, body });
  return { status: res.status, body: (await res.json()) as T & ApiErrorBody };
}

describe('« Mon crédit »', () => {
  it('signed in only; empty at first', async () => {
    expect((await call('GET', '/api/account/credit', undefined)).status).toBe(401);
    const me = await learner();
    const res = await call<CreditResponse>('GET', '/api/account/credit', me.cookie);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ balanceCents: 0, heldCents: 0, entries: [], total: 0, payoutAvailable: false });
  });

  it('« Demander le versement » under 5 $: taken off at once, once; refused in French at 5 $ or more', async () => {
    const me = await learner();
    await appendAlone(t.db, { userId: me.id, amountCents: 300, kind: 'admin_credit', idempotencyKey: newKey() });
    expect((await call<CreditResponse>('GET', '/api/account/credit', me.cookie)).body.payoutAvailable).toBe(true);
    const key = newKey();
    const first = await call<CreditPayoutResponse>('POST', '/api/account/credit/payout', me.cookie, { key });
    expect(first.status).toBe(200);
    expect(first.body.payout).toMatchObject({ kind: 'payout', amountCents: -300, label: 'Solde versé' });
    expect(first.body.credit.balanceCents).toBe(0);
    const again = await call<CreditPayoutResponse>('POST', '/api/account/credit/payout', me.cookie, { key });
    expect(again.body.payout.id).toBe(first.body.payout.id);
    expect(await balance(t.db, me.id)).toBe(0);

    const rich = await learner();
    await appendAlone(t.db, { userId: rich.id, amountCents: 500, kind: 'admin_credit', idempotencyKey: newKey() });
    const refused = await call('POST', '/api/account/credit/payout', rich.cookie, { key: newKey() });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: 'CREDIT_PAYOUT_NOT_AVAILABLE', message: 'Le versement du solde est offert seulement quand votre crédit est de moins de 5 $.' });
    expect(await balance(t.db, rich.id)).toBe(500);
  });
});

describe('« Ajouter un crédit » (admin)', () => {
  it('gives credit with its reason, once per key, audited; shown on the person’s page and in « Mon crédit »', async () => {
    const me = await learner();
    const key = newKey();
    const path = `/api/admin/clients/${me.id}/credit`;
    expect((await call('POST', path, me.cookie, { amountCents: 1500, reason: 'Geste', key })).status).toBe(403);
    const noReason = await call('POST', path, admin.cookie, { amountCents: 1500, reason: ' ', key });
    expect(noReason.status).toBe(400);
    expect(noReason.body.error.fields?.reason).toBe('Indiquez la raison de ce crédit (500 caractères au plus).');
    const first = await call<AdminCreditResponse>('POST', path, admin.cookie, { amountCents: 1500, reason: 'Séance écourtée', key });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ balanceCents: 1500, entry: { kind: 'admin_credit', amountCents: 1500, reason: 'Séance écourtée' } });
    const again = await call<AdminCreditResponse>('POST', path, admin.cookie, { amountCents: 1500, reason: 'Séance écourtée', key });
    expect(again.status).toBe(200);
    expect(again.body.entry.id).toBe(first.body.entry.id);
    expect(await balance(t.db, me.id)).toBe(1500);
    const audits = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'client.credit.add'), eq(auditLog.targetId, me.id)));
    expect(audits).toHaveLength(1);
    const page = await call<AdminClientResponse>('GET', `/api/admin/clients/${me.id}`, admin.cookie);
    expect(page.body.credit).toMatchObject({ balanceCents: 1500, total: 1 });
    const mine = await call<CreditResponse>('GET', '/api/account/credit', me.cookie);
    expect(mine.body.entries).toEqual([expect.objectContaining({ label: 'Crédit offert par Toque', amountCents: 1500 })]);
    expect((await call('POST', `/api/admin/clients/inconnu/credit`, admin.cookie, { amountCents: 100, reason: 'x', key: newKey() })).status).toBe(404);
  });
});

describe('« Recevoir un crédit Toque » at a cancellation ≥ 48 h ahead', { timeout: 60_000 }, () => {
  it('the seat is freed and its price is credited at once, with its credit note; repeated, nothing more; then spent', async () => {
    const live = await createCourse(t.db, { title: 'Tourtière en direct', isLive: true, priceCents: 4500 });
    const sessionId = (await createSession(t.db, live.id, { startsAt: new Date(clock + 72 * HOUR), capacity: 5 })).id;
    const me = await learner();
    await setProvince(t, me.id, 'QC');
    const seat = await createPaidSeat(t.db, { user: { id: me.id, fullName: me.fullName }, course: live, sessionId });
    const cancel = () =>
      call<CancelReservationResponse>('POST', `/api/booking/reservations/${seat.reservationId}/cancel`, me.cookie, { idempotencyKey: newKey(), refundTo: 'credit' });
    const first = await cancel();
    expect(first.status).toBe(200);
    expect(first.body.reservation).toMatchObject({ status: 'cancelled', cancelReason: 'learner_refunded' });
    expect(first.body.refund).toMatchObject({ status: 'succeeded', totalCents: seat.totalCents, creditCents: seat.totalCents });
    expect(first.body.refund!.creditNoteUrl).toBeTruthy();
    expect(await balance(t.db, me.id)).toBe(seat.totalCents);
    const again = await cancel();
    expect(again.body.refund!.id).toBe(first.body.refund!.id);
    expect(await balance(t.db, me.id)).toBe(seat.totalCents);
    const mine = await call<CreditResponse>('GET', '/api/account/credit', me.cookie);
    expect(mine.body.entries).toEqual([expect.objectContaining({ kind: 'refund_as_credit', label: 'Remboursement reçu en crédit Toque', amountCents: seat.totalCents })]);

    // Spent on a recorded course (20,00 $ + taxes), with no card.
    const recorded = await createCourse(t.db, { title: 'Pâté chinois', isLive: false, priceCents: 2000 });
    const paid = await checkout(t, me.cookie, { items: [{ courseId: recorded.id }], useCredit: true });
    expect(paid.body.order).toMatchObject({ status: 'paid', creditAppliedCents: 2300 });
    expect(paid.body.payment).toBeNull();
    expect(await balance(t.db, me.id)).toBe(seat.totalCents - 2300);
  });
});
