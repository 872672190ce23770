// What a payment grants on the courses it pays for, inside the webhook's transaction (the order
// row already locked). A recorded course the person already owns through another order (two tabs,
// two checkouts, both paid) is never granted twice nor charged twice: its line gets no purchase and
// is refunded in full, automatically — planned here (a 'pending' credit note and the e-mail), asked
// of the provider after commit. The first order's purchase is never touched.
//
// Two payments of one course at the same moment: each takes the lock on (person, course) after its
// order row (payments/repository.ts lockCourseRights), so the second sees the first's purchase.
// A live class is not judged here: its seat is (booking/payment-confirmation.ts).
import { queueEmail } from '../../integrations/mail/outgoing';
import { renderEmail } from '../../integrations/mail/layout';
import type { PaymentProvider } from '../../integrations/payments/port';
import { automaticRefundsGoToCredit } from '../credit/service';
import { planRefund, type PlannedRefund } from '../refunds/automatic';
import { automaticRefundToCard, automaticRefundToCredit } from '../refunds/automatic-mail';
import * as repo from './repository';
import type { Tx } from '../../db/client';

export const OWNED_REFUND_REASON = 'Cours déjà acheté : remboursement automatique';

/** The refund key of an order's lines paid for courses already owned: one per order, whatever how often its event comes. */
export const ownedRefundKey = (orderId: string) => `owned:${orderId}`;

export async function grantCourses(
  tx: Tx,
  input: { orderId: string; userId: string; now: Date; provider: PaymentProvider['name']; publicUrl: string; buyer: { number: number; email: string; name: string } },
): Promise<PlannedRefund | null> {
  const { orderId, userId, now } = input;
  const recorded = (await repo.courseLinesOf(tx, orderId)).filter((l) => l.kind === 'recorded_course');
  await repo.lockCourseRights(tx, userId, recorded.map((l) => l.courseId));
  const owned = await repo.coursesOwnedElsewhere(tx, userId, recorded.map((l) => l.courseId), orderId);
  const duplicates = recorded.filter((l) => owned.has(l.courseId));
  await repo.grantPurchases(tx, orderId, userId, now, new Set(duplicates.map((l) => l.id)));
  if (duplicates.length === 0) return null;

  const toCredit = await automaticRefundsGoToCredit(tx, userId);
  const refund = await planRefund(tx, {
    orderId,
    lines: duplicates.map((l) => ({ orderLineId: l.id })),
    reason: OWNED_REFUND_REASON,
    createdBy: null,
    idempotencyKey: ownedRefundKey(orderId),
    now,
    provider: input.provider,
    // The person's standing choice in « Mon crédit » (decision 0046): the card, or credit at once.
    toCredit,
  });
  const titles = duplicates.map((l) => `« ${l.description} »`).join(', ');
  await queueEmail(tx, {
    dedupeKey: `course.owned:${orderId}`,
    kind: 'course.owned',
    to: input.buyer.email,
    userId,
    mail: renderEmail(input.buyer.email, {
      subject: 'Paiement en double : nous vous remboursons',
      greeting: `Bonjour ${input.buyer.name},`,
      paragraphs: [
        `Vous possédiez déjà ${duplicates.length > 1 ? 'les cours' : 'le cours'} ${titles} : ce second paiement ne vous donne rien de plus, et votre achat précédent reste entier.`,
        toCredit ? automaticRefundToCredit(refund.totalCents, input.buyer.number) : automaticRefundToCard(refund.totalCents, input.buyer.number),
      ],
      action: { text: 'Voir mes achats', href: `${input.publicUrl}/mes-achats` },
      reason: 'vous avez passé une commande sur Toque',
    }),
  });
  return refund;
}
