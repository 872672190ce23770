// Seat holds: a learner holds 1 to 6 seats of a live session (one booking, docs/decisions/0047) for
// HOLD_MINUTES while paying. The seat sum and the insert happen in ONE transaction with the session
// row locked, so 200 people clicking at once on a 10-seat session never hold more than 10 seats;
// asking again returns the same hold (with the seats, guests and servings asked this time, unpaid).
import { HOLD_MINUTES, seatsLabel } from '@shared/booking';
import { needsFor, type SeatNeeds } from '@shared/dietary';
import { defaultServings, SERVINGS_MAX } from '@shared/prep-kit';
import type { HoldView } from '@shared/schemas/booking';
import type { Viewer } from '@shared/access';
import { entitlement, notForSaleMessage } from '@shared/entitlements';
import type { Deps } from '../../deps';
import { AppError } from '../../http/app-error';
import { scheduleHoldExpiry } from '../../jobs/hold-expiry';
import { invalidatePublicCache } from '../../web/public-cache';
import { isUuid } from '../params';
import * as repo from './repository';
import { promoteLater } from '../waitlist/jobs';
import { seatsFreed } from '../waitlist/service';
import { createSessionGate } from './session-gate';
import type { HoldRow } from './repository';

const MINUTE_MS = 60_000;
const UNIQUE_VIOLATION = '23505';

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === UNIQUE_VIOLATION || e?.cause?.code === UNIQUE_VIOLATION;
}

function toView(row: HoldRow): HoldView {
  return {
    id: row.id,
    sessionId: row.sessionId,
    status: row.status,
    expiresAt: row.status === 'pending_payment' && row.holdExpiresAt ? row.holdExpiresAt.toISOString() : null,
    seats: row.seats,
    guests: row.guestNames,
    needs: needsFor(row.seats, row.dietaryNeeds),
  };
}

/** What a hold asks for: its seats, its guests' first names, the servings of its kit (null: not said). */
export type HoldAsk = { seats: number; guests: string[]; servings: number | null; needs: SeatNeeds[] };

/** « Il ne reste que 2 places » (409 SESSION_FULL): the session cannot take the seats asked. */
export function notEnoughSeats(left: number, asked: number): AppError {
  if (left <= 0 || asked <= 1) return new AppError('SESSION_FULL');
  return new AppError('SESSION_FULL', `Il ne reste que ${seatsLabel(left)} pour cette séance : vous en demandez ${asked}.`, { seats: `Au plus ${left}.` });
}

/** The guests kept for `seats` seats: one first name per extra seat, trimmed, '' when not given. */
function guestsFor(seats: number, guests: string[]): string[] {
  return Array.from({ length: seats - 1 }, (_, i) => guests[i]?.trim() ?? '');
}

export function createBookingService(deps: Pick<Deps, 'config' | 'database' | 'logger' | 'now'>) {
  const db = () => deps.database.db;
  const gate = createSessionGate();

  /** A reservation id from the URL that names one of the learner's own reservations; else 404. */
  async function own(userId: string, rawId: string): Promise<HoldRow> {
    if (!isUuid(rawId)) throw new AppError('RESERVATION_NOT_FOUND');
    const row = await repo.findOwnReservation(db(), rawId.toLowerCase(), userId);
    if (!row) throw new AppError('RESERVATION_NOT_FOUND');
    return row;
  }

  /**
   * Without the lock: a session already full, for someone without a seat there, is refused at once.
   * The read may be a moment old — a seat freed that instant goes to the next attempt, as if this
   * one came a moment earlier; a free seat it reports is always re-checked under the lock.
   */
  async function refuseIfFull(userId: string, sessionId: string, seats: number, now: Date): Promise<void> {
    const seen = await repo.seatSnapshot(db(), sessionId, userId, now);
    if (seen && !seen.mine && seen.taken + seats > seen.capacity) throw notEnoughSeats(seen.capacity - seen.taken, seats);
  }

  /** Sums and takes the seats with the session row locked: never over capacity, whatever the instances. */
  function holdUnderLock(viewer: Viewer, userId: string, sessionId: string, asked: Partial<HoldAsk>, now: Date): Promise<{ created: boolean; seatsChanged?: boolean; fewerSeats?: boolean; row: HoldRow }> {
    return db().transaction(async (tx) => {
      const session = await repo.lockSession(tx, sessionId);
      if (!session || session.courseStatus !== 'published') throw new AppError('SESSION_NOT_FOUND');
      // A seat of a subscribers-only class is never held for someone the checkout would refuse (DESIGN §7).
      const product = { kind: 'live_class', isPremium: session.courseIsPremium, priceCents: session.coursePriceCents, teacherId: session.courseTeacherId, hasOpenSession: true } as const;
      const access = entitlement(viewer, product);
      if (access.status === 'subscribers_only') throw new AppError('SUBSCRIBERS_ONLY', notForSaleMessage(access, session.courseTitle)!);
      if (session.status !== 'scheduled' || session.startsAt.getTime() <= now.getTime()) {
        throw new AppError('SESSION_UNAVAILABLE');
      }
      await repo.expireLapsedHolds(tx, sessionId, now);
      const { mine, taken } = await repo.mineAndTaken(tx, userId, sessionId, now);
      // A paid booking is not changed by asking again (cancelling seats is the reservation's own action).
      if (mine && mine.status !== 'pending_payment') return { created: false, row: mine };
      // What is not asked again stays as the hold has it.
      const seats = asked.seats ?? mine?.seats ?? 1;
      // The session's own cap (« Maximum par réservation »), at most 6.
      if (seats > session.maxSeatsPerBooking) {
        throw new AppError('VALIDATION_FAILED', `Au plus ${seatsLabel(session.maxSeatsPerBooking)} par réservation pour cette séance.`, {
          seats: `Au plus ${session.maxSeatsPerBooking}.`,
        });
      }
      const guestNames = guestsFor(seats, asked.guests ?? mine?.guestNames ?? []);
      const dietaryNeeds = needsFor(seats, asked.needs ?? mine?.dietaryNeeds);
      // Not said: the kit scaled to the seats (the kit's servings for each seat); one seat keeps the kit as written.
      const scaled = seats > 1 ? Math.min(SERVINGS_MAX, defaultServings(session.courseKitServings) * seats) : null;
      if (mine) {
        if (taken - mine.seats + seats > session.capacity) throw notEnoughSeats(session.capacity - taken + mine.seats, seats);
        const servings = asked.servings ?? (seats !== mine.seats ? scaled : mine.servings);
        const changed =
          mine.seats !== seats ||
          servings !== mine.servings ||
          guestNames.join('\u0000') !== mine.guestNames.join('\u0000') ||
          JSON.stringify(dietaryNeeds) !== JSON.stringify(needsFor(mine.seats, mine.dietaryNeeds));
        // Fewer seats: the others go to the waitlist — right after commit, and by a job sent here should that not happen.
        if (seats < mine.seats) await promoteLater(tx, sessionId, now);
        return { created: false, seatsChanged: mine.seats !== seats, fewerSeats: seats < mine.seats, row: changed ? await repo.updateHold(tx, mine.id, { seats, guestNames, servings, dietaryNeeds }, now) : mine };
      }
      const servings = asked.servings ?? scaled;
      if (taken + seats > session.capacity) throw notEnoughSeats(session.capacity - taken, seats);
      const row = await repo.insertHold(tx, {
        userId,
        sessionId,
        holdExpiresAt: new Date(now.getTime() + HOLD_MINUTES * MINUTE_MS),
        servings,
        seats,
        guestNames,
        dietaryNeeds,
        now,
      });
      // Written down as expired when it ends, if still unpaid (jobs/hold-expiry.ts).
      await scheduleHoldExpiry(tx, { reservationId: row.id, holdExpiresAt: row.holdExpiresAt!, now });
      return { created: true, row };
    });
  }

  return {
    async hold(viewer: Viewer & { userId: string }, sessionId: string, asked: Partial<HoldAsk> = {}): Promise<{ created: boolean; hold: HoldView }> {
      const { userId } = viewer;
      const now = deps.now();
      const id = sessionId.toLowerCase();
      // Asked seats (1 when not said: a learner asking again without them keeps their hold's, under the lock).
      // Read at this session's turn only: a read before queueing told nothing the turn does not, and
      // in a rush every attempt made it while none was refused yet (200 reads for nothing).
      const ask = { seats: asked.seats ?? 1 };
      let result: { created: boolean; seatsChanged?: boolean; fewerSeats?: boolean; row: HoldRow };
      try {
        result = await gate.run(id, userId, async (turn) => {
          if (turn.seenShort(ask.seats)) throw new AppError('SESSION_FULL');
          try {
            // Without the lock first: once full, the session is refused without a transaction.
            await refuseIfFull(userId, id, ask.seats, now);
            const held = await holdUnderLock(viewer, userId, id, asked, now);
            turn.markHolder();
            return held;
          } catch (err) {
            if (err instanceof AppError && err.code === 'SESSION_FULL') turn.markShort(ask.seats);
            throw err;
          }
        });
      } catch (err) {
        // The lock makes this unreachable through this route; the index still guards any other
        // writer, and its loser is answered with the winner's hold.
        if (!isUniqueViolation(err)) throw err;
        const mine = await repo.findLiveReservation(db(), userId, id);
        if (!mine) throw err;
        result = { created: false, row: mine };
      }
      // The course page's seats left: a new hold, or a hold asked again with another number of seats.
      if (result.created || result.seatsChanged) invalidatePublicCache();
      // A hold asked again with fewer seats gives the others back: to the waitlist first.
      if (result.fewerSeats) await seatsFreed(deps, id);
      return { created: result.created, hold: toView(result.row) };
    },

    /** The learner's seat still held on a session of this course, for the payment page after a reload. */
    async current(userId: string, courseId: string): Promise<HoldView | null> {
      const row = await repo.findCurrentHold(db(), userId, courseId.toLowerCase(), deps.now());
      return row ? toView(row) : null;
    },

    /** The learner's own reservation; an unpaid hold whose time is up is marked expired on the way. */
    async get(userId: string, rawId: string): Promise<HoldView> {
      const row = await own(userId, rawId);
      if (row.status === 'pending_payment' && row.holdExpiresAt && row.holdExpiresAt.getTime() <= deps.now().getTime()) {
        const expired = await repo.expireIfLapsed(db(), row.id, deps.now());
        if (expired) await seatsFreed(deps, row.sessionId);
        return toView(expired ?? (await own(userId, row.id)));
      }
      return toView(row);
    },

    /** Gives the seat back. Releasing an already released or expired hold answers its state again. */
    async release(userId: string, rawId: string): Promise<HoldView> {
      const row = await own(userId, rawId);
      if (row.status === 'confirmed') throw new AppError('RESERVATION_CONFIRMED');
      if (row.status !== 'pending_payment') return toView(row);
      // The seat goes to the waitlist right after commit, and by a job sent with the release should that not happen.
      const released = await db().transaction(async (tx) => {
        const done = await repo.releaseHold(tx, row.id, userId, deps.now());
        if (done?.heldSeat) await promoteLater(tx, done.row.sessionId, deps.now());
        return done;
      });
      // Nothing released: a concurrent release or payment got there first; answer what it left.
      if (!released) {
        const current = await own(userId, row.id);
        if (current.status === 'confirmed') throw new AppError('RESERVATION_CONFIRMED');
        return toView(current);
      }
      if (released.heldSeat) {
        invalidatePublicCache();
        await seatsFreed(deps, released.row.sessionId);
      }
      return toView(released.row);
    },
  };
}

export type BookingService = ReturnType<typeof createBookingService>;

// For the sessions module, whose cancellations and capacity changes touch seats: run inside its
// transactions, after the locks it takes.
export { expireLapsedHolds, findLiveReservation } from './repository';
export { contactsOf, findRefund, PAID_ORDER_STATUSES, paidLineOf, paymentIdOf } from './cancel-repository';
