// The free trial's reminder: 2 days before the first charge, one e-mail. When our row first shows a
// trial (applyProviderState, in its transaction), a job is planned for that moment — by the
// provider's clock for this subscription (the sandbox's test clock runs ahead; Stripe's is ours), so
// a clock moved forward brings the job forward (a new key: the old job finds the mail sent). The job
// decides when it runs: only a subscription still trialing to that very end, not cancelled, gets
// the e-mail, once (its dedupe key is the trial's).
import { eq } from 'drizzle-orm';
import { subscriptions } from '../../db/schema';
import type { Deps } from '../../deps';
import { queueEmail } from '../../integrations/mail/outgoing';
import { sendJob } from '../../jobs/boss';
import type { Job } from '../../jobs/jobs';
import { QUEUES } from '../../jobs/queues';
import { notify } from '../notifications/notify';
import { CHEF_TIME_ZONE, formatLongDate } from '@shared/format';
import { trialEndingMail } from './mails';
import * as repo from './repository';
import type { Tx } from '../../db/client';

export const TRIAL_REMINDER_DAYS = 2;
const DAY_MS = 86_400_000;

export const trialReminderKey = (subscriptionId: string, trialEnd: Date) => `subscription.trial_ending:${subscriptionId}:${trialEnd.toISOString()}`;

/** Plans the reminder; `providerNow` is the provider's clock for this subscription (ours when absent). */
export async function scheduleTrialReminder(tx: Tx, s: { subscriptionId: string; trialEnd: Date; now: Date; providerNow?: Date }): Promise<void> {
  const providerNow = s.providerNow ?? s.now;
  if (s.trialEnd.getTime() <= providerNow.getTime()) return;
  const dueIn = s.trialEnd.getTime() - TRIAL_REMINDER_DAYS * DAY_MS - providerNow.getTime();
  const due = new Date(s.now.getTime() + Math.max(0, dueIn));
  // The key names the hour it falls due on our clock: a provider clock moved forward plans another (the mail stays once).
  const slot = Math.floor(due.getTime() / 3_600_000);
  await sendJob(
    tx,
    QUEUES.subscriptionTrialEnding,
    { subscriptionId: s.subscriptionId, trialEnd: s.trialEnd.toISOString() },
    { startAfter: due, now: s.now, singletonKey: `${trialReminderKey(s.subscriptionId, s.trialEnd)}:${dueIn <= 0 ? 'now' : slot}` },
  );
}

export type TrialReminderOutcome = 'queued' | 'already' | 'not_trialing';

/** The 'subscription.trial_ending' worker. */
export function trialReminderWorker(deps: Pick<Deps, 'config' | 'database' | 'now'>) {
  return async (job: Job<typeof QUEUES.subscriptionTrialEnding>): Promise<TrialReminderOutcome> =>
    deps.database.db.transaction(async (tx) => {
      const trialEnd = new Date(job.data.trialEnd);
      const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.id, job.data.subscriptionId)).for('update');
      if (!row || row.status !== 'trialing' || row.cancelAtPeriodEnd || row.trialEnd?.getTime() !== trialEnd.getTime()) return 'not_trialing';
      const to = await repo.findMember(tx, row.userId);
      const first = await repo.findFirstOrder(tx, row.id);
      if (!to || !first) return 'not_trialing';
      const dedupeKey = trialReminderKey(row.id, trialEnd);
      const now = deps.now();
      await notify(tx, {
        userId: row.userId,
        kind: 'subscription.trial_ending',
        title: 'Votre essai gratuit se termine bientôt',
        body: `Le premier paiement de votre abonnement aura lieu le ${formatLongDate(trialEnd, CHEF_TIME_ZONE)}. Annulez d'ici là, sans frais, depuis votre Espace Abonné si vous ne souhaitez pas continuer.`,
        link: '/abonne/tableau-de-bord',
        dedupeKey,
        at: now,
      });
      const queued = await queueEmail(tx, {
        dedupeKey,
        kind: 'subscription.trial_ending',
        to: to.email,
        userId: row.userId,
        mail: trialEndingMail({ to, trialEnd, amountCents: first.totalCents, plan: row.plan, publicUrl: deps.config.publicUrl }),
      });
      return queued ? 'queued' : 'already';
    });
}
