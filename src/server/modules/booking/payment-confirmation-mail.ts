// The French e-mail to a learner whose payment could not become a seat, and who is refunded for it.
import { CHEF_TIME_ZONE, formatSessionDateTime } from '@shared/format';
import { renderEmail } from '../../integrations/mail/layout';
import type { Mail } from '../../integrations/mail/mailer';
import { automaticRefundToCard, automaticRefundToCredit } from '../refunds/automatic-mail';

/** Why a paid line got no seat: what the learner is told. */
export type RefusalReason = 'no_seat' | 'session_cancelled' | 'already_booked' | 'not_held';

export type RefusedSeat = { courseId: string | null; courseTitle: string; startsAt: Date; why: RefusalReason };

const EXPLANATION: Record<RefusalReason, string> = {
  no_seat:
    "votre paiement est arrivé après la fin du délai de 15 minutes pendant lequel votre place était retenue, et la séance est maintenant complète (ou déjà commencée). Votre réservation n'a donc pas pu être confirmée.",
  session_cancelled: 'cette séance a été annulée par la cheffe. Votre réservation ne peut donc pas être confirmée.',
  already_booked: 'vous aviez déjà une place confirmée pour cette séance : ce second paiement ne vous réserve pas de place de plus.',
  not_held: "la place payée n'était plus retenue pour vous au moment du paiement. Votre réservation n'a donc pas pu être confirmée.",
};

/** The note on the credit note (refund.reason) for these refusals. */
export function refundReasonOf(seats: RefusedSeat[]): string {
  const reasons = new Set(seats.map((s) => s.why));
  if (reasons.has('session_cancelled') && reasons.size === 1) return 'Séance annulée : remboursement automatique';
  if (reasons.has('already_booked') && reasons.size === 1) return 'Place déjà payée : remboursement automatique';
  return 'Aucune place disponible à la réception du paiement : remboursement automatique';
}

export function seatRefusedMail(
  to: { email: string; name: string },
  publicUrl: string,
  order: { number: number },
  seats: RefusedSeat[],
  refundTotalCents: number,
  toCredit = false,
): Mail {
  const items = seats.map((s) => ({
    title: `« ${s.courseTitle} », séance du ${formatSessionDateTime(s.startsAt, CHEF_TIME_ZONE)}`,
    why: EXPLANATION[s.why],
    link: s.courseId && s.why !== 'already_booked' ? `${publicUrl}/booking/${s.courseId}` : null,
  }));
  const refund = toCredit ? automaticRefundToCredit(refundTotalCents, order.number) : automaticRefundToCard(refundTotalCents, order.number);
  const other = 'Vous pouvez choisir une autre séance ici :';
  const subject = seats.every((s) => s.why === 'already_booked')
    ? 'Paiement en double : nous vous remboursons'
    : "Votre place n'a pas pu être confirmée : nous vous remboursons";
  const single = items.length === 1 ? items[0]! : null;
  return renderEmail(to.email, {
    subject,
    greeting: `Bonjour ${to.name},`,
    paragraphs: [...items.flatMap((i) => [`${i.title} : ${i.why}`, ...(i.link && !single ? [`${other} ${i.link}`] : [])]), refund, 'Toutes nos excuses pour ce contretemps.'],
    ...(single?.link ? { action: { text: 'Choisir une autre séance', href: single.link } } : {}),
    reason: 'vous avez passé une commande sur Toque',
  });
}

