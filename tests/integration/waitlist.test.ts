// « Liste d'attente » (docs/decisions/0050) on the real database: joining a full session with the
// seats wanted (French errors, right statuses), leaving; a cancellation offers the freed seat to the
// first in line as a real 15-minute hold, with « Une place s'est libérée » (e-mail + notification);
// an offer let lapse (the clock moved, the hold's own job run) passes to the next, who pays; a
// request too big waits while a smaller one behind it fits; a freed seat with three waiting is
// offered to exactly one, whatever runs the promotion at once (two instances' services on one database,
// each with its own pool of connections on PostgreSQL).
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { ApiErrorBody } from '@shared/errors';
import type { HoldResponse } from '@shared/schemas/booking';
import type { RosterResponse } from '@shared/schemas/rosters';
import type { WaitlistEntryResponse, WaitlistListResponse } from '@shared/schemas/waitlist';
import { emailDeliveries, notifications, reservations, waitlistEntries } from '../../src/server/db/schema';
import { openDatabase } from '../../src/server/db/client';
import { holdExpiryWorker } from '../../src/server/jobs/hold-expiry';
import { QUEUES } from '../../src/server/jobs/queues';
import { waitlistPromoteWorker } from '../../src/server/modules/waitlist/jobs';
import { createWaitlistService, seatsFreed } from '../../src/server/modules/waitlist/service';
import { createCourse, createReservation, createSession, createUser } from '../factories';
import { createSignedInLearners, type SignedInLearner } from '../factories/accounts';
import { send } from '../setup/auth-client';
import { appWithAdmin, type SignedInAdmin } from '../setup/app-with-admin';
import { checkout, confirm, deliverEvents, newKey, SUCCESS_CARD } from '../setup/payments';
import type { TestApp } from '../setup/test-app';
import { testMigrationsDir } from '../setup/test-db';
import { testNow } from '../setup/test-clock';

const HOUR = 3_600_000;
const MINUTE = 60_000;
let clock = testNow().getTime();
const now = () => new Date(clock);

let t: TestApp;
let admin: SignedInAdmin;
let course: { id: string; title: string };

beforeAll(async () => {
  ({ t, admin } = await appWithAdmin({ now }));
  course = await createCourse(t.db, { title: 'Tourtière du Lac', isLive: true, priceCents: 5000 });
});
afterAll(() => t.close());

const read = async <T>(res: Response) => (await res.json()) as T;
const learners = (n: number) => createSignedInLearners(t, n) as Promise<SignedInLearner[]>;
const sessionIn = async (hours: number, capacity: number, extra: { maxSeatsPerBooking?: number } = {}) =>
  (await createSession(t.db, course.id, { startsAt: new Date(clock + hours * HOUR), capacity, ...extra })).id;
const join = (who: SignedInLearner, sessionId: string, seats: unknown = 1) => send(t, 'POST', '/api/waitlist', { cookie: who.cookie, body: { sessionId, seats } });
const mine = async (who: SignedInLearner) => (await read<WaitlistListResponse>(await send(t, 'GET', `/api/waitlist?courseId=${course.id}`, { cookie: who.cookie }))).entries;
const leave = (who: SignedInLearner, id: string) => send(t, 'DELETE', `/api/waitlist/${id}`, { cookie: who.cookie });
const hold = (who: SignedInLearner, sessionId: string, seats = 1) => send(t, 'POST', '/api/booking/holds', { cookie: who.cookie, body: { sessionId, seats } });
const entriesOf = (sessionId: string) => t.db.select().from(waitlistEntries).where(eq(waitlistEntries.sessionId, sessionId));
const liveHolds = (sessionId: string, userId: string) =>
  t.db.select().from(reservations).where(and(eq(reservations.sessionId, sessionId), eq(reservations.userId, userId), eq(reservations.status, 'pending_payment')));
/** A session made full by someone else's confirmed seats. */
async function fullSession(capacity: number) {
  const sessionId = await sessionIn(96, capacity);
  const [owner] = await learners(1);
  const seat = await createReservation(t.db, sessionId, owner!.id, { seats: capacity });
  return { sessionId, seat, owner: owner! };
}
/** The offer's hold ends: the clock past it, and its own job (what pg-boss runs at that moment). */
async function lapse(reservationId: string) {
  const [row] = await t.db.select().from(reservations).where(eq(reservations.id, reservationId));
  clock = row!.holdExpiresAt!.getTime() + MINUTE;
  return holdExpiryWorker(t.deps, { seatsFreed: (id) => seatsFreed(t.deps, id) })({ data: { reservationId } });
}
/** The learner's own cancellation, through the app (no refund: nothing was paid for this seat). */
const cancelSeat = (ownerCookie: string, id: string) => send(t, 'POST', `/api/booking/reservations/${id}/cancel`, { cookie: ownerCookie, body: { acceptNoRefund: true, idempotencyKey: newKey() } });

describe('joining and leaving a waitlist', () => {
  it('joins a full session with the seats wanted, answers a repeat with the same place, and says in French what is refused', async () => {
    const { sessionId } = await fullSession(2);
    const [ana, ben] = await learners(2);

    expect((await send(t, 'POST', '/api/waitlist', { body: { sessionId, seats: 1 } })).status).toBe(401);
    const bad = await join(ana!, sessionId, 9);
    expect(bad.status).toBe(400);
    expect((await read<ApiErrorBody>(bad)).error.fields?.seats).toBe('Choisissez entre 1 et 6 places.');
    const capped = await sessionIn(96, 1, { maxSeatsPerBooking: 2 });
    await createReservation(t.db, capped, (await createUser(t.db)).id);
    const tooMany = await join(ana!, capped, 3);
    expect(tooMany.status).toBe(400);
    expect((await read<ApiErrorBody>(tooMany)).error.message).toBe('Au plus 2 places par réservation pour cette séance.');
    const open = await sessionIn(96, 5);
    const free = await join(ana!, open, 2);
    expect(free.status).toBe(409);
    expect((await read<ApiErrorBody>(free)).error).toMatchObject({ code: 'WAITLIST_SEATS_FREE', message: 'Il reste assez de places pour cette séance : réservez directement.' });
    expect((await join(ana!, '00000000-0000-4000-8000-000000000000')).status).toBe(404);

    const first = await join(ana!, sessionId, 2);
    expect(first.status).toBe(201);
    const { entry } = await read<WaitlistEntryResponse>(first);
    expect(entry).toMatchObject({ sessionId, seats: 2, status: 'waiting', position: 1, offerExpiresAt: null });
    // Again (a double click): the same place; another number of seats keeps the place in line.
    const again = await join(ana!, sessionId, 1);
    expect(again.status).toBe(200);
    expect((await read<WaitlistEntryResponse>(again)).entry).toMatchObject({ id: entry!.id, seats: 1, position: 1 });
    expect((await read<WaitlistEntryResponse>(await join(ben!, sessionId))).entry).toMatchObject({ position: 2 });
    expect(await mine(ben!)).toMatchObject([{ sessionId, position: 2, courseTitle: course.title }]);

    // Someone with a seat there does not wait for one.
    const holder = await learners(1);
    const open2 = await sessionIn(96, 1);
    expect((await hold(holder[0]!, open2)).status).toBe(201);
    const has = await join(holder[0]!, open2);
    expect(has.status).toBe(409);
    expect((await read<ApiErrorBody>(has)).error.message).toBe('Vous avez déjà une place pour cette séance.');

    // Leaving: Ben moves up; again is harmless; another's entry is not found.
    expect((await leave(ben!, entry!.id)).status).toBe(404);
    expect((await leave(ana!, entry!.id)).status).toBe(200);
    expect((await leave(ana!, entry!.id)).status).toBe(200);
    expect(await mine(ana!)).toEqual([]);
    expect(await mine(ben!)).toMatchObject([{ position: 1 }]);
    expect((await leave(ana!, 'pas-un-id')).status).toBe(404);

    // The roster shows the line.
    const roster = await read<RosterResponse>(await send(t, 'GET', `/api/admin/sessions/${sessionId}/roster`, { cookie: admin.cookie }));
    expect(roster.waitlist).toMatchObject([{ name: ben!.fullName, seats: 1, status: 'waiting', offerExpiresAt: null }]);
  });
});

describe('offering freed seats', () => {
  it('a cancellation offers the seat to the first in line; she lets it lapse; the next gets it and pays', async () => {
    const { sessionId, seat, owner } = await fullSession(1);
    const [ana, ben] = await learners(2);
    await join(ana!, sessionId);
    await join(ben!, sessionId);
    expect((await cancelSeat(owner.cookie, seat.id)).status).toBe(200);
    const [anaEntry] = await mine(ana!);
    expect(anaEntry).toMatchObject({ status: 'offered', position: null });
    expect(new Date(anaEntry!.offerExpiresAt!).getTime()).toBe(clock + 15 * MINUTE);
    const [anaHold] = await liveHolds(sessionId, ana!.id);
    expect(anaHold).toMatchObject({ seats: 1, status: 'pending_payment' });
    expect(await mine(ben!)).toMatchObject([{ status: 'waiting', position: 1 }]);
    const [mail] = await t.db.select().from(emailDeliveries).where(eq(emailDeliveries.dedupeKey, `waitlist.offer:${anaEntry!.id}`));
    expect(mail).toMatchObject({ kind: 'waitlist.offer' });
    const [notice] = await t.db.select().from(notifications).where(and(eq(notifications.userId, ana!.id), eq(notifications.kind, 'waitlist.offer')));
    expect(notice).toMatchObject({ title: "Une place s'est libérée", link: `/payment/${course.id}` });
    // Promotion again (another caller, a retry): nothing more is offered.
    expect(await seatsFreed(t.deps, sessionId)).toBe(0);
    // The hold is where the payment page finds it.
    expect((await read<HoldResponse>(await send(t, 'GET', `/api/booking/holds/current?courseId=${course.id}`, { cookie: ana!.cookie }))).hold?.id).toBe(anaHold!.id);

    expect(await lapse(anaHold!.id)).toBe('expired');
    expect(await mine(ana!)).toEqual([]);
    const [benEntry] = await mine(ben!);
    expect(benEntry).toMatchObject({ status: 'offered' });
    const statuses = Object.fromEntries((await entriesOf(sessionId)).map((e) => [e.userId, e.status]));
    expect(statuses).toMatchObject({ [ana!.id]: 'lapsed', [ben!.id]: 'offered' });

    // Ben pays the hold he was offered.
    const res = await checkout(t, ben!.cookie, { province: 'QC', items: [{ courseId: course.id, sessionId }] });
    expect(res.status).toBe(201);
    expect((await confirm(t, ben!.cookie, res.body.payment!, SUCCESS_CARD)).body.status).toBe('succeeded');
    await deliverEvents(t);
    const [paid] = await t.db.select().from(reservations).where(and(eq(reservations.sessionId, sessionId), eq(reservations.userId, ben!.id)));
    expect(paid!.status).toBe('confirmed');
    await seatsFreed(t.deps, sessionId);
    expect((await entriesOf(sessionId)).find((e) => e.userId === ben!.id)?.status).toBe('booked');
  });

  it('« Céder ma place » gives the offer to the next at once; a request too big waits while a smaller one behind it fits', async () => {
    const { sessionId, seat, owner } = await fullSession(2);
    const [big, small, last] = await learners(3);
    await join(big!, sessionId, 3);
    await join(small!, sessionId, 1);
    await join(last!, sessionId, 1);
    // One seat of two given back: only « small » fits.
    expect((await send(t, 'POST', `/api/booking/reservations/${seat.id}/cancel`, { cookie: owner.cookie, body: { acceptNoRefund: true, keepSeats: 1, idempotencyKey: newKey() } })).status).toBe(200);
    expect(await mine(big!)).toMatchObject([{ status: 'waiting', position: 1 }]);
    const [offer] = await mine(small!);
    expect(offer).toMatchObject({ status: 'offered', seats: 1 });
    expect(await mine(last!)).toMatchObject([{ status: 'waiting', position: 2 }]);

    expect((await leave(small!, offer!.id)).status).toBe(200);
    expect(await liveHolds(sessionId, small!.id)).toHaveLength(0);
    expect(await mine(last!)).toMatchObject([{ status: 'offered' }]);
  });

  it('capacity raised by the admin goes to the line', async () => {
    const { sessionId } = await fullSession(1);
    const [ana] = await learners(1);
    await join(ana!, sessionId, 2);
    const res = await send(t, 'PATCH', `/api/admin/courses/${course.id}/sessions/${sessionId}`, { cookie: admin.cookie, body: { capacity: 3 } });
    expect(res.status).toBe(200);
    expect(await mine(ana!)).toMatchObject([{ status: 'offered', seats: 2 }]);
  });

  it('every way a seat is freed also sends the promotion job in its own transaction (a crash after the commit leaves the offer to it); run, it offers nothing twice', async () => {
    const promotionJobs = async (sessionId: string) =>
      Number(((await t.db.execute(sql`select count(*)::int as n from pgboss.job where name = ${QUEUES.waitlistPromote} and data->>'sessionId' = ${sessionId}`)) as unknown as { rows: { n: number }[] }).rows[0]!.n);
    const [lea, ana] = await learners(2);
    // A hold given back, then one asked again with fewer seats.
    const holds = await sessionIn(96, 4);
    const held = await read<HoldResponse>(await hold(lea!, holds, 3));
    expect(await promotionJobs(holds)).toBe(0);
    expect((await send(t, 'POST', '/api/booking/holds', { cookie: lea!.cookie, body: { sessionId: holds, seats: 2 } })).status).toBe(200);
    expect(await promotionJobs(holds)).toBe(1);
    expect((await send(t, 'DELETE', `/api/booking/holds/${held.hold.id}`, { cookie: lea!.cookie })).status).toBe(200);
    expect(await promotionJobs(holds)).toBe(2);
    // A seat given back, then the whole booking cancelled, with someone waiting.
    const { sessionId, seat, owner } = await fullSession(2);
    await join(ana!, sessionId, 2);
    expect((await send(t, 'POST', `/api/booking/reservations/${seat.id}/cancel`, { cookie: owner.cookie, body: { acceptNoRefund: true, keepSeats: 1, idempotencyKey: newKey() } })).status).toBe(200);
    expect(await promotionJobs(sessionId)).toBe(1);
    expect((await cancelSeat(owner.cookie, seat.id)).status).toBe(200);
    expect(await promotionJobs(sessionId)).toBe(2);
    expect(await mine(ana!)).toMatchObject([{ status: 'offered', seats: 2 }]);
    // The job, run after the offer made at once: nothing more.
    expect(await waitlistPromoteWorker(t.deps)({ data: { sessionId } })).toBe(0);
    expect((await entriesOf(sessionId)).filter((e) => e.status === 'offered')).toHaveLength(1);
    // Capacity raised by the admin.
    const raised = await sessionIn(96, 1);
    const res = await send(t, 'PATCH', `/api/admin/courses/${course.id}/sessions/${raised}`, { cookie: admin.cookie, body: { capacity: 2 } });
    expect(res.status).toBe(200);
    expect(await promotionJobs(raised)).toBe(1);
  });

  it('a freed seat with three waiting is offered to exactly one, however many promotions run at once (two instances on one database)', async () => {
    // On PostgreSQL the second instance has its own pool of connections, as another process would;
    // PGlite lives in one process, where both run on its one connection.
    const second = t.databaseUrl ? await openDatabase({ url: t.databaseUrl, migrationsDir: testMigrationsDir, poolSize: 10 }) : null;
    onTestFinished(() => second?.close());
    for (let round = 0; round < 3; round++) {
      const { sessionId, seat } = await fullSession(1);
      const waiting = await learners(3);
      for (const w of waiting) expect((await join(w, sessionId)).status).toBe(201);
      await t.db.update(reservations).set({ status: 'cancelled', cancelReason: 'learner_no_refund', cancelledAt: now() }).where(eq(reservations.id, seat.id));
      const other = { ...t.deps, database: second ?? t.deps.database };
      const offered = await Promise.all([seatsFreed(t.deps, sessionId), seatsFreed(other, sessionId), seatsFreed(t.deps, sessionId), seatsFreed(other, sessionId)]);
      expect(offered.reduce((a, b) => a + b, 0)).toBe(1);
      const entries = await entriesOf(sessionId);
      expect(entries.filter((e) => e.status === 'offered').map((e) => e.userId)).toEqual([waiting[0]!.id]);
      const holds = await t.db.select().from(reservations).where(and(eq(reservations.sessionId, sessionId), eq(reservations.status, 'pending_payment')));
      expect(holds).toHaveLength(1);
      // A learner's own leave racing the promotion changes nothing of that.
      await Promise.all([createWaitlistService(t.deps).leave(waiting[2]!.id, entries.find((e) => e.userId === waiting[2]!.id)!.id), seatsFreed(other, sessionId)]);
      expect((await t.db.select().from(reservations).where(and(eq(reservations.sessionId, sessionId), eq(reservations.status, 'pending_payment'))))).toHaveLength(1);
    }
  });
});
