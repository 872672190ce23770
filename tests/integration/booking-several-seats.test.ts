// Several seats in one booking (docs/decisions/0047) on the real database and the real sandbox: a
// booking holds 1 to 6 seats under one hold, capped by the seats left and the session's « places
// par réservation »; one payment of the seat's price × seats; every count of seats is a sum (course
// page, admin lists, roster); one seat of two given back ≥ 48 h refunds half, once however often
// it is asked; the rest cancelled refunds what is left; another session of a course already
// attended may be booked; 200 bookings of 1–4 seats at once never exceed a 10-seat session.
import { and, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@shared/errors';
import type { AdminCourseDetail } from '@shared/schemas/admin-courses';
import type { HoldResponse } from '@shared/schemas/booking';
import type { OrderResponse } from '@shared/schemas/checkout';
import type { CourseResponse } from '@shared/schemas/public';
import type { CancelReservationResponse, ReservationResponse } from '@shared/schemas/reservations';
import type { RosterResponse } from '@shared/schemas/rosters';
import { formatPrice } from '@shared/format';
import { emailDeliveries, orderLines, refunds, reservations } from '../../src/server/db/schema';
import { QUEUES } from '../../src/server/jobs/queues';
import { createCourse, createSession } from '../factories';
import { createSignedInLearners, type SignedInLearner } from '../factories/accounts';
import { send } from '../setup/auth-client';
import { appWithAdmin, type SignedInAdmin } from '../setup/app-with-admin';
import { checkout, confirm, deliverEvents, newKey, SUCCESS_CARD } from '../setup/payments';
import type { TestApp } from '../setup/test-app';
import { testNow } from '../setup/test-clock';

const HOUR = 3_600_000;
// The fake clock starts at the real time: the auth library checks session expiry by the real clock.
const clock = testNow().getTime();
const now = () => new Date(clock);

let t: TestApp;
let admin: SignedInAdmin;
let course: { id: string; title: string };

beforeAll(async () => {
  ({ t, admin } = await appWithAdmin({ now }));
  course = await createCourse(t.db, { title: 'Pâtes fraîches en duo', isLive: true, priceCents: 6000 });
});
afterAll(() => t.close());

const read = async <T>(res: Response) => (await res.json()) as T;
const learners = async (n: number) => (await createSignedInLearners(t, n)) as SignedInLearner[];
const sessionIn = async (hours: number, capacity = 10) => (await createSession(t.db, course.id, { startsAt: new Date(clock + hours * HOUR), capacity })).id;
const hold = (who: SignedInLearner, sessionId: string, extra: Record<string, unknown> = {}) =>
  send(t, 'POST', '/api/booking/holds', { cookie: who.cookie, body: { sessionId, ...extra } });
const cancel = (who: SignedInLearner, id: string, body: Record<string, unknown> = {}) =>
  send(t, 'POST', `/api/booking/reservations/${id}/cancel`, { cookie: who.cookie, body: { idempotencyKey: newKey(), ...body } });
const publicSession = async (sessionId: string) => {
  const { body } = await t.json<CourseResponse>(`/api/courses/${course.id}`);
  return body.course.sessions.find((s) => s.id === sessionId);
};
const roster = async (sessionId: string) => read<RosterResponse>(await send(t, 'GET', `/api/admin/sessions/${sessionId}/roster`, { cookie: admin.cookie }));
const adminSession = async (sessionId: string) =>
  (await read<{ course: AdminCourseDetail }>(await send(t, 'GET', `/api/admin/courses/${course.id}`, { cookie: admin.cookie }))).course.sessions.find((s) => s.id === sessionId);
const refundsOf = (orderId: string) => t.db.select().from(refunds).where(eq(refunds.orderId, orderId));

/** Holds `seats` seats, pays them in one payment on the sandbox, and lets the payment event confirm the booking. */
async function bookAndPay(who: SignedInLearner, sessionId: string, seats: number, guests: string[] = []) {
  const held = await hold(who, sessionId, { seats, guests });
  expect(held.status).toBe(201);
  const { hold: h } = await read<HoldResponse>(held);
  const res = await checkout(t, who.cookie, { province: 'QC', items: [{ courseId: course.id, sessionId }] });
  expect(res.status).toBe(201);
  const paid = await confirm(t, who.cookie, res.body.payment!, SUCCESS_CARD);
  expect(paid.body.status).toBe('succeeded');
  expect((await deliverEvents(t)).statuses.every((s) => s === 200)).toBe(true);
  return { reservationId: h.id, order: res.body.order };
}

describe('a booking of several seats', () => {
  it('holds them under one hold, pays the seat’s price × seats in one payment (taxes on the line), and every count sums the seats', async () => {
    const sessionId = await sessionIn(72);
    const [lea] = await learners(1);

    const held = await hold(lea!, sessionId, { seats: 2, guests: [' Marie '] });
    expect(held.status).toBe(201);
    const { hold: h } = await read<HoldResponse>(held);
    expect(h).toMatchObject({ status: 'pending_payment', seats: 2, guests: ['Marie'] });
    expect(h.expiresAt).toBe(new Date(clock + 15 * 60_000).toISOString());
    expect((await publicSession(sessionId))?.seatsLeft).toBe(8);
    // The kit, not asked: scaled to the seats (the kit's 2 servings for each seat, none written: DEFAULT_KIT_SERVINGS).
    const [row] = await t.db.select().from(reservations).where(eq(reservations.id, h.id));
    expect(row).toMatchObject({ seats: 2, guestNames: ['Marie'], servings: 4 });

    // Asking again changes the unpaid hold (3 seats; the guest named stays): still one booking.
    const again = await hold(lea!, sessionId, { seats: 3 });
    expect(again.status).toBe(200);
    expect((await read<HoldResponse>(again)).hold).toMatchObject({ id: h.id, seats: 3, guests: ['Marie', ''] });
    expect((await publicSession(sessionId))?.seatsLeft).toBe(7);
    expect(await t.db.select().from(reservations).where(eq(reservations.sessionId, sessionId))).toHaveLength(1);
    expect((await hold(lea!, sessionId, { seats: 2, guests: ['Marie'] })).status).toBe(200);

    const res = await checkout(t, lea!.cookie, { province: 'QC', items: [{ courseId: course.id, sessionId }] });
    expect(res.status).toBe(201);
    const { order } = res.body;
    expect(order.lines).toHaveLength(1);
    expect(order.lines[0]).toMatchObject({ kind: 'live_class', seats: 2, amountCents: 12_000, discountCents: 0 });
    expect(order.lines[0]!.description).toContain('— 2 places');
    // Québec: GST 5 % and QST 9,975 % on the line of 120 $.
    expect(order.subtotalCents).toBe(12_000);
    expect(order.taxCents).toBe(600 + 1197);
    expect(order.totalCents).toBe(13_797);

    const paid = await confirm(t, lea!.cookie, res.body.payment!, SUCCESS_CARD);
    expect(paid.body.status).toBe('succeeded');
    expect((await deliverEvents(t)).statuses.every((s) => s === 200)).toBe(true);
    const [after] = await t.db.select().from(reservations).where(eq(reservations.id, h.id));
    expect(after).toMatchObject({ status: 'confirmed', seats: 2, guestNames: ['Marie'] });

    // The roster: seats per booking and their total; the session's seats taken everywhere the same sum.
    const [ben] = await learners(1);
    await bookAndPay(ben!, sessionId, 1);
    const list = await roster(sessionId);
    // Listed by name, and both learners are « Apprenant 1 » (each batch numbers from 1): the order
    // between them is the database's; compared by seats.
    expect(list.attendees.map((a) => [a.name, a.seats, a.guests]).sort((a, b) => Number(b[1]) - Number(a[1]))).toEqual([
      [lea!.fullName, 2, ['Marie']],
      [ben!.fullName, 1, []],
    ]);
    expect(list.confirmedSeats).toBe(3);
    expect(list.session.seatsTaken).toBe(3);
    expect(list.attendees.find((a) => a.seats === 2)!.paidCents).toBe(12_000);
    expect((await publicSession(sessionId))?.seatsLeft).toBe(7);
    expect(await adminSession(sessionId)).toMatchObject({ seatsTaken: 3, maxSeatsPerBooking: 6 });
    const csv = await (await send(t, 'GET', `/api/admin/sessions/${sessionId}/roster.csv`, { cookie: admin.cookie })).text();
    expect(csv).toContain(`${lea!.fullName};${lea!.id}@exemple.test;Confirmée;2;`);
  });

  it('caps: 1 to 6, the session’s « places par réservation » set by the admin, and the seats left — each refused in French, nothing held', async () => {
    const sessionId = await sessionIn(72, 5);
    const [a, b] = await learners(2);

    for (const seats of [0, 7, 1.5]) {
      const res = await hold(a!, sessionId, { seats });
      expect(res.status).toBe(400);
      expect((await read<ApiErrorBody>(res)).error.fields?.seats).toBe('Choisissez entre 1 et 6 places.');
    }
    const tooManyGuests = await hold(a!, sessionId, { seats: 2, guests: ['Marie', 'Paul'] });
    expect(tooManyGuests.status).toBe(400);
    expect((await read<ApiErrorBody>(tooManyGuests)).error.fields?.guests).toBe('Un prénom par place en plus de la vôtre.');

    const edited = await send(t, 'PATCH', `/api/admin/courses/${course.id}/sessions/${sessionId}`, { cookie: admin.cookie, body: { maxSeatsPerBooking: 3 } });
    expect(edited.status).toBe(200);
    expect((await read<{ session: { maxSeatsPerBooking: number } }>(edited)).session).toMatchObject({ maxSeatsPerBooking: 3 });
    expect((await publicSession(sessionId))?.maxSeatsPerBooking).toBe(3);
    const overCap = await hold(a!, sessionId, { seats: 4 });
    expect(overCap.status).toBe(400);
    expect((await read<ApiErrorBody>(overCap)).error).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Au plus 3 places par réservation pour cette séance.' });

    expect((await hold(a!, sessionId, { seats: 3 })).status).toBe(201);
    const short = await hold(b!, sessionId, { seats: 3 });
    expect(short.status).toBe(409);
    expect((await read<ApiErrorBody>(short)).error).toMatchObject({ code: 'SESSION_FULL', message: 'Il ne reste que 2 places pour cette séance : vous en demandez 3.' });
    expect((await hold(b!, sessionId, { seats: 2 })).status).toBe(201);
    expect((await publicSession(sessionId))?.seatsLeft).toBe(0);
    const full = await hold((await learners(1))[0]!, sessionId);
    expect((await read<ApiErrorBody>(full)).error).toMatchObject({ code: 'SESSION_FULL', message: 'Cette séance est complète.' });
    // Growing one's own hold beyond what is left is refused too; the hold stays as it was.
    const grow = await hold(b!, sessionId, { seats: 3 });
    expect(grow.status).toBe(409);
    expect((await read<ApiErrorBody>(grow)).error.message).toBe('Il ne reste que 2 places pour cette séance : vous en demandez 3.');
    // Asking again without the seats keeps the hold's own (a retry of the booking page, a second tab).
    expect((await read<HoldResponse>(await hold(b!, sessionId))).hold).toMatchObject({ seats: 2 });
    const rows = await t.db.select().from(reservations).where(eq(reservations.sessionId, sessionId));
    expect(rows.reduce((s, r) => s + r.seats, 0)).toBe(5);
  });
});

describe('cancelling one seat or all (48 hours per booking)', () => {
  it('≥ 48 h: one seat of two refunds half; asking again does nothing more; the last seat refunds the rest, to the cent', async () => {
    const sessionId = await sessionIn(72);
    const [lea] = await learners(1);
    const { reservationId, order } = await bookAndPay(lea!, sessionId, 2, ['Marie']);
    expect(order.totalCents).toBe(13_797);

    const view = (await read<ReservationResponse>(await send(t, 'GET', `/api/booking/reservations/${reservationId}`, { cookie: lea!.cookie }))).reservation;
    expect(view).toMatchObject({ seats: 2, guests: ['Marie'], cancellation: { allowed: true, refundable: true, seatShareCents: 6000 } });

    const first = await cancel(lea!, reservationId, { keepSeats: 1 });
    expect(first.status).toBe(200);
    const body = await read<CancelReservationResponse>(first);
    expect(body.reservation).toMatchObject({ status: 'confirmed', seats: 1, guests: [] });
    expect(body.refund).toMatchObject({ status: 'pending', subtotalCents: 6000 });
    // Half of 137,97 $ (the taxes in proportion).
    expect(Math.abs(body.refund!.totalCents - 13_797 / 2)).toBeLessThanOrEqual(1);
    expect((await publicSession(sessionId))?.seatsLeft).toBe(9);

    // The same request again (a retry, a double click): the same refund, nothing more.
    const repeat = await cancel(lea!, reservationId, { keepSeats: 1 });
    expect(repeat.status).toBe(200);
    expect((await read<CancelReservationResponse>(repeat)).refund?.id).toBe(body.refund!.id);
    const concurrent = await Promise.all([cancel(lea!, reservationId, { keepSeats: 1 }), cancel(lea!, reservationId, { keepSeats: 1 })]);
    expect(concurrent.map((r) => r.status)).toEqual([200, 200]);
    expect(await refundsOf(order.id)).toEqual([expect.objectContaining({ idempotencyKey: `cancel:${reservationId}:keep:1`, subtotalCents: 6000 })]);
    // One e-mail, however many times it was asked: how many seats were given back, what is left, the refund.
    const mails = await t.db.select().from(emailDeliveries).where(like(emailDeliveries.dedupeKey, `reservation.seats_given_back:${reservationId}:%`));
    expect(mails.map((m) => m.dedupeKey)).toEqual([`reservation.seats_given_back:${reservationId}:keep:1`]);
    const mail = (await t.jobs.get(QUEUES.emailSend, { key: mails[0]!.dedupeKey }))!.data.mail;
    expect(mail.subject).toMatch(/^Place rendue : /);
    expect(mail.text).toContain('Vous avez rendu 1 place pour le cours');
    expect(mail.text).toContain('Votre réservation compte maintenant 1 place : vous.');
    expect(mail.text.replaceAll('\u00a0', ' ')).toContain(`Le remboursement de la part des places rendues, ${formatPrice(body.refund!.totalCents).replaceAll('\u00a0', ' ')} taxes comprises, a été demandé`);

    expect((await deliverEvents(t)).statuses.every((s) => s === 200)).toBe(true);
    const partly = await read<OrderResponse>(await send(t, 'GET', `/api/orders/${order.id}`, { cookie: lea!.cookie }));
    expect(partly.order.status).toBe('partially_refunded');
    const [line] = await t.db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
    expect(line).toMatchObject({ seats: 2, refundedCents: 6000 });
    expect((await roster(sessionId)).attendees.find((a) => a.reservationId === reservationId)).toMatchObject({ seats: 1 });

    // The last seat: the whole booking cancelled, what is left refunded; the two refunds add up to the order.
    const last = await cancel(lea!, reservationId);
    expect(last.status).toBe(200);
    const lastBody = await read<CancelReservationResponse>(last);
    expect(lastBody.reservation).toMatchObject({ status: 'cancelled', cancelReason: 'learner_refunded' });
    expect(lastBody.refund).toMatchObject({ subtotalCents: 6000 });
    expect(body.refund!.totalCents + lastBody.refund!.totalCents).toBe(13_797);
    expect((await publicSession(sessionId))?.seatsLeft).toBe(10);
    expect((await deliverEvents(t)).statuses.every((s) => s === 200)).toBe(true);
    expect((await read<OrderResponse>(await send(t, 'GET', `/api/orders/${order.id}`, { cookie: lea!.cookie }))).order.status).toBe('refunded');
    // Asking to keep one seat of a cancelled booking changes nothing.
    expect((await read<CancelReservationResponse>(await cancel(lea!, reservationId, { keepSeats: 1 }))).reservation.status).toBe('cancelled');
    expect(await refundsOf(order.id)).toHaveLength(2);
  });

  it('the learner says who no longer comes: that guest’s name and dietary needs leave with the seat; a wrong choice is refused in French', async () => {
    // Before the kit's 72 h: the needs may still be said.
    const sessionId = await sessionIn(96);
    const [lea] = await learners(1);
    const { reservationId } = await bookAndPay(lea!, sessionId, 3, ['Marie', 'Paul']);
    const needs = [
      { needs: ['vegetarian'], note: '' },
      { needs: ['gluten_free'], note: 'cœliaque' },
      { needs: ['nut_free'], note: '' },
    ];
    expect((await send(t, 'PUT', `/api/booking/reservations/${reservationId}/dietary-needs`, { cookie: lea!.cookie, body: { needs } })).status).toBe(200);
    // No such guest, two guests for one seat, the learner's own seat: nothing changes.
    for (const dropGuests of [[3], [1, 2], [0]]) {
      const refused = await cancel(lea!, reservationId, { keepSeats: 2, dropGuests });
      expect(refused.status).toBe(400);
      const { error } = await read<ApiErrorBody>(refused);
      expect(error.code).toBe('VALIDATION_FAILED');
      if (dropGuests[0] !== 0) expect(error.message).toBe('Choisissez qui ne vient plus : 1 place parmi vos invités.');
    }
    expect((await t.db.select().from(reservations).where(eq(reservations.id, reservationId)))[0]!.seats).toBe(3);
    const res = await cancel(lea!, reservationId, { keepSeats: 2, dropGuests: [1] });
    expect(res.status).toBe(200);
    expect((await read<CancelReservationResponse>(res)).reservation).toMatchObject({ seats: 2, guests: ['Paul'] });
    const [row] = await t.db.select().from(reservations).where(eq(reservations.id, reservationId));
    expect(row!.dietaryNeeds).toEqual([needs[0], needs[2]]);
    expect((await roster(sessionId)).attendees.find((a) => a.reservationId === reservationId)).toMatchObject({ seats: 2, guests: ['Paul'], needs: [needs[0], needs[2]] });
  });

  it('within 48 h: one seat is freed without refund once the learner accepts it', async () => {
    const sessionId = await sessionIn(30);
    const [lea] = await learners(1);
    const { reservationId, order } = await bookAndPay(lea!, sessionId, 3);
    const refused = await cancel(lea!, reservationId, { keepSeats: 2 });
    expect(refused.status).toBe(409);
    expect((await read<ApiErrorBody>(refused)).error.code).toBe('NO_REFUND_NOT_ACCEPTED');
    const res = await cancel(lea!, reservationId, { keepSeats: 2, acceptNoRefund: true });
    expect(res.status).toBe(200);
    const body = await read<CancelReservationResponse>(res);
    expect(body).toMatchObject({ refund: null, reservation: { status: 'confirmed', seats: 2 } });
    const [late] = await t.db.select().from(emailDeliveries).where(eq(emailDeliveries.dedupeKey, `reservation.seats_given_back:${reservationId}:keep:2`));
    expect((await t.jobs.get(QUEUES.emailSend, { key: late!.dedupeKey }))!.data.mail.text).toContain('moins de 48 heures avant le cours : comme le prévoit notre politique d’annulation'.replace('’', "'"));
    expect((await publicSession(sessionId))?.seatsLeft).toBe(8);
    expect(await refundsOf(order.id)).toHaveLength(0);
  });
});

describe('coming back for another session', () => {
  it('a learner who attended one session books another of the same course; a second booking of the same session is refused', async () => {
    const first = await sessionIn(72);
    const second = await sessionIn(24 * 30);
    const [lea] = await learners(1);
    const attended = await bookAndPay(lea!, first, 1);

    // The same session again: the booking already made, never a second one.
    const same = await hold(lea!, first, { seats: 2 });
    expect(same.status).toBe(200);
    expect((await read<HoldResponse>(same)).hold).toMatchObject({ id: attended.reservationId, status: 'confirmed', seats: 1 });
    const dup = await checkout(t, lea!.cookie, { province: 'QC', items: [{ courseId: course.id, sessionId: first }] });
    expect(dup.status).toBe(409);
    expect(dup.body.error?.code).toBe('ALREADY_BOOKED');

    const again = await bookAndPay(lea!, second, 2);
    const mine = await t.db.select().from(reservations).where(and(eq(reservations.userId, lea!.id), inArray(reservations.sessionId, [first, second])));
    expect(mine.map((r) => [r.sessionId, r.status, r.seats]).sort()).toEqual(
      [
        [first, 'confirmed', 1],
        [second, 'confirmed', 2],
      ].sort(),
    );
    expect(again.order.lines[0]).toMatchObject({ seats: 2, amountCents: 12_000 });
  });
});

describe('a crowd on a 10-seat session', () => {
  it('200 bookings of 1 to 4 seats at once: never more than 10 seats; every refusal a clean 409; none refused that still fits', async () => {
    const sessionId = await sessionIn(72, 10);
    const crowd = await learners(200);
    const asked = crowd.map((_, i) => 1 + (i % 4));
    const answers = await Promise.all(crowd.map((l, i) => hold(l, sessionId, { seats: asked[i] })));
    const won = answers.flatMap((r, i) => (r.status === 201 ? [asked[i]!] : []));
    const refused = answers.flatMap((r, i) => (r.status === 409 ? [asked[i]!] : []));
    expect(won.length + refused.length).toBe(200);
    for (const res of answers.filter((r) => r.status === 409)) expect((await read<ApiErrorBody>(res)).error.code).toBe('SESSION_FULL');
    const held = won.reduce((s, n) => s + n, 0);
    expect(held).toBeLessThanOrEqual(10);
    const rows = await t.db.select().from(reservations).where(eq(reservations.sessionId, sessionId));
    expect(rows.reduce((s, r) => s + r.seats, 0)).toBe(held);
    // Nobody was refused who would have fitted in what is left.
    expect(10 - held).toBeLessThan(Math.min(...refused));
    expect((await publicSession(sessionId))?.seatsLeft).toBe(10 - held);
  }, 120_000);
});
