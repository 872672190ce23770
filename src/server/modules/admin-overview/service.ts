// « Aperçu », the admin's home, in one answer: today's and the next 7 days' sessions (seats taken /
// capacity, what is missing: the video link, the kit, attendees under the session's minimum), this
// month's revenue against last month's and the active members (both asked of the Ventes service, so
// the two pages agree), members who joined, left or failed to renew this month, and what waits for
// the admin, and the sessions under their minimum waiting for the chef's answer (minimum-enrolment).
// Access is checked by the routes' guard before any call.
import { sessionMinutes } from '@shared/booking';
import { sessionPrepKit } from '@shared/prep-kit';
import { monthFromIndex, monthIndex } from '@shared/schemas/admin-sales';
import type { OverviewResponse, OverviewSession, SessionGap } from '@shared/schemas/admin-overview';
import type { Deps } from '../../deps';
import type { SalesService } from '../admin-sales/service';
import { minimumQuestions } from '../minimum-enrolment/service';
import { chefDay, chefDayStart, chefMonth } from './days';
import * as repo from './repository';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
/** The video link is missing once the class is this close (and until it ends). */
export const VIDEO_LINK_DUE_MS = 24 * HOUR_MS;
/** A payment still processing after this long is worth a look. */
export const PROCESSING_TOO_LONG_MS = HOUR_MS;
/** Today and the 7 days after it. */
const DAYS_SHOWN = 8;

export function createOverviewService(deps: Pick<Deps, 'database' | 'now'>, sales: SalesService) {
  const db = () => deps.database.db;

  async function sessions(now: Date, today: string): Promise<OverviewSession[]> {
    const rows = await repo.comingSessions(db(), { start: chefDayStart(today), end: chefDayStart(today, DAYS_SHOWN) }, now);
    return rows.map((r) => {
      const endsAt = new Date(r.startsAt.getTime() + sessionMinutes({ durationMinutes: r.sessionMinutes }, { durationMinutes: r.courseMinutes }) * MINUTE_MS);
      const missing: SessionGap[] = [];
      const linkDue = r.startsAt.getTime() - now.getTime() <= VIDEO_LINK_DUE_MS && endsAt.getTime() > now.getTime();
      if (!r.videoLink && linkDue) missing.push('video_link');
      if (sessionPrepKit(r.sessionKit, r.courseKit) === null) missing.push('prep_kit');
      // Under the minimum the chef set, while it can still fill (or be called off: issue 28).
      if (r.minSeats > 0 && r.confirmedSeats < r.minSeats && r.startsAt.getTime() > now.getTime()) missing.push('under_minimum');
      return {
        id: r.id,
        courseId: r.courseId,
        courseTitle: r.courseTitle,
        startsAt: r.startsAt.toISOString(),
        endsAt: endsAt.toISOString(),
        capacity: r.capacity,
        seatsTaken: r.seatsTaken,
        confirmedSeats: r.confirmedSeats,
        minSeats: r.minSeats,
        day: chefDay(r.startsAt),
        missing,
      };
    });
  }

  return {
    async overview(): Promise<OverviewResponse> {
      const now = deps.now();
      const today = chefDay(now);
      const month = chefMonth(now);
      const previousMonth = monthFromIndex(monthIndex(month) - 1);
      const thisMonth = { start: chefDayStart(`${month}-01`), end: chefDayStart(`${monthFromIndex(monthIndex(month) + 1)}-01`) };
      const [coming, questions, figures, started, ended, failedRenewals, failedEmails, processing, refunds] = await Promise.all([
        sessions(now, today),
        minimumQuestions(db(), now),
        sales.summary({ from: previousMonth, to: month }),
        repo.membersStarted(db(), thisMonth),
        repo.membersEnded(db(), thisMonth),
        repo.failedRenewals(db()),
        repo.failedEmails(db()),
        repo.paymentsProcessingSince(db(), new Date(now.getTime() - PROCESSING_TOO_LONG_MS)),
        repo.unsettledRefunds(db()),
      ]);
      const net = (m: string) => figures.months.find((f) => f.month === m)?.netCents ?? 0;
      return {
        now: now.toISOString(),
        today,
        minimumQuestions: questions,
        sessions: coming,
        revenue: { month, netCents: net(month), previousMonth, previousNetCents: net(previousMonth) },
        members: { active: figures.activeSubscribers, newThisMonth: started, cancelledThisMonth: ended, failedRenewals },
        toAct: { failedEmails, paymentsToReconcile: processing, refundsPending: refunds.pending, refundsFailed: refunds.failed },
      };
    },
  };
}

export type OverviewService = ReturnType<typeof createOverviewService>;
