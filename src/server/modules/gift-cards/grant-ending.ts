// « Votre abonnement offert se termine dans 7 jours » (decision 0042): when a membership grant is
// written, one job is planned for 7 days before its end (at once if nearer). The job decides when it
// runs: a later gift that follows it (stacked), or a paid subscription that renews past its end,
// means the membership does not end — nothing is sent. Otherwise an e-mail and an in-app notice
// suggest subscribing, once each (their dedupe key is the grant's).
import { and, eq, gt } from 'drizzle-orm';
import { isActiveSubscription } from '@shared/access';
import { CHEF_TIME_ZONE, formatLongDate } from '@shared/format';
import type { Tx } from '../../db/client';
import { membershipGrants, profiles, subscriptions, users } from '../../db/schema';
import type { Deps } from '../../deps';
import { queueEmail } from '../../integrations/mail/outgoing';
import { siteUrl } from '../../integrations/mail/templates/common';
import { membershipGiftEndingMail } from '../../integrations/mail/templates/gift-card';
import { sendJob } from '../../jobs/boss';
import type { Job } from '../../jobs/jobs';
import { QUEUES } from '../../jobs/queues';
import { notify } from '../notifications/notify';

export const GRANT_ENDING_NOTICE_DAYS = 7;
export const grantEndingKey = (grantId: string) => `membership_gift.ending:${grantId}`;

export async function scheduleGrantEndingNotice(tx: Tx, grant: { id: string; endsAt: Date }, now: Date): Promise<void> {
  const due = new Date(grant.endsAt.getTime() - GRANT_ENDING_NOTICE_DAYS * 86_400_000);
  await sendJob(tx, QUEUES.membershipGiftEnding, { grantId: grant.id, endsAt: grant.endsAt.toISOString() }, { startAfter: due, now, singletonKey: grantEndingKey(grant.id) });
}

export type GrantEndingOutcome = 'queued' | 'already' | 'not_ending';

export function grantEndingWorker(deps: Pick<Deps, 'config' | 'database' | 'now'>) {
  return async (job: Pick<Job<typeof QUEUES.membershipGiftEnding>, 'data'>): Promise<GrantEndingOutcome> =>
    deps.database.db.transaction(async (tx) => {
      const now = deps.now();
      const [grant] = await tx.select().from(membershipGrants).where(eq(membershipGrants.id, job.data.grantId));
      if (!grant || grant.endsAt.getTime() <= now.getTime()) return 'not_ending';
      // Another gift of the person that ends later: theirs is the notice.
      const [later] = await tx
        .select({ id: membershipGrants.id })
        .from(membershipGrants)
        .where(and(eq(membershipGrants.userId, grant.userId), gt(membershipGrants.endsAt, grant.endsAt)))
        .limit(1);
      if (later) return 'not_ending';
      // A paid membership that goes on past the gift.
      const subs = await tx.select().from(subscriptions).where(eq(subscriptions.userId, grant.userId));
      if (subs.some((s) => isActiveSubscription(s, grant.endsAt) && !s.cancelAtPeriodEnd)) return 'not_ending';
      const [person] = await tx
        .select({ email: users.email, name: users.name, fullName: profiles.fullName })
        .from(users)
        .leftJoin(profiles, eq(profiles.userId, users.id))
        .where(eq(users.id, grant.userId));
      if (!person) return 'not_ending';
      const dedupeKey = grantEndingKey(grant.id);
      const until = formatLongDate(grant.endsAt, CHEF_TIME_ZONE);
      await notify(tx, {
        userId: grant.userId,
        kind: 'subscription.ending',
        title: 'Votre abonnement offert se termine bientôt',
        body: `Votre abonnement offert prend fin le ${until}. Abonnez-vous pour garder vos cours et vos recettes.`,
        link: '/abonnement',
        dedupeKey,
        at: now,
      });
      const queued = await queueEmail(tx, {
        dedupeKey,
        kind: 'membership_gift.ending',
        to: person.email,
        userId: grant.userId,
        mail: membershipGiftEndingMail({ to: { email: person.email, name: person.fullName ?? person.name }, endsAt: grant.endsAt, subscribeUrl: siteUrl(deps.config.publicUrl, '/abonnement') }),
      });
      return queued ? 'queued' : 'already';
    });
}
