// Seat holds: a learner holds one seat of a live session for HOLD_MINUTES while paying. The seat
// count and the insert happen in ONE transaction with the session row locked, so 200 people
// clicking at once on a 10-seat session get exactly 10 holds; asking again returns the same hold.
import { HOLD_MINUTES } from '@shared/booking';
import type { HoldView } from '@shared/schemas/booking';
import type { Viewer } from '@shared/access';
import { entitlement, notForSaleMessage } from '@shared/entitlements';
import type { Deps } from '../../deps';
import { AppError } from '../../http/app-error';
import { scheduleHoldExpiry } from '../../jobs/hold-expiry';
import { invalidatePublicCache } from '../../web/public-cache';
import { isUuid } from '../params';
import * as repo from './repository';
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
  };
}

export function createBookingService(deps: Pick<Deps, 'database' | 'now'>) {
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
  async function refuseIfFull(userId: string, sessionId: string, now: Date): Promise<void> {
    const seen = await repo.seatSnapshot(db(), sessionId, userId, now);
    if (seen && !seen.mine && seen.taken >= seen.capacity) throw new AppError('SESSION_FULL');
  }

  /** Counts and takes the seat with the session row locked: never over capacity, whatever the instances. */
  function holdUnderLock(viewer: Viewer, userId: string, sessionId: string, servings: number | null, now: Date): Promise<{ created: boolean; row: HoldRow }> {
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
      if (mine) {
        const changed = servings !== null && mine.status === 'pending_payment' && mine.servings !== servings;
        return { created: false, row: changed ? await repo.setServings(tx, mine.id, servings, now) : mine };
      }
      if (taken >= session.capacity) throw new AppError('SESSION_FULL');
      const row = await repo.insertHold(tx, {
        userId,
        sessionId,
        holdExpiresAt: new Date(now.getTime() + HOLD_MINUTES * MINUTE_MS),
        servings,
        now,
      });
      // Written down as expired when it ends, if still unpaid (jobs/hold-expiry.ts).
      await scheduleHoldExpiry(tx, { reservationId: row.id, holdExpiresAt: row.holdExpiresAt!, now });
      return { created: true, row };
    });
  }

  return {
    async hold(viewer: Viewer & { userId: string }, sessionId: string, servings: number | null = null): Promise<{ created: boolean; hold: HoldView }> {
      const { userId } = viewer;
      const now = deps.now();
      const id = sessionId.toLowerCase();
      await refuseIfFull(userId, id, now);
      let result: { created: boolean; row: HoldRow };
      try {
        result = await gate.run(id, userId, async (turn) => {
          if (turn.seenFull()) throw new AppError('SESSION_FULL');
          try {
            // Read again at this session's turn: it may have filled while this attempt waited.
            await refuseIfFull(userId, id, now);
            const held = await holdUnderLock(viewer, userId, id, servings, now);
            turn.markHolder();
            return held;
          } catch (err) {
            if (err instanceof AppError && err.code === 'SESSION_FULL') turn.markFull();
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
      if (result.created) invalidatePublicCache();
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
        return toView((await repo.expireIfLapsed(db(), row.id, deps.now())) ?? (await own(userId, row.id)));
      }
      return toView(row);
    },

    /** Gives the seat back. Releasing an already released or expired hold answers its state again. */
    async release(userId: string, rawId: string): Promise<HoldView> {
      const row = await own(userId, rawId);
      if (row.status === 'confirmed') throw new AppError('RESERVATION_CONFIRMED');
      if (row.status !== 'pending_payment') return toView(row);
      const released = await repo.releaseHold(db(), row.id, userId, deps.now());
      // Nothing released: a concurrent release or payment got there first; answer what it left.
      if (!released) {
        const current = await own(userId, row.id);
        if (current.status === 'confirmed') throw new AppError('RESERVATION_CONFIRMED');
        return toView(current);
      }
      if (released.heldSeat) invalidatePublicCache();
      return toView(released.row);
    },
  };
}

export type BookingService = ReturnType<typeof createBookingService>;

// For the sessions module, whose cancellations and capacity changes touch seats: run inside its
// transactions, after the locks it takes.
export { expireLapsedHolds, findLiveReservation } from './repository';
export { contactsOf, findRefund, PAID_ORDER_STATUSES, paidLineOf, paymentIdOf } from './cancel-repository';
