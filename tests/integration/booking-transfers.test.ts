// Transfers of a booking (docs/decisions/0051) on the real database and the real sandbox: the
// cancellation policy as the school's setting (read by the cancellation and the transfer rules);
// « Crédit Toque » (the seat freed, what a full refund gives credited); another session of the same
// course (same price: nothing; cheaper: the difference refunded; full: refused); a gift by e-mail
// (pending, revocable, accepted through the signed link, the kit then goes to the recipient); the
// deadline; every transfer safe to repeat; transfers racing cancellations never refund twice.
import { and, eq, like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@shared/errors';
import type { HoldResponse } from '@shared/schemas/booking';
import type { ReservationResponse } from '@shared/schemas/reservations';
import type { GiftOfferView, TransferOptionsResponse, TransferResponse } from '@shared/schemas/transfers';
import type { RosterResponse } from '@shared/schemas/rosters';
import { auditLog, courses, emailDeliveries, refunds, reservations, reservationTransfers, users } from '../../src/server/db/schema';
import { balance } from '../../src/server/modules/credit/service';
import { giftSignature } from '../../src/server/modules/booking/transfer-gift-link';
import { prepKitWorker } from '../../src/server/modules/prep-kit/job';
import { waitlistPromoteWorker } from '../../src/server/modules/waitlist/jobs';
import { QUEUES } from '../../src/server/jobs/queues';
import { createCourse, createSession } from '../factories';
import { createSignedInLearners, type SignedInLearner } from '../factories/accounts';
import { send } from '../setup/auth-client';
import { initialData } from './html-helpers';
import { appWithAdmin, type SignedInAdmin } from '../setup/app-with-admin';
import { expectLedgersBalanced } from '../setup/credit-ledger';
import { checkout, confirm, deliverEvents, newKey, SUCCESS_CARD } from '../setup/payments';
import type { TestApp } from '../setup/test-app';
import { testNow } from '../setup/test-clock';

const HOUR = 3_600_000;
const MINUTE = 60_000;
// The fake clock starts at the real time: the auth library checks session expiry by the real clock.
const start = testNow().getTime();
let clock = start;
const now = () => new Date(clock);

let t: TestApp;
let admin: SignedInAdmin;

beforeAll(async () => {
  ({ t, admin } = await appWithAdmin({ now }));
});
afterAll(() => t.close());
afterEach(async () => {
  clock = start;
  await expectLedgersBalanced(t.db);
});

const read = async <T>(res: Response) => (await res.json()) as T;
const learners = async (n: number) => (await createSignedInLearners(t, n)) as SignedInLearner[];
const newCourse = (priceCents = 6000) => createCourse(t.db, { title: `Tourtière ${newKey().slice(0, 6)}`, isLive: true, priceCents, prepKit: '- 1 kg de porc haché', prepKitServings: 4 });
const sessionIn = async (courseId: string, hours: number, capacity = 10) => (await createSession(t.db, courseId, { startsAt: new Date(start + hours * HOUR), capacity })).id;
const options = async (who: { cookie: string }, id: string) => send(t, 'GET', `/api/booking/reservations/${id}/transfer`, { cookie: who.cookie });
const transfer = (who: { cookie: string }, id: string, body: Record<string, unknown>) =>
  send(t, 'POST', `/api/booking/reservations/${id}/transfer`, { cookie: who.cookie, body: { idempotencyKey: newKey(), ...body } });
const cancel = (who: { cookie: string }, id: string, body: Record<string, unknown> = {}) =>
  send(t, 'POST', `/api/booking/reservations/${id}/cancel`, { cookie: who.cookie, body: { idempotencyKey: newKey(), ...body } });
const reservationOf = async (id: string) => (await t.db.select().from(reservations).where(eq(reservations.id, id)))[0]!;
const refundsOf = (orderId: string) => t.db.select().from(refunds).where(eq(refunds.orderId, orderId));
const code = async (res: Response) => (await read<ApiErrorBody>(res)).error.code;

/** Holds `seats` seats, pays them on the sandbox, and lets the payment event confirm the booking. */
async function bookAndPay(who: SignedInLearner, course: { id: string }, sessionId: string, seats = 1) {
  const held = await send(t, 'POST', '/api/booking/holds', { cookie: who.cookie, body: { sessionId, seats } });
  expect(held.status).toBe(201);
  const { hold } = await read<HoldResponse>(held);
  const res = await checkout(t, who.cookie, { province: 'QC', items: [{ courseId: course.id, sessionId }] });
  expect(res.status).toBe(201);
  expect((await confirm(t, who.cookie, res.body.payment!, SUCCESS_CARD)).body.status).toBe('succeeded');
  expect((await deliverEvents(t)).statuses.every((s) => s === 200)).toBe(true);
  return { reservationId: hold.id, order: res.body.order };
}

describe("« Politique d'annulation »: the school's setting, read by both rules", () => {
  it('is 48 h and 48 h by default, changed by the admin only (audited), and moves the refund deadline and the transfer deadline', async () => {
    const [lea] = await learners(1);
    expect(await read(await send(t, 'GET', '/api/admin/cancellation-policy', { cookie: admin.cookie }))).toEqual({ refundNoticeHours: 48, transferUntilHours: 48 });
    expect((await send(t, 'PUT', '/api/admin/cancellation-policy', { cookie: lea!.cookie, body: { refundNoticeHours: 24, transferUntilHours: 72 } })).status).toBe(403);
    expect((await send(t, 'PUT', '/api/admin/cancellation-policy', { cookie: admin.cookie, body: { refundNoticeHours: -1, transferUntilHours: 72 } })).status).toBe(400);

    const course = await newCourse();
    const sessionId = await sessionIn(course.id, 60);
    const { reservationId } = await bookAndPay(lea!, course, sessionId);
    const before = (await read<ReservationResponse>(await send(t, 'GET', `/api/booking/reservations/${reservationId}`, { cookie: lea!.cookie }))).reservation;
    expect(before.transfer.allowed).toBe(true);
    expect(before.cancellation.refundDeadline).toBe(new Date(start + 12 * HOUR).toISOString());

    // The FAQ and the terms state it: public, in their first HTML (a visitor's copy cached meanwhile).
    const stated = async (path: string) => initialData(await (await t.request(path)).text())?.['/legal/booking-policy'];
    expect(await stated('/faq')).toEqual({ policy: { refundNoticeHours: 48, transferUntilHours: 48 } });
    const saved = await send(t, 'PUT', '/api/admin/cancellation-policy', { cookie: admin.cookie, body: { refundNoticeHours: 24, transferUntilHours: 72 } });
    expect(await read(saved)).toEqual({ refundNoticeHours: 24, transferUntilHours: 72 });
    expect(await read(await send(t, 'GET', '/api/legal/booking-policy', {}))).toEqual({ policy: { refundNoticeHours: 24, transferUntilHours: 72 } });
    for (const path of ['/faq', '/terms-of-service']) expect(await stated(path)).toEqual({ policy: { refundNoticeHours: 24, transferUntilHours: 72 } });
    const audit = await t.db.select().from(auditLog).where(and(eq(auditLog.actorId, admin.id), eq(auditLog.action, 'settings.cancellation_policy')));
    expect(audit).toHaveLength(1);
    try {
      const after = (await read<ReservationResponse>(await send(t, 'GET', `/api/booking/reservations/${reservationId}`, { cookie: lea!.cookie }))).reservation;
      expect(after.cancellation.refundDeadline).toBe(new Date(start + 36 * HOUR).toISOString());
      // 60 h before: past a 72-hour transfer deadline.
      expect(after.transfer).toEqual({ allowed: false, deadline: new Date(start - 12 * HOUR).toISOString() });
      const late = await transfer(lea!, reservationId, { kind: 'credit' });
      expect(late.status).toBe(409);
      expect(await code(late)).toBe('TRANSFER_TOO_LATE');
      // 40 h before: refunded in full under a 24-hour notice (it would not be under 48).
      clock = start + 20 * HOUR;
      const cancelled = await cancel(lea!, reservationId);
      expect(cancelled.status).toBe(200);
      expect((await reservationOf(reservationId)).cancelReason).toBe('learner_refunded');
    } finally {
      await send(t, 'PUT', '/api/admin/cancellation-policy', { cookie: admin.cookie, body: { refundNoticeHours: 48, transferUntilHours: 48 } });
    }
  });
});

describe('« Crédit Toque »', () => {
  it('frees the seat and credits what a full refund gives back (taxes included), said before; a repeat does it once', async () => {
    const course = await newCourse();
    const sessionId = await sessionIn(course.id, 96);
    const [lea] = await learners(1);
    const { reservationId, order } = await bookAndPay(lea!, course, sessionId, 2);
    const o = await read<TransferOptionsResponse>(await options(lea!, reservationId));
    expect(o).toMatchObject({ allowed: true, creditCents: order.totalCents, pendingGift: null });

    const key = newKey();
    const res = await transfer(lea!, reservationId, { kind: 'credit', idempotencyKey: key });
    expect(res.status).toBe(200);
    const body = await read<TransferResponse>(res);
    expect(body.transfer).toMatchObject({ kind: 'credit', status: 'done' });
    expect(body.refund).toMatchObject({ totalCents: order.totalCents, creditCents: order.totalCents });
    expect(body.freedSessionIds).toEqual([sessionId]);
    expect(await reservationOf(reservationId)).toMatchObject({ status: 'cancelled', cancelReason: 'transferred_to_credit' });
    expect(await balance(t.db, lea!.id)).toBe(order.totalCents);

    const again = await read<TransferResponse>(await transfer(lea!, reservationId, { kind: 'credit', idempotencyKey: key }));
    expect(again.transfer.id).toBe(body.transfer.id);
    expect(await balance(t.db, lea!.id)).toBe(order.totalCents);
    expect(await refundsOf(order.id)).toHaveLength(1);
    // Cancelled now: nothing more to transfer or cancel for money.
    expect((await transfer(lea!, reservationId, { kind: 'credit' })).status).toBe(409);
  });
});

describe('the seats a transfer frees go to the waitlist', () => {
  it('a full session’s seat taken as credit, and one moved away: each time the first in line is offered it (a job sent with the transfer)', async () => {
    const course = await newCourse();
    const sessionId = await sessionIn(course.id, 96, 2);
    const later = await sessionIn(course.id, 120);
    const [lea, max, ana, ben] = await learners(4);
    const first = await bookAndPay(lea!, course, sessionId);
    const second = await bookAndPay(max!, course, sessionId);
    for (const who of [ana!, ben!]) expect((await send(t, 'POST', '/api/waitlist', { cookie: who.cookie, body: { sessionId, seats: 1 } })).status).toBe(201);
    const offerOf = async (who: SignedInLearner) =>
      (await t.db.select().from(reservations).where(and(eq(reservations.sessionId, sessionId), eq(reservations.userId, who.id), eq(reservations.status, 'pending_payment'))))[0];

    expect((await transfer(lea!, first.reservationId, { kind: 'credit' })).status).toBe(200);
    // The promotion runs after the transfer's commit, as its job (what pg-boss runs on any instance).
    expect(await t.jobs.pending([QUEUES.waitlistPromote])).toBeGreaterThan(0);
    expect(await waitlistPromoteWorker(t.deps)({ data: { sessionId } })).toBe(1);
    expect(await offerOf(ana!)).toMatchObject({ seats: 1 });
    expect(await offerOf(ben!)).toBeUndefined();

    expect((await transfer(max!, second.reservationId, { kind: 'move', sessionId: later })).status).toBe(200);
    expect(await waitlistPromoteWorker(t.deps)({ data: { sessionId } })).toBe(1);
    expect(await offerOf(ben!)).toMatchObject({ seats: 1 });
  });
});

describe('another session of the same course', () => {
  it('same price: moved at once, seats follow, nothing paid or refunded; a repeat answers the same; refused when full or the same session', async () => {
    const course = await newCourse();
    const first = await sessionIn(course.id, 96);
    const later = await sessionIn(course.id, 24 * 14, 3);
    const full = await sessionIn(course.id, 24 * 21, 1);
    const [lea, other] = await learners(2);
    const { reservationId, order } = await bookAndPay(lea!, course, first, 2);
    await bookAndPay(other!, course, full, 1);

    const o = await read<TransferOptionsResponse>(await options(lea!, reservationId));
    expect(o.sessions.map((s) => [s.id, s.fits, s.differenceCents])).toEqual([
      [later, true, 0],
      [full, false, 0],
    ]);
    expect(await code(await transfer(lea!, reservationId, { kind: 'move', sessionId: full }))).toBe('SESSION_FULL');
    expect(await code(await transfer(lea!, reservationId, { kind: 'move', sessionId: first }))).toBe('TRANSFER_SAME_SESSION');

    const key = newKey();
    const moved = await read<TransferResponse>(await transfer(lea!, reservationId, { kind: 'move', sessionId: later, idempotencyKey: key }));
    expect(moved).toMatchObject({ transfer: { kind: 'move', status: 'done', toSessionId: later, differenceCents: 0 }, refund: null, freedSessionIds: [first] });
    expect(moved.reservation).toMatchObject({ sessionId: later, status: 'confirmed', seats: 2 });
    expect(await reservationOf(reservationId)).toMatchObject({ sessionId: later, status: 'confirmed' });
    const again = await read<TransferResponse>(await transfer(lea!, reservationId, { kind: 'move', sessionId: later, idempotencyKey: key }));
    expect(again.transfer.id).toBe(moved.transfer.id);
    expect(await refundsOf(order.id)).toHaveLength(0);
    const roster = await read<RosterResponse>(await send(t, 'GET', `/api/admin/sessions/${later}/roster`, { cookie: admin.cookie }));
    expect(roster.confirmedSeats).toBe(2);
  });

  it('cheaper (the course’s price lowered since): the difference refunded to the card, said before; dearer: the difference to pay first', async () => {
    const course = await newCourse(6000);
    const first = await sessionIn(course.id, 96);
    const later = await sessionIn(course.id, 24 * 14);
    const [lea] = await learners(1);
    const { reservationId, order } = await bookAndPay(lea!, course, first);
    await t.db.update(courses).set({ priceCents: 5000 }).where(eq(courses.id, course.id));
    const o = await read<TransferOptionsResponse>(await options(lea!, reservationId));
    const told = o.sessions[0]!.differenceCents;
    // 10 $ before tax, with Québec's GST and QST given back in proportion.
    expect(told).toBe(-1150);
    const moved = await read<TransferResponse>(await transfer(lea!, reservationId, { kind: 'move', sessionId: later }));
    expect(moved.refund).toMatchObject({ totalCents: 1150, creditCents: 0 });
    expect(moved.transfer.differenceCents).toBe(told);
    expect(await reservationOf(reservationId)).toMatchObject({ sessionId: later, status: 'confirmed' });
    expect((await refundsOf(order.id))[0]).toMatchObject({ totalCents: 1150 });

    await t.db.update(courses).set({ priceCents: 6500 }).where(eq(courses.id, course.id));
    // Dearer: the difference is paid first (booking-transfer-difference.test.ts); not moved until then.
    const dearer = await read<TransferResponse>(await transfer(lea!, reservationId, { kind: 'move', sessionId: first }));
    expect(dearer.transfer.status).toBe('awaiting_payment');
    expect(await reservationOf(reservationId)).toMatchObject({ sessionId: later });
  });

  it('not within the policy’s 48 hours, nor by anyone but the learner or the admin', async () => {
    const course = await newCourse();
    const soon = await sessionIn(course.id, 47);
    const later = await sessionIn(course.id, 24 * 14);
    const [lea, stranger] = await learners(2);
    const { reservationId } = await bookAndPay(lea!, course, soon);
    expect((await read<TransferOptionsResponse>(await options(lea!, reservationId))).allowed).toBe(false);
    expect(await code(await transfer(lea!, reservationId, { kind: 'move', sessionId: later }))).toBe('TRANSFER_TOO_LATE');
    expect((await transfer(stranger!, reservationId, { kind: 'credit' })).status).toBe(404);
  });

  it('the admin moves a learner’s booking from the roster (audited)', async () => {
    const course = await newCourse();
    const first = await sessionIn(course.id, 96);
    const later = await sessionIn(course.id, 24 * 14);
    const [lea] = await learners(1);
    const { reservationId } = await bookAndPay(lea!, course, first);
    const res = await transfer(admin, reservationId, { kind: 'move', sessionId: later });
    expect(res.status).toBe(200);
    const audit = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'reservation.transfer'), eq(auditLog.targetId, reservationId)));
    expect(audit[0]).toMatchObject({ actorId: admin.id });
  });
});

describe('a gift by e-mail', () => {
  it('pending until accepted (revocable before), e-mailed with a signed link; accepted, the booking is the friend’s and the kit goes to her', async () => {
    const course = await newCourse();
    const sessionId = await sessionIn(course.id, 96);
    const [lea, friend] = await learners(2);
    const [friendUser] = await t.db.select().from(users).where(eq(users.id, friend!.id));
    const { reservationId } = await bookAndPay(lea!, course, sessionId, 2);

    const first = await read<TransferResponse>(await transfer(lea!, reservationId, { kind: 'gift', email: 'Autre.Amie@Example.com' }));
    expect(first.transfer).toMatchObject({ kind: 'gift', status: 'pending', toEmail: 'autre.amie@example.com' });
    expect(await t.db.select().from(emailDeliveries).where(eq(emailDeliveries.dedupeKey, `transfer.gift:${first.transfer.id}`))).toHaveLength(1);
    // One offer at a time; the giver takes the first one back.
    expect((await transfer(lea!, reservationId, { kind: 'gift', email: friendUser!.email })).status).toBe(409);
    const revoked = await send(t, 'POST', `/api/booking/transfers/${first.transfer.id}/revoke`, { cookie: lea!.cookie, body: {} });
    expect(revoked.status).toBe(200);
    expect(await code(await send(t, 'POST', `/api/booking/transfers/${first.transfer.id}/accept`, { cookie: friend!.cookie, body: { signature: giftSignature(t.deps.config, first.transfer.id) } }))).toBe('GIFT_NOT_FOUND');

    const gift = await read<TransferResponse>(await transfer(lea!, reservationId, { kind: 'gift', email: friendUser!.email }));
    const signature = giftSignature(t.deps.config, gift.transfer.id);
    // The link's page, signed out; a forged signature is refused.
    const shown = await send(t, 'GET', `/api/transfers/${gift.transfer.id}?signature=${signature}`, {});
    expect((await read<{ gift: GiftOfferView }>(shown)).gift).toMatchObject({ status: 'pending', seats: 2, courseTitle: course.title });
    expect((await send(t, 'GET', `/api/transfers/${gift.transfer.id}?signature=${'x'.repeat(43)}`, {})).status).toBe(404);
    // Still the giver's until accepted.
    expect((await reservationOf(reservationId)).userId).toBe(lea!.id);

    const accepted = await send(t, 'POST', `/api/booking/transfers/${gift.transfer.id}/accept`, { cookie: friend!.cookie, body: { signature } });
    expect(accepted.status).toBe(200);
    expect((await read<TransferResponse>(accepted)).reservation).toMatchObject({ id: reservationId, status: 'confirmed', seats: 2 });
    expect(await reservationOf(reservationId)).toMatchObject({ userId: friend!.id, status: 'confirmed' });
    // Accepting again answers the same; the giver lost it; too late to take back.
    expect((await send(t, 'POST', `/api/booking/transfers/${gift.transfer.id}/accept`, { cookie: friend!.cookie, body: { signature } })).status).toBe(200);
    expect((await send(t, 'GET', `/api/booking/reservations/${reservationId}`, { cookie: lea!.cookie })).status).toBe(404);
    expect((await send(t, 'POST', `/api/booking/transfers/${gift.transfer.id}/revoke`, { cookie: lea!.cookie, body: {} })).status).toBe(409);
    const roster = await read<RosterResponse>(await send(t, 'GET', `/api/admin/sessions/${sessionId}/roster`, { cookie: admin.cookie }));
    expect(roster.attendees.map((a) => a.email)).toEqual([friendUser!.email]);

    // 72 h before: the kit's job sends it to the friend.
    clock = start + 24 * HOUR + MINUTE;
    expect(await prepKitWorker(t.deps)({ data: { reservationId } })).toBe('queued');
    const [kit] = await t.db.select().from(emailDeliveries).where(eq(emailDeliveries.dedupeKey, `prep_kit:${reservationId}`));
    expect(kit).toMatchObject({ to: friendUser!.email, userId: friend!.id });
  });
});

describe('a gift accepted after the kit went out (between 72 h and 48 h)', () => {
  it('the recipient gets the kit at once, once; the giver’s kit is not sent again', async () => {
    const course = await newCourse();
    const sessionId = await sessionIn(course.id, 60);
    const [lea, friend] = await learners(2);
    const [friendUser] = await t.db.select().from(users).where(eq(users.id, friend!.id));
    const { reservationId } = await bookAndPay(lea!, course, sessionId);
    // Closer than 72 h: the kit went out to the giver.
    expect(await prepKitWorker(t.deps)({ data: { reservationId } })).toBe('queued');
    const gift = await read<TransferResponse>(await transfer(lea!, reservationId, { kind: 'gift', email: friendUser!.email }));
    const accept = () => send(t, 'POST', `/api/booking/transfers/${gift.transfer.id}/accept`, { cookie: friend!.cookie, body: { signature: giftSignature(t.deps.config, gift.transfer.id) } });
    expect((await Promise.all([accept(), accept()])).map((r) => r.status)).toEqual([200, 200]);
    const kits = await t.db.select().from(emailDeliveries).where(like(emailDeliveries.dedupeKey, `prep_kit:${reservationId}%`));
    expect(kits.map((k) => [k.dedupeKey, k.to]).sort()).toEqual(
      [
        [`prep_kit:${reservationId}`, (await t.db.select().from(users).where(eq(users.id, lea!.id)))[0]!.email],
        [`prep_kit:${reservationId}:gift:${gift.transfer.id}`, friendUser!.email],
      ].sort(),
    );
    // The kit's job run again sends nothing more.
    expect(await prepKitWorker(t.deps)({ data: { reservationId } })).toBe('already');
  });
});

describe('transfers racing cancellations: never refunded twice, never two seats', () => {
  it('credit and cancel at once: one of them wins, the money is given back once', async () => {
    const course = await newCourse();
    const sessionId = await sessionIn(course.id, 96);
    const [lea] = await learners(1);
    const { reservationId, order } = await bookAndPay(lea!, course, sessionId);
    const answers = await Promise.all([transfer(lea!, reservationId, { kind: 'credit' }), cancel(lea!, reservationId), transfer(lea!, reservationId, { kind: 'credit' })]);
    expect(answers.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(1);
    const made = await refundsOf(order.id);
    expect(made).toHaveLength(1);
    expect(made[0]!.totalCents).toBe(order.totalCents);
    expect((await reservationOf(reservationId)).status).toBe('cancelled');
  });

  it('a move and a cancel at once: the seat is counted once, refunded at most once', async () => {
    const course = await newCourse();
    const first = await sessionIn(course.id, 96);
    const later = await sessionIn(course.id, 24 * 14, 1);
    const [lea, other] = await learners(2);
    const mine = await bookAndPay(lea!, course, first);
    const theirs = await bookAndPay(other!, course, first);
    // Two learners race for the last seat of `later`, while the first also cancels.
    const answers = await Promise.all([
      transfer(lea!, mine.reservationId, { kind: 'move', sessionId: later }),
      transfer(other!, theirs.reservationId, { kind: 'move', sessionId: later }),
      cancel(lea!, mine.reservationId),
    ]);
    expect(answers.every((r) => [200, 409].includes(r.status))).toBe(true);
    const onLater = (await t.db.select().from(reservations).where(and(eq(reservations.sessionId, later), eq(reservations.status, 'confirmed')))).length;
    expect(onLater).toBeLessThanOrEqual(1);
    expect((await refundsOf(mine.order.id)).length).toBeLessThanOrEqual(1);
    // One of the two moves got the last seat (the cancel may then have freed it again).
    const transfers = await t.db.select().from(reservationTransfers).where(eq(reservationTransfers.toSessionId, later));
    expect(transfers.length).toBe(1);
    expect(onLater).toBeLessThanOrEqual(transfers.length);
  });
});
