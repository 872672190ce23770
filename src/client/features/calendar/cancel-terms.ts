// What the learner reads before confirming a cancellation: a full refund at least the school's notice
// (« Politique d'annulation », 48 h by default: `cancellation.noticeHours`) before the class, none
// after — or none because nothing was paid. The view's `cancellation.refundable` is the server's own
// rule; `late` is set when the server answered that the notice passed while the dialog was open.
import type { ReservationView } from '@shared/schemas/reservations';

export type CancelTerms = {
  refundable: boolean;
  heading: 'Remboursement complet' | 'Aucun remboursement';
  text: string;
  confirmLabel: string;
};

export function cancelTerms(reservation: Pick<ReservationView, 'cancellation'>, now: Date, late = false): CancelTerms {
  const hours = reservation.cancellation.noticeHours;
  if (reservation.cancellation.refundable && reservation.cancellation.moved && !late) {
    return {
      refundable: true,
      heading: 'Remboursement complet',
      text: `La cheffe a déplacé ce cours : si le nouvel horaire ne vous convient pas, votre place sera libérée et votre paiement vous sera remboursé en totalité, même à moins de ${hours} heures du cours.`,
      confirmLabel: "Confirmer l'annulation",
    };
  }
  if (reservation.cancellation.refundable && !late) {
    return {
      refundable: true,
      heading: 'Remboursement complet',
      text: `Le cours commence dans plus de ${hours} heures : votre place sera libérée et votre paiement vous sera remboursé en totalité.`,
      confirmLabel: "Confirmer l'annulation",
    };
  }
  const beforeDeadline = now.getTime() <= Date.parse(reservation.cancellation.refundDeadline);
  return {
    refundable: false,
    heading: 'Aucun remboursement',
    text:
      beforeDeadline && !late
        ? "Aucun paiement n'est rattaché à cette réservation : cette annulation ne donne lieu à aucun remboursement."
        : `Le cours commence dans moins de ${hours} heures : cette annulation ne donne droit à aucun remboursement. Votre place sera libérée.`,
    confirmLabel: 'Annuler sans remboursement',
  };
}
