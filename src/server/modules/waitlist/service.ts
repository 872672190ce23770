// « Liste d'attente » (docs/decisions/0050): a learner waits on a full session for 1 to N seats;
// when seats free, the first in line whose seats fit gets a real hold of them (HOLD_MINUTES, the
// booking's own row and expiry job) and « Une place s'est libérée ». Every change of a line — a
// join, a leave, a promotion — runs in ONE transaction with the session row locked, the lock a
// booking hold and a capacity edit take: whatever the instances, a freed seat is offered once.
import { needsFor } from '@shared/dietary';
import { HOLD_MINUTES, seatsLabel } from '@shared/booking';
import type { Viewer } from '@shared/access';
import { entitlement, notForSaleMessage } from '@shared/entitlements';
import { defaultServings, SERVINGS_MAX } from '@shared/prep-kit';
import { waitlistJoinSchema, type RosterWaitlistEntry, type WaitlistEntryView } from '@shared/schemas/waitlist';
import type { Db, Tx } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError } from '../../http/app-error';
import { parseInput } from '../../http/validate';
import { publish } from '../../realtime/publish';
import { invalidatePublicCache } from '../../web/public-cache';
import { expireLapsedHolds, findLiveReservation, insertHold, lockSession, mineAndTaken, scheduleHoldExpiry } from '../booking/seat-holds';
import { isUuid } from '../params';
import { tellOffer, type Offer } from './mail';
import * as repo from './repository';

const MINUTE_MS = 60_000;
type LockedSession = NonNullable<Awaited<ReturnType<typeof lockSession>>>;
type PromoteDeps = Pick<Deps, 'config' | 'now'>;

/**
 * Under the session's lock: settles the offers (paid → 'booked', run out or given back → 'lapsed'),
 * then offers the free seats to the line in order — the first whose seats fit, then the next while
 * seats remain (a request too big waits for a bigger gap; a smaller one behind it may pass).
 * A session cancelled or begun closes its line instead. Returns the offers made.
 */
export async function promoteUnderLock(tx: Tx, session: LockedSession, deps: PromoteDeps): Promise<Offer[]> {
  const now = deps.now();
  const line = await repo.liveLine(tx, session.id);
  if (line.length === 0) return [];
  if (session.status !== 'scheduled' || session.startsAt.getTime() <= now.getTime() || session.courseStatus !== 'published') {
    await repo.closeLine(tx, session.id, now);
    return [];
  }
  for (const { entry, holdStatus, holdExpiresAt } of line) {
    if (entry.status !== 'offered') continue;
    if (holdStatus === 'confirmed') await repo.updateEntry(tx, entry.id, { status: 'booked' }, now);
    else if (holdStatus !== 'pending_payment' || !holdExpiresAt || holdExpiresAt.getTime() <= now.getTime()) await repo.updateEntry(tx, entry.id, { status: 'lapsed' }, now);
  }
  await expireLapsedHolds(tx, session.id, now);
  let free = session.capacity - (await mineAndTaken(tx, '', session.id, now)).taken;
  const offers: Offer[] = [];
  for (const { entry } of line) {
    if (free <= 0) break;
    if (entry.status !== 'waiting' || entry.seats > free) continue;
    // Booked meanwhile by the usual way: their seats are already counted.
    if (await findLiveReservation(tx, entry.userId, session.id)) {
      await repo.updateEntry(tx, entry.id, { status: 'booked' }, now);
      continue;
    }
    const ctx = await repo.offerContext(tx, entry.userId, session.id);
    if (!ctx) continue;
    const holdExpiresAt = new Date(now.getTime() + HOLD_MINUTES * MINUTE_MS);
    const servings = entry.seats > 1 ? Math.min(SERVINGS_MAX, defaultServings(session.courseKitServings) * entry.seats) : null;
    const hold = await insertHold(tx, { userId: entry.userId, sessionId: session.id, holdExpiresAt, servings, seats: entry.seats, guestNames: Array<string>(entry.seats - 1).fill(''), dietaryNeeds: needsFor(entry.seats, []), now });
    // Its end re-runs this promotion (jobs/hold-expiry.ts → seatsFreed): a lapsed offer passes on.
    await scheduleHoldExpiry(tx, { reservationId: hold.id, holdExpiresAt, now });
    await repo.updateEntry(tx, entry.id, { status: 'offered', reservationId: hold.id, offeredAt: now, offerExpiresAt: holdExpiresAt }, now);
    const offer: Offer = { entryId: entry.id, userId: entry.userId, email: ctx.email, name: ctx.name, courseId: ctx.courseId, courseTitle: ctx.courseTitle, startsAt: ctx.startsAt, seats: entry.seats, expiresAt: holdExpiresAt };
    await tellOffer(tx, offer, { publicUrl: deps.config.publicUrl, now });
    const event = { type: 'reservation.updated', reservationId: hold.id } as const;
    await publish(tx, { userId: entry.userId }, event);
    await publish(tx, { role: 'admin' }, event);
    offers.push(offer);
    free -= entry.seats;
  }
  return offers;
}

/** Whether the session has anyone in line: read without a lock, so a freed seat on a session nobody waits for costs one query. */
async function hasLine(db: Db, sessionId: string): Promise<boolean> {
  return (await repo.liveLine(db, sessionId)).length > 0;
}

/**
 * THE entry point: seats of this session may have freed (a cancellation, a seat given back, a hold
 * lapsed or released, capacity raised, a refund) — offer them to the line. Idempotent and safe to
 * call anytime, from anywhere, after the freeing transaction committed: under the session's lock it
 * offers only what is free then. Never throws (the freeing already happened): logs and answers 0.
 */
export async function seatsFreed(deps: Pick<Deps, 'config' | 'database' | 'logger' | 'now'>, sessionId: string): Promise<number> {
  try {
    if (!(await hasLine(deps.database.db, sessionId))) return 0;
    const offers = await deps.database.db.transaction(async (tx) => {
      const session = await lockSession(tx, sessionId);
      return session ? promoteUnderLock(tx, session, deps) : [];
    });
    if (offers.length) invalidatePublicCache();
    return offers.length;
  } catch (err) {
    deps.logger.error({ err, sessionId }, "liste d'attente : promotion non faite");
    return 0;
  }
}

function toView(row: Awaited<ReturnType<typeof repo.entriesOf>>[number]): WaitlistEntryView {
  const { entry } = row;
  return {
    id: entry.id,
    sessionId: entry.sessionId,
    courseId: row.courseId,
    courseTitle: row.courseTitle,
    startsAt: row.startsAt.toISOString(),
    seats: entry.seats,
    status: entry.status === 'offered' ? 'offered' : 'waiting',
    position: entry.status === 'waiting' ? row.ahead + 1 : null,
    offerExpiresAt: entry.status === 'offered' ? (entry.offerExpiresAt?.toISOString() ?? null) : null,
    joinedAt: entry.createdAt.toISOString(),
  };
}

/** The roster's « Liste d'attente »: the e-mail for the admin only. */
export async function rosterWaitlist(db: Db, sessionId: string, view: 'admin' | 'chef', now: Date): Promise<RosterWaitlistEntry[]> {
  const rows = await repo.rosterLine(db, sessionId);
  return rows
    .filter((r) => r.status === 'waiting' || (r.offerExpiresAt && r.offerExpiresAt.getTime() > now.getTime()))
    .map((r) => ({
      id: r.id,
      name: r.name,
      email: view === 'admin' ? r.email : null,
      seats: r.seats,
      since: r.since.toISOString(),
      status: r.status === 'offered' ? 'offered' : 'waiting',
      offerExpiresAt: r.status === 'offered' ? (r.offerExpiresAt?.toISOString() ?? null) : null,
    }));
}

/** « Télécharger mes données »: every place in line the person had (privacy/export.ts). */
export function waitlistExportOf(db: Db, userId: string) {
  return repo.entriesForExport(db, userId);
}

/** « Supprimer mon compte »: the person's places in line go (an offer's hold is a reservation, handled there). */
export function eraseWaitlistOf(tx: Tx, userId: string) {
  return repo.deleteEntriesOf(tx, userId);
}

export function createWaitlistService(deps: Pick<Deps, 'config' | 'database' | 'logger' | 'now'>) {
  const db = () => deps.database.db;

  /** The learner's live places, minus an offer already paid or run out (settled at the next promotion). */
  async function mine(userId: string, courseId?: string): Promise<WaitlistEntryView[]> {
    const now = deps.now().getTime();
    const rows = await repo.entriesOf(db(), userId, courseId);
    return rows
      .filter((r) => r.entry.status === 'waiting' || (r.holdStatus === 'pending_payment' && (r.entry.offerExpiresAt?.getTime() ?? 0) > now))
      .map(toView);
  }

  async function viewOf(userId: string, sessionId: string): Promise<WaitlistEntryView | null> {
    const entry = await repo.findLiveEntry(db(), userId, sessionId);
    if (!entry) return null;
    return (await mine(userId)).find((e) => e.id === entry.id) ?? null;
  }

  return {
    mine: (userId: string, courseId?: string) => mine(userId, courseId?.toLowerCase()),

    /**
     * « Rejoindre la liste d'attente »: only on a session without room for the seats wanted (else
     * 409 « réservez directement »); joining again changes the seats wanted, keeping the place in line.
     */
    async join(viewer: Viewer & { userId: string }, body: unknown): Promise<{ created: boolean; entry: WaitlistEntryView | null }> {
      const input = parseInput(waitlistJoinSchema, body);
      const sessionId = input.sessionId.toLowerCase();
      const { userId } = viewer;
      const result = await db().transaction(async (tx) => {
        const now = deps.now();
        const session = await lockSession(tx, sessionId);
        if (!session || session.courseStatus !== 'published') throw new AppError('SESSION_NOT_FOUND');
        const product = { kind: 'live_class', isPremium: session.courseIsPremium, priceCents: session.coursePriceCents, teacherId: session.courseTeacherId, hasOpenSession: true } as const;
        const access = entitlement(viewer, product);
        if (access.status === 'subscribers_only') throw new AppError('SUBSCRIBERS_ONLY', notForSaleMessage(access, session.courseTitle)!);
        if (session.status !== 'scheduled' || session.startsAt.getTime() <= now.getTime()) throw new AppError('SESSION_UNAVAILABLE');
        if (input.seats > session.maxSeatsPerBooking) {
          throw new AppError('VALIDATION_FAILED', `Au plus ${seatsLabel(session.maxSeatsPerBooking)} par réservation pour cette séance.`, { seats: `Au plus ${session.maxSeatsPerBooking}.` });
        }
        if (await findLiveReservation(tx, userId, sessionId)) throw new AppError('WAITLIST_HAS_SEAT');
        const existing = await repo.findLiveEntry(tx, userId, sessionId);
        if (existing) {
          if (existing.status === 'waiting' && existing.seats !== input.seats) await repo.updateEntry(tx, existing.id, { seats: input.seats }, now);
          return { created: false, offers: [] as Offer[] };
        }
        // The line first: seats free that it can take are offered now; what is left, the learner books.
        const offers = await promoteUnderLock(tx, session, deps);
        const { taken } = await mineAndTaken(tx, userId, sessionId, now);
        if (session.capacity - taken >= input.seats) {
          if (offers.length === 0) throw new AppError('WAITLIST_SEATS_FREE');
          return { created: false, offers, free: true };
        }
        await repo.insertEntry(tx, { userId, sessionId, seats: input.seats, now });
        return { created: true, offers };
      });
      if (result.offers.length) invalidatePublicCache();
      if ('free' in result) throw new AppError('WAITLIST_SEATS_FREE');
      return { created: result.created, entry: await viewOf(userId, sessionId) };
    },

    /**
     * « Quitter la liste d'attente », or « Céder ma place » for an offer: its hold is given back and
     * the next in line gets it, in the same transaction. Again, or not in line: answers null.
     */
    async leave(userId: string, rawId: string): Promise<{ entry: null }> {
      if (!isUuid(rawId)) throw new AppError('WAITLIST_ENTRY_NOT_FOUND');
      const found = await repo.findEntry(db(), rawId.toLowerCase());
      if (!found || found.userId !== userId) throw new AppError('WAITLIST_ENTRY_NOT_FOUND');
      const offers = await db().transaction(async (tx) => {
        const now = deps.now();
        const session = await lockSession(tx, found.sessionId);
        const entry = await repo.findEntry(tx, found.id);
        if (!session || !entry || (entry.status !== 'waiting' && entry.status !== 'offered')) return [];
        if (entry.status === 'waiting') {
          await repo.updateEntry(tx, entry.id, { status: 'left' }, now);
          return [];
        }
        const released = entry.reservationId ? await repo.releaseOfferedHold(tx, entry.reservationId, now) : false;
        await repo.updateEntry(tx, entry.id, { status: released ? 'declined' : 'lapsed' }, now);
        if (released && entry.reservationId) {
          const event = { type: 'reservation.updated', reservationId: entry.reservationId } as const;
          await publish(tx, { userId }, event);
          await publish(tx, { role: 'admin' }, event);
        }
        return promoteUnderLock(tx, session, deps);
      });
      if (offers.length) invalidatePublicCache();
      return { entry: null };
    },
  };
}

export type WaitlistService = ReturnType<typeof createWaitlistService>;
