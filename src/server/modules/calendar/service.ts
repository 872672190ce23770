// Mon Calendrier and calendar sync. The calendar lists reservations in a date range (a learner's
// own, the admin's: everyone's); the feed is a private iCalendar URL whose random token is the only
// key (only its SHA-256 is stored); an .ics per reservation for a one-off import.
import { createHash, randomBytes } from 'node:crypto';
import { googleSubscribeUrl, webcalUrl } from '@shared/calendar-links';
import type { CalendarFeedCreatedResponse, CalendarFeedStatus } from '@shared/schemas/calendar';
import type { CalendarRangeQuery, CalendarResponse, CalendarSessionView, ReservationView } from '@shared/schemas/reservations';
import type { Deps } from '../../deps';
import { AppError } from '../../http/app-error';
import { isAdmin, requireSecondFactorOfAdminAccount } from '../../http/guards';
import type { SessionViewer } from '../../http/viewer';
import { renderCalendar } from '../../integrations/calendar/ical';
import { findReservationRows, type ReservationRow } from '../booking/reservation-rows';
import { toReservationView, type ReservationViewer } from '../booking/reservation-view';
import { readCancellationPolicy } from '../booking/policy';
import { DEFAULT_CANCELLATION_POLICY } from '@shared/booking';
import { isUuid } from '../params';
import { entryStatus, FEED_NAME, reservationEntry, sessionEntries, siteOf } from './entries';
import type { FeedLimits } from './feed-limits';
import * as repo from './repository';

const DAY_MS = 86_400_000;
/** No class lasts a day: looking this far before the range finds one that started before it and still runs. */
const LONGEST_SESSION_MS = DAY_MS;
/** How far back a feed goes: the recent past stays in people's calendars, older classes drop out. */
const FEED_HISTORY_MS = 180 * DAY_MS;
/** Subscribed apps are asked to fetch again every hour (REFRESH-INTERVAL, X-PUBLISHED-TTL). */
const FEED_REFRESH_SECONDS = 3600;
/** 32 random bytes in base64url, as made by createFeed. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

const toSessionView = (s: repo.SessionSummaryRow): CalendarSessionView => ({
  id: s.id,
  courseTitle: s.courseTitle,
  startsAt: s.startsAt.toISOString(),
  endsAt: new Date(s.startsAt.getTime() + s.minutes * 60_000).toISOString(),
  seatsTaken: s.seatsTaken,
  capacity: s.capacity,
  status: s.status,
  hasVideoLink: s.hasVideoLink,
});

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

function feedStatus(row: repo.FeedRow | null): CalendarFeedStatus {
  return {
    active: row !== null,
    createdAt: row?.createdAt.toISOString() ?? null,
    lastFetchedAt: row?.lastFetchedAt?.toISOString() ?? null,
  };
}

/** 'Tourtière du Lac-Saint-Jean' -> 'tourtiere-du-lac-saint-jean' (a file name any system accepts). */
export function fileSlug(title: string): string {
  const slug = title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || 'cours';
}

/**
 * Whether a feed lists every booked session: made as such in a verified admin session, and its
 * owner still the admin (a feed from before, or of a former admin, lists only their own classes).
 */
const everySession = (owner: repo.FeedOwner): boolean => owner.everySession && owner.role === 'admin';

export function createCalendarService(deps: Pick<Deps, 'database' | 'now' | 'config'>, limits: FeedLimits) {
  const db = () => deps.database.db;
  const site = siteOf(deps.config.publicUrl);

  /** Reservations a calendar shows: confirmed ones, and unpaid holds still running. */
  const shown = (row: ReservationRow, now: Date) =>
    row.status === 'confirmed' || (row.status === 'pending_payment' && row.holdExpiresAt !== null && row.holdExpiresAt > now);

  /** The learner's classes for their feed: confirmed ones, and cancelled ones until their end. */
  async function learnerEntries(viewer: ReservationViewer, now: Date) {
    const rows = await findReservationRows(db(), {
      userId: viewer.userId,
      statuses: ['confirmed', 'cancelled'],
      from: new Date(now.getTime() - FEED_HISTORY_MS),
    });
    return rows
      .filter((r) => r.status === 'confirmed' || (r.cancelReason !== 'released' && r.cancelReason !== 'no_seat'))
      .map((r) => toReservationView(r, viewer, now, DEFAULT_CANCELLATION_POLICY))
      .filter((v) => entryStatus(v, now) !== 'cancelled' || Date.parse(v.endsAt) > now.getTime())
      .map((v) => reservationEntry(v, site, now));
  }

  async function adminEntries(now: Date) {
    const rows = await findReservationRows(db(), { statuses: ['confirmed', 'cancelled'], from: new Date(now.getTime() - FEED_HISTORY_MS) });
    return sessionEntries(rows, site).filter((e) => e.status !== 'cancelled' || e.end > now);
  }

  return {
    async reservations(viewer: ReservationViewer, range: CalendarRangeQuery): Promise<CalendarResponse> {
      const now = deps.now();
      const from = new Date(range.from);
      const rows = await findReservationRows(db(), {
        userId: isAdmin(viewer) ? undefined : viewer.userId,
        statuses: ['pending_payment', 'confirmed'],
        from: new Date(from.getTime() - LONGEST_SESSION_MS),
        to: new Date(range.to),
        // A move's held seats show in the learner's calendar as the move of their booking, once paid.
        withoutMoveHolds: !isAdmin(viewer),
      });
      const policy = await readCancellationPolicy(db());
      const reservations: ReservationView[] = rows
        .filter((r) => shown(r, now))
        .map((r) => toReservationView(r, viewer, now, policy))
        .filter((v) => Date.parse(v.endsAt) > from.getTime());
      // The admin's and the guest chef's events are sessions (« 8 / 10 »), each opening its roster.
      if (isAdmin(viewer)) {
        const sessions = await repo.sessionSummaries(db(), { ids: [...new Set(reservations.map((r) => r.sessionId))] }, now);
        return { reservations, sessions: sessions.map(toSessionView) };
      }
      if (viewer.role === 'chef') {
        const sessions = await repo.sessionSummaries(db(), { teacherId: viewer.userId, from: new Date(from.getTime() - LONGEST_SESSION_MS), to: new Date(range.to) }, now);
        return { reservations, sessions: sessions.map(toSessionView).filter((s) => Date.parse(s.endsAt) > from.getTime()) };
      }
      return { reservations };
    },

    /** One reservation as an .ics file: its owner's or, for the admin, anyone's; else 404. */
    async reservationIcs(viewer: ReservationViewer, rawId: string): Promise<{ filename: string; body: string }> {
      if (!isUuid(rawId)) throw new AppError('RESERVATION_NOT_FOUND');
      const [row] = await findReservationRows(db(), { ids: [rawId.toLowerCase()] });
      if (!row || (row.userId !== viewer.userId && !isAdmin(viewer))) throw new AppError('RESERVATION_NOT_FOUND');
      const now = deps.now();
      // An .ics names the class, not its terms: the policy's hours play no part in it.
      const view = toReservationView(row, viewer, now, DEFAULT_CANCELLATION_POLICY);
      return {
        filename: `${fileSlug(view.courseTitle)}.ics`,
        body: renderCalendar({ name: FEED_NAME, entries: [reservationEntry(view, site, now)], now }),
      };
    },

    async feedStatus(userId: string): Promise<CalendarFeedStatus> {
      return feedStatus(await repo.findFeed(db(), userId));
    },

    /**
     * A new feed URL, shown this once; any older URL of the user stops working at once. An admin
     * account's feed lists every booked session with its join link: made only in a session that
     * gave the second factor (403 otherwise), like any other use of admin power.
     */
    async createFeed(viewer: Pick<SessionViewer, 'role' | 'adminSecondFactor'> & { userId: string }): Promise<CalendarFeedCreatedResponse> {
      requireSecondFactorOfAdminAccount(viewer);
      const { userId } = viewer;
      const token = randomBytes(32).toString('base64url');
      const row = await repo.replaceFeed(db(), userId, hashToken(token), deps.now(), isAdmin(viewer));
      const url = `${site.publicUrl}/api/calendar/feeds/${token}.ics`;
      return { feed: feedStatus(row), url, webcalUrl: webcalUrl(url), googleSubscribeUrl: googleSubscribeUrl(url) };
    },

    /**
     * When a password is replaced every session of the account ends: a feed of every booked
     * session, made in one of them, stops listing others' classes too (the admin makes a new one
     * after signing in again with her second factor). A learner's feed is unchanged.
     */
    async narrowFeedAfterPasswordChange(userId: string): Promise<void> {
      await repo.clearEverySession(db(), userId);
    },

    async revokeFeed(userId: string): Promise<CalendarFeedStatus> {
      await repo.deleteFeed(db(), userId);
      return feedStatus(null);
    },

    /** The iCalendar text of the feed a token opens; an unknown or revoked token is a 404. */
    async feed(rawToken: string): Promise<string> {
      const token = rawToken.replace(/\.ics$/i, '');
      if (!TOKEN.test(token)) throw new AppError('CALENDAR_FEED_NOT_FOUND');
      const owner = await repo.findFeedOwner(db(), hashToken(token));
      if (!owner) throw new AppError('CALENDAR_FEED_NOT_FOUND');
      await limits.consumeFeedFetch(owner.userId);
      const now = deps.now();
      const entries = everySession(owner) ? await adminEntries(now) : await learnerEntries({ userId: owner.userId, role: 'learner', adminSecondFactor: null }, now);
      await repo.markFetched(db(), owner.userId, now);
      return renderCalendar({ name: FEED_NAME, refreshSeconds: FEED_REFRESH_SECONDS, entries, now });
    },
  };
}

export type CalendarService = ReturnType<typeof createCalendarService>;
