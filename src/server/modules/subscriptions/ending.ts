// 'Votre abonnement prend fin dans 7 jours'. When a cancellation at the period's end is recorded
// (mail-events.ts, in its transaction), one job is planned for 7 days before that end — at once
// if the end is nearer. The job decides when it runs: the member may have resumed, or the
// subscription may have been renewed or ended since; only a subscription still ending at that
// very date gets the e-mail and the in-app notice, once each.
import { ACCESS_STATUSES } from '@shared/access';
import { eq } from 'drizzle-orm';
import { subscriptions } from '../../db/schema';
import type { Deps } from '../../deps';
import { queueEmail } from '../../integrations/mail/outgoing';
import { subscriptionEndingMail } from '../../integrations/mail/templates/membership';
import { sendJob } from '../../jobs/boss';
import type { Job } from '../../jobs/jobs';
import { QUEUES } from '../../jobs/queues';
import { notify } from '../notifications/notify';
import { CHEF_TIME_ZONE, formatLongDate } from '@shared/format';
import * as repo from './repository';
import type { Tx } from '../../db/client';

export const ENDING_NOTICE_DAYS = 7;

export const endingDedupeKey = (subscriptionId: string, periodEnd: Date) => `subscription.ending:${subscriptionId}:${periodEnd.toISOString()}`;

export async function scheduleEndingNotice(tx: Tx, s: { subscriptionId: string; periodEnd: Date; now: Date }): Promise<void> {
  if (s.periodEnd.getTime() <= s.now.getTime()) return;
  const due = new Date(s.periodEnd.getTime() - ENDING_NOTICE_DAYS * 86_400_000);
  await sendJob(
    tx,
    QUEUES.subscriptionEnding,
    { subscriptionId: s.subscriptionId, periodEnd: s.periodEnd.toISOString() },
    { startAfter: due, now: s.now, singletonKey: endingDedupeKey(s.subscriptionId, s.periodEnd) },
  );
}

export type EndingOutcome = 'queued' | 'already' | 'not_ending';

/** The 'subscription.ending' worker. */
export function endingWorker(deps: Pick<Deps, 'config' | 'database' | 'now'>) {
  return async (job: Job<typeof QUEUES.subscriptionEnding>): Promise<EndingOutcome> =>
    deps.database.db.transaction(async (tx) => {
      const periodEnd = new Date(job.data.periodEnd);
      const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.id, job.data.subscriptionId)).for('update');
      const now = deps.now();
      const stillEnding =
        row &&
        row.cancelAtPeriodEnd &&
        (ACCESS_STATUSES as readonly string[]).includes(row.status) &&
        row.currentPeriodEnd?.getTime() === periodEnd.getTime() &&
        periodEnd.getTime() > now.getTime();
      if (!row || !stillEnding) return 'not_ending';
      const to = await repo.findMember(tx, row.userId);
      if (!to) return 'not_ending';
      const dedupeKey = endingDedupeKey(row.id, periodEnd);
      await notify(tx, {
        userId: row.userId,
        kind: 'subscription.ending',
        title: 'Votre abonnement prend fin bientôt',
        body: `Votre abonnement prendra fin le ${formatLongDate(periodEnd, CHEF_TIME_ZONE)}. Vous pouvez le reprendre d'ici là depuis votre Espace Abonné.`,
        link: '/abonne/tableau-de-bord',
        dedupeKey,
        at: now,
      });
      const queued = await queueEmail(tx, {
        dedupeKey,
        kind: 'subscription.ending',
        to: to.email,
        userId: row.userId,
        mail: subscriptionEndingMail({ to, publicUrl: deps.config.publicUrl, periodEnd }),
      });
      return queued ? 'queued' : 'already';
    });
}

