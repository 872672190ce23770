// Minimum enrolment (issue 28 item 4, docs/decisions/0048). A session with a minimum (0: none) is
// checked the policy's hours (96 by default; policy.ts) before its start by a pg-boss job planned when
// the session is created or edited (jobs.ts), or when the policy changes. Fewer seats taken than the
// minimum (the booking's own holdsSeat rule): its chef — the admins, and the guest chef whose course
// it is — is asked by e-mail (a signed link) and on « Aperçu » to keep it or cancel it, within the
// policy's answer hours (12 by default). « Maintenir la
// séance » keeps it (once; a repeat answers the same). « Annuler la séance », or no answer by the
// deadline (a second job), cancels it through the one cancellation (sessions/service.ts
// cancelSessionIf): attendees choose card or « Crédit Toque », the card by default (decision 0043),
// and the kit's job, finding the seats cancelled, sends nothing.
//
// Every step is ONE transaction under the session's row lock (the order the cancellation takes:
// paying orders → session → reservations); the asking, the keeping and the cancelling each check
// the row's state under that lock, so a chef's answer racing the deadline's job, or two instances
// running the same job, end in one outcome. Jobs have singleton keys (one check per session and
// start, one deadline per question).
import { MINIMUM_CHECK_HOURS, minimumCheckAt, type MinimumPolicy } from '@shared/booking';
import type { MinimumAnswerResponse, MinimumQuestion } from '@shared/schemas/admin-overview';
import type { Deps } from '../../deps';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../http/app-error';
import { queueEmail } from '../../integrations/mail/outgoing';
import type { PaymentProvider } from '../../integrations/payments/port';
import { sendJob } from '../../jobs/boss';
import { QUEUES, type JobData } from '../../jobs/queues';
import { recordAudit } from '../audit/service';
import { isUuid } from '../params';
import { createSessionService, sessionReads, type SessionRow } from '../sessions/service';
import { minimumQuestionMail } from './mail';
import { checkMinimumLink, minimumUrl, type MinimumLink } from './link';
import { readMinimumPolicy, writeMinimumPolicy } from './policy';
import * as repo from './repository';

const HOUR_MS = 3_600_000;
/** A check that runs this much before its moment (a clock a little ahead) still counts as on time. */
const EARLY_TOLERANCE_MS = 10 * 60_000;

/** What attendees and the trail read as the reason of a session cancelled under its minimum. */
export const MINIMUM_CANCEL_REASON = "Le nombre minimum d'inscriptions n'a pas été atteint.";

/**
 * One check per session, start, minimum and policy: a session moved, its minimum changed or the
 * school's check hours changed, it is checked again (the check that no longer applies does nothing).
 */
export const minimumCheckJobKey = (sessionId: string, startsAt: Date, minSeats: number, checkHours: number = MINIMUM_CHECK_HOURS) =>
  `minimum-check:${sessionId}:${startsAt.toISOString()}:${minSeats}:${checkHours}h`;
export const minimumDeadlineJobKey = (sessionId: string, askedAt: Date) => `minimum-deadline:${sessionId}:${askedAt.toISOString()}`;

/** The job ran before its moment by this instance's clock: it fails, and pg-boss tries again later. */
export class MinimumNotDue extends Error {}

type Conn = Db | Tx;

/**
 * Plans the check of a session with a minimum, in the transaction that creates or edits it: the
 * policy's check hours before its start, or at once when that moment has passed and the session is
 * still more than its answer hours away (time to answer before it begins). Nothing without a
 * minimum. Once per session, start, minimum and check hours (singleton key); a session moved gets a
 * new check, the old one finds the start changed and does nothing.
 */
export async function scheduleMinimumCheck(conn: Conn, input: { sessionId: string; startsAt: Date; minSeats: number; now: Date }): Promise<void> {
  if (input.minSeats <= 0) return;
  const policy = await readMinimumPolicy(conn);
  if (input.startsAt.getTime() - input.now.getTime() <= policy.answerHours * HOUR_MS) return;
  const due = new Date(Math.max(minimumCheckAt(input.startsAt, policy.checkHours).getTime(), input.now.getTime()));
  await sendJob(
    conn,
    QUEUES.minimumCheck,
    { sessionId: input.sessionId, startsAt: input.startsAt.toISOString(), checkHours: policy.checkHours },
    { startAfter: due, now: input.now, singletonKey: minimumCheckJobKey(input.sessionId, input.startsAt, input.minSeats, policy.checkHours) },
  );
}

/**
 * Plans the check of every session with a minimum not asked yet: run at each start, so sessions
 * from before minimum enrolment (or written by the seed) are asked about too, and when the policy
 * changes, at its new moment. The jobs' singleton keys make it a no-op for those already planned,
 * on this instance or another.
 */
export async function scheduleMissingMinimumChecks(db: Conn, now: Date): Promise<number> {
  const policy = await readMinimumPolicy(db);
  const sessions = await repo.sessionsToCheck(db, new Date(now.getTime() + policy.answerHours * HOUR_MS));
  for (const s of sessions) await scheduleMinimumCheck(db, { sessionId: s.sessionId, startsAt: s.startsAt, minSeats: s.minSeats, now });
  return sessions.length;
}

/** The admin's new policy, saved (audited) and every future check planned again at its moment, in one transaction. */
export async function changeMinimumPolicy(tx: Tx, actorId: string, next: MinimumPolicy, now: Date): Promise<void> {
  if (await writeMinimumPolicy(tx, actorId, next, now)) await scheduleMissingMinimumChecks(tx, now);
}

/**
 * « Aperçu »'s questions still open at `now` (asked, not kept, not started, still under the minimum
 * — a minimum lowered or seats booked since close it), the most urgent first.
 */
export async function minimumQuestions(conn: Parameters<typeof repo.openQuestions>[0], now: Date): Promise<MinimumQuestion[]> {
  const rows = await repo.openQuestions(conn, now);
  const taken = await sessionReads.seatsTaken(conn, rows.map((r) => r.sessionId), now);
  return rows
    .map((r) => ({
      sessionId: r.sessionId,
      courseId: r.courseId,
      courseTitle: r.courseTitle,
      startsAt: r.startsAt.toISOString(),
      seatsTaken: taken.get(r.sessionId) ?? 0,
      minSeats: r.minSeats,
      capacity: r.capacity,
      askedAt: r.askedAt!.toISOString(),
      answerDueAt: (r.answerDueAt ?? r.startsAt).toISOString(),
    }))
    .filter((q) => q.seatsTaken < q.minSeats);
}

export type CheckOutcome = 'asked' | 'reached' | 'no_minimum' | 'cancelled' | 'moved' | 'started' | 'already_asked' | 'replanned';
export type DeadlineOutcome = 'cancelled' | 'already_cancelled' | 'kept' | 'reached' | 'stale';

export function createMinimumEnrolment(deps: Pick<Deps, 'config' | 'database' | 'storage' | 'logger' | 'now'>, provider: PaymentProvider) {
  const db = () => deps.database.db;
  const sessions = createSessionService(deps, provider);

  function sessionId(raw: string | undefined): string {
    if (!raw || !isUuid(raw)) throw new AppError('SESSION_NOT_FOUND');
    return raw.toLowerCase();
  }

  const seatsTaken = async (tx: Tx, id: string, now: Date) => (await sessionReads.seatsTaken(tx, [id], now)).get(id) ?? 0;

  /** The e-mail to each chef who may answer, once per question and person, in the asking transaction. */
  async function ask(tx: Tx, session: SessionRow, seats: number, askedAt: Date, dueAt: Date) {
    for (const chef of await repo.chefsToAsk(tx, session.teacherId)) {
      const link: MinimumLink = { userId: chef.userId, askedAt };
      await queueEmail(tx, {
        dedupeKey: `session.minimum:${session.id}:${askedAt.toISOString()}:${chef.userId}`,
        kind: 'session.minimum',
        to: chef.email,
        userId: chef.userId,
        mail: minimumQuestionMail({
          to: { email: chef.email, name: chef.name },
          courseTitle: session.courseTitle,
          startsAt: session.startsAt,
          seatsTaken: seats,
          minSeats: session.minSeats,
          answerDueAt: dueAt,
          answerUrl: minimumUrl(deps.config, session.id, link),
        }),
      });
    }
  }

  /** The 'session.minimum_check' job: under the minimum, ask; otherwise nothing. */
  async function check(data: JobData['session.minimum_check']): Promise<CheckOutcome> {
    const now = deps.now();
    return db().transaction(async (tx): Promise<CheckOutcome> => {
      const session = await sessionReads.lock(tx, data.sessionId);
      if (!session || session.status === 'cancelled') return 'cancelled';
      if (session.startsAt.toISOString() !== data.startsAt) return 'moved';
      if (session.minSeats <= 0) return 'no_minimum';
      if (session.startsAt.getTime() <= now.getTime()) return 'started';
      if (session.minimumAskedAt || session.minimumKeptAt) return 'already_asked';
      const policy = await readMinimumPolicy(tx);
      // Planned under other check hours (the school changed them since): the check at the new moment
      // was planned with the change; this one makes sure of it, and stops.
      if ((data.checkHours ?? MINIMUM_CHECK_HOURS) !== policy.checkHours) {
        await scheduleMinimumCheck(tx, { sessionId: session.id, startsAt: session.startsAt, minSeats: session.minSeats, now });
        return 'replanned';
      }
      const checkAt = minimumCheckAt(session.startsAt, policy.checkHours);
      if (checkAt.getTime() - now.getTime() > EARLY_TOLERANCE_MS) {
        throw new MinimumNotDue(`session ${session.id}: its minimum is checked at ${checkAt.toISOString()}`);
      }
      const seats = await seatsTaken(tx, session.id, now);
      if (seats >= session.minSeats) return 'reached';
      const dueAt = new Date(Math.min(now.getTime() + policy.answerHours * HOUR_MS, session.startsAt.getTime()));
      await repo.markAsked(tx, session.id, now, dueAt);
      await sendJob(tx, QUEUES.minimumDeadline, { sessionId: session.id, askedAt: now.toISOString() }, { startAfter: dueAt, now, singletonKey: minimumDeadlineJobKey(session.id, now) });
      await ask(tx, session, seats, now, dueAt);
      return 'asked';
    });
  }

  /** The 'session.minimum_deadline' job: no answer by the deadline and still under the minimum, cancelled for everyone. */
  async function deadline(data: JobData['session.minimum_deadline']): Promise<DeadlineOutcome> {
    let why = 'stale' as DeadlineOutcome;
    const { outcome } = await sessions.cancelSessionIf(data.sessionId, MINIMUM_CANCEL_REASON, null, {
      async onlyIf(tx, session, now) {
        // Another question (the session moved since) or none: this deadline is not its own.
        if (session.minimumAskedAt?.toISOString() !== data.askedAt) why = 'stale';
        else if (session.minimumKeptAt) why = 'kept';
        else if (session.minimumAnswerDueAt && now.getTime() < session.minimumAnswerDueAt.getTime()) {
          throw new MinimumNotDue(`session ${session.id}: its chef may answer until ${session.minimumAnswerDueAt.toISOString()}`);
        }
        // Seats booked since the question count: a session that filled up is given.
        else if ((await seatsTaken(tx, session.id, now)) >= session.minSeats) why = 'reached';
        else return true;
        return false;
      },
    });
    if (outcome === 'cancelled') return 'cancelled';
    if (outcome === 'already') return 'already_cancelled';
    return why;
  }

  /** « Maintenir la séance »: ONE transaction under the session's lock; a repeat changes nothing. */
  async function keep(actorId: string, id: string, link?: MinimumLink): Promise<MinimumAnswerResponse> {
    const now = deps.now();
    return db().transaction(async (tx): Promise<MinimumAnswerResponse> => {
      const session = await sessionReads.lock(tx, id);
      if (!session) throw new AppError('SESSION_NOT_FOUND');
      if (link) await checkLinkHolder(tx, session, link);
      if (session.status === 'cancelled') throw new AppError('SESSION_CANCELLED');
      if (session.minimumKeptAt) return { answer: 'keep', changed: false, status: 'scheduled' };
      if (!session.minimumAskedAt || session.startsAt.getTime() <= now.getTime()) throw new AppError('MINIMUM_NOT_ASKED');
      await repo.markKept(tx, id, now);
      await recordAudit(tx, {
        actorId,
        action: 'session.minimum_keep',
        targetType: 'session',
        targetId: id,
        details: { courseId: session.courseId, minSeats: session.minSeats, seatsTaken: await seatsTaken(tx, id, now), ...(link ? { via: 'courriel' } : {}) },
      });
      return { answer: 'keep', changed: true, status: 'scheduled' };
    });
  }

  /** « Annuler la séance »: the one cancellation, audited as the chef's, only while the question is open. */
  async function cancel(actorId: string, id: string, link?: MinimumLink): Promise<MinimumAnswerResponse> {
    let refusal = null as AppError | null;
    const { outcome } = await sessions.cancelSessionIf(id, MINIMUM_CANCEL_REASON, actorId, {
      auditAction: 'session.minimum_cancel',
      async onlyIf(tx, session, now) {
        if (link) await checkLinkHolder(tx, session, link);
        if (session.minimumKeptAt) refusal = new AppError('MINIMUM_KEPT');
        else if (!session.minimumAskedAt || session.startsAt.getTime() <= now.getTime()) refusal = new AppError('MINIMUM_NOT_ASKED');
        return refusal === null;
      },
    });
    if (refusal) throw refusal;
    return { answer: 'cancel', changed: outcome === 'cancelled', status: 'cancelled' };
  }

  /** A signed link answers only for its own question, and only for someone who may still answer. */
  async function checkLinkHolder(tx: Tx, session: SessionRow, link: MinimumLink) {
    if (!(await repo.mayAnswer(tx, link.userId, session.teacherId))) throw new AppError('FORBIDDEN');
    if (session.minimumAskedAt?.getTime() !== link.askedAt.getTime()) throw new AppError('MINIMUM_NOT_ASKED');
  }

  function linkOf(id: string, raw: { person?: string; asked?: string; signature?: string }): MinimumLink {
    const link = checkMinimumLink(deps.config, id, raw);
    if (!link) throw new AppError('MINIMUM_LINK_INVALID');
    return link;
  }

  return {
    check,
    deadline,

    /** The admin's answer from « Aperçu ». */
    answer(actorId: string, rawId: string | undefined, answer: 'keep' | 'cancel'): Promise<MinimumAnswerResponse> {
      const id = sessionId(rawId);
      return answer === 'keep' ? keep(actorId, id) : cancel(actorId, id);
    },

    /** What the e-mail's signed page shows: the session and whether the question is still open. */
    async readByLink(rawId: string | undefined, raw: { person?: string; asked?: string; signature?: string }) {
      const id = sessionId(rawId);
      const link = linkOf(id, raw);
      const now = deps.now();
      const session = await sessionReads.find(db(), id, now);
      if (!session) throw new AppError('SESSION_NOT_FOUND');
      if (!(await repo.mayAnswer(db(), link.userId, session.teacherId))) throw new AppError('FORBIDDEN');
      const open = session.status === 'scheduled' && !session.minimumKeptAt && session.minimumAskedAt?.getTime() === link.askedAt.getTime() && session.startsAt.getTime() > now.getTime();
      return { session, open };
    },

    /** The e-mail's signed page's answer: the link's person is the actor. */
    answerByLink(rawId: string | undefined, raw: { person?: string; asked?: string; signature?: string }, answer: 'keep' | 'cancel'): Promise<MinimumAnswerResponse> {
      const id = sessionId(rawId);
      const link = linkOf(id, raw);
      return answer === 'keep' ? keep(link.userId, id, link) : cancel(link.userId, id, link);
    },

  };
}

export type MinimumEnrolment = ReturnType<typeof createMinimumEnrolment>;
