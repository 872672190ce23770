// The admin's side of the class preparation kit: a session's kit (its own, or the course's), the
// e-mail previewed for a number of servings, the session's own kit set or cleared, and the kit sent
// again now to every confirmed attendee — each press is a new event (its own dedupe key), so it goes
// out once per press, never twice for one.
import { randomUUID } from 'node:crypto';
import { bookingNeeds, matchingSubstitutions } from '@shared/dietary';
import { defaultServings, sessionPrepKit } from '@shared/prep-kit';
import { sessionPrepKitSchema, type PrepKitSendResponse, type SessionPrepKitView } from '@shared/schemas/prep-kit';
import type { Deps } from '../../deps';
import { AppError } from '../../http/app-error';
import { parseInput } from '../../http/validate';
import { recordAudit } from '../audit/service';
import { isUuid } from '../params';
import { deliverPrepKit, prepKitDedupeKey } from './job';
import { prepKitMail } from './mail';
import * as repo from './repository';

const NO_KIT = "Cette séance n'a pas de trousse de préparation : écrivez-la sur le cours ou sur la séance.";
const SESSION_STARTED = 'Cette séance a déjà commencé : la trousse ne peut plus être envoyée.';

/** What a preview shows in place of a learner. */
const PREVIEW_LEARNER = { email: 'apprenant@exemple.ca', name: 'Marie' };

export function createPrepKitService(deps: Pick<Deps, 'config' | 'database' | 'now'>) {
  const db = () => deps.database.db;

  function sessionId(raw: string | undefined): string {
    if (!raw || !isUuid(raw)) throw new AppError('SESSION_NOT_FOUND');
    return raw.toLowerCase();
  }

  async function view(id: string, servingsAsked?: number): Promise<SessionPrepKitView> {
    const session = await repo.findSessionKit(db(), id);
    if (!session) throw new AppError('SESSION_NOT_FOUND');
    const kit = sessionPrepKit(session.sessionKit, session.courseKit);
    const kitServings = defaultServings(session.kitServings);
    const servings = servingsAsked ?? kitServings;
    // What the attendees' needs add to the kit: each substitution some booking gets, with how many.
    const confirmed = await repo.listConfirmed(db(), id);
    const needsOf = confirmed.map((c) => bookingNeeds(c.needs));
    const substitutions = matchingSubstitutions(session.kitSubstitutions, [...new Set(needsOf.flat())]).map((sub) => ({
      label: sub.label,
      text: sub.text,
      bookings: needsOf.filter((needs) => matchingSubstitutions(session.kitSubstitutions, needs).some((m) => m.need === sub.need)).length,
    }));
    const preview = kit
      ? prepKitMail({
          to: PREVIEW_LEARNER,
          courseTitle: session.courseTitle,
          startsAt: session.startsAt,
          kit,
          kitServings,
          servings,
          substitutions,
          publicUrl: deps.config.publicUrl,
          unsubscribeUrl: new URL('/preferences', deps.config.publicUrl).toString(),
        })
      : null;
    return {
      sessionId: session.sessionId,
      courseId: session.courseId,
      courseTitle: session.courseTitle,
      startsAt: session.startsAt.toISOString(),
      status: session.sessionStatus,
      sessionKit: session.sessionKit,
      courseKit: session.courseKit,
      kitServings,
      hasKit: kit !== null,
      attendees: confirmed.length,
      preview: preview && { servings, subject: preview.subject, html: preview.html, text: preview.text },
      substitutions,
    };
  }

  return {
    /** The session's kit and its e-mail for `servings` (query ?servings=N; default the kit's). */
    async get(rawId: string | undefined, servings?: number): Promise<SessionPrepKitView> {
      return view(sessionId(rawId), servings);
    },

    /** The session's own kit (blank: the course's again); the trail says it changed, not what it says. */
    async setSessionKit(actorId: string, rawId: string | undefined, body: unknown): Promise<SessionPrepKitView> {
      const id = sessionId(rawId);
      const { prepKit } = parseInput(sessionPrepKitSchema, body);
      await db().transaction(async (tx) => {
        if (!(await repo.lockSession(tx, id))) throw new AppError('SESSION_NOT_FOUND');
        const before = await repo.findSessionKit(tx, id);
        if ((before?.sessionKit ?? null) === prepKit) return;
        await repo.setSessionKit(tx, id, prepKit, deps.now());
        await recordAudit(tx, { actorId, action: 'session.prep_kit_update', targetType: 'session', targetId: id, details: { own: prepKit !== null } });
      });
      return view(id);
    },

    /** Sends the kit now to every confirmed attendee, scaled to each one's servings. */
    async send(actorId: string, rawId: string | undefined): Promise<PrepKitSendResponse> {
      const id = sessionId(rawId);
      const now = deps.now();
      const press = randomUUID();
      return db().transaction(async (tx) => {
        if (!(await repo.lockSession(tx, id))) throw new AppError('SESSION_NOT_FOUND');
        const session = (await repo.findSessionKit(tx, id))!;
        if (session.sessionStatus === 'cancelled') throw new AppError('SESSION_CANCELLED');
        if (session.startsAt.getTime() <= now.getTime()) throw new AppError('CONFLICT', SESSION_STARTED);
        const kit = sessionPrepKit(session.sessionKit, session.courseKit);
        if (!kit) throw new AppError('CONFLICT', NO_KIT);
        const result: PrepKitSendResponse = { sent: 0, skipped: 0 };
        for (const to of await repo.listConfirmed(tx, id)) {
          const dedupeKey = `${prepKitDedupeKey(to.reservationId)}:resend:${press}`;
          const outcome = await deliverPrepKit(tx, deps, { to, session, kit, dedupeKey, now });
          if (outcome === 'queued') result.sent += 1;
          else result.skipped += 1;
        }
        await recordAudit(tx, { actorId, action: 'session.prep_kit_sent', targetType: 'session', targetId: id, details: { ...result } });
        return result;
      });
    },
  };
}

export type PrepKitService = ReturnType<typeof createPrepKitService>;
