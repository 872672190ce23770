// A membership's e-mails, queued in the transaction that changes it (beside notifySubscriptionChange
// and notifySubscriptionRenewed, with the same events and the same dedupe keys): started, cancelled
// (at once, or at the period's end — which also plans the 'ending in 7 days' job), renewed.
import { ACCESS_STATUSES } from '@shared/access';
import { queueEmail } from '../../integrations/mail/outgoing';
import type { DocumentSite } from '../../integrations/mail/transactional';
import { signedDocumentUrl } from '../receipts/document-link';
import {
  subscriptionCancelledMail,
  subscriptionRenewedMail,
  subscriptionStartedMail,
} from '../../integrations/mail/templates/membership';
import { scheduleEndingNotice } from './ending';
import * as repo from './repository';
import type { Tx } from '../../db/client';

type State = { id: string; userId: string; status: string; cancelAtPeriodEnd: boolean; currentPeriodEnd: Date | null };
const hasAccess = (status: string) => (ACCESS_STATUSES as readonly string[]).includes(status);

export async function mailSubscriptionChange(tx: Tx, s: { before: State | null; after: State; publicUrl: string; now: Date }): Promise<void> {
  const { before, after, publicUrl } = s;
  const to = await repo.findMember(tx, after.userId);
  if (!to) return;
  const base = { to: to.email, userId: after.userId };
  if (hasAccess(after.status) && !(before && hasAccess(before.status))) {
    await queueEmail(tx, {
      ...base,
      dedupeKey: `subscription.started:${after.id}`,
      kind: 'subscription.started',
      mail: subscriptionStartedMail({ to, publicUrl, renewsAt: after.cancelAtPeriodEnd ? null : after.currentPeriodEnd }),
    });
  }
  if (after.status === 'canceled' && before?.status !== 'canceled') {
    await queueEmail(tx, { ...base, dedupeKey: `subscription.cancelled:${after.id}`, kind: 'subscription.cancelled', mail: subscriptionCancelledMail({ to, publicUrl, accessUntil: null }) });
  } else if (after.cancelAtPeriodEnd && !before?.cancelAtPeriodEnd && hasAccess(after.status)) {
    await queueEmail(tx, {
      ...base,
      dedupeKey: `subscription.cancel_scheduled:${after.id}:${after.currentPeriodEnd?.toISOString() ?? 'none'}`,
      kind: 'subscription.cancelled',
      mail: subscriptionCancelledMail({ to, publicUrl, accessUntil: after.currentPeriodEnd }),
    });
    if (after.currentPeriodEnd) await scheduleEndingNotice(tx, { subscriptionId: after.id, periodEnd: after.currentPeriodEnd, now: s.now });
  }
}

export async function mailSubscriptionRenewed(
  tx: Tx,
  s: { userId: string; invoiceId: string; orderId: string; periodStart: Date | null; periodEnd: Date | null } & DocumentSite,
): Promise<void> {
  const to = await repo.findMember(tx, s.userId);
  const order = await repo.lockOrder(tx, s.orderId);
  if (!to || !order) return;
  await queueEmail(tx, {
    dedupeKey: `subscription.renewed:${s.invoiceId}`,
    kind: 'subscription.renewed',
    to: to.email,
    userId: s.userId,
    mail: subscriptionRenewedMail({ to, receiptUrl: signedDocumentUrl(s, 'receipt', order.id, order.paidAt ?? order.createdAt), order: { id: order.id, number: order.number, totalCents: order.totalCents }, periodStart: s.periodStart, periodEnd: s.periodEnd }),
  });
}
