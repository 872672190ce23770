// The French e-mails a learner gets when their seat is cancelled: by themselves (with or without
// refund; all their seats or some), or because the admin cancelled the whole session. Times are the chef's, zone named.
import { seatsLabel, seatsLine } from '@shared/booking';
import { CHEF_TIME_ZONE, formatPrice, formatSessionDateTime } from '@shared/format';
import { renderEmail } from '../../integrations/mail/layout';
import type { Mail } from '../../integrations/mail/mailer';

/** What happened to the money, as the e-mail tells it. */
export type RefundNotice =
  /** A refund of this amount (taxes included): creditCents of it went to « Crédit Toque », the rest was asked of the provider. */
  | { kind: 'refunded'; totalCents: number; creditCents?: number }
  /** The provider refused it: someone will follow up. */
  | { kind: 'refund_failed' }
  /** The seat's payment was already given back (the admin refunded it by hand). */
  | { kind: 'already_refunded' }
  /** Nothing to give back (within 48 h, or nothing was paid). */
  | { kind: 'none' }
  /** The chef cancelled: the learner chooses card or credit on `choiceUrl` before `dueAt`, the card after (decision 0043). */
  | { kind: 'choice'; dueAt: Date; choiceUrl: string };

/** Where a learner chooses the card or « Crédit Toque » after a cancelled session (the client's route). */
export const refundChoicePath = (reservationId: string) => `/reservations/${reservationId}/remboursement`;

export type SeatMailInput = {
  to: { email: string; name: string };
  courseTitle: string;
  startsAt: Date;
  refund: RefundNotice;
  publicUrl: string;
};

function refundParagraph(refund: RefundNotice, noneText: string): string {
  switch (refund.kind) {
    case 'refunded':
      if (refund.creditCents && refund.creditCents >= refund.totalCents) {
        return `${formatPrice(refund.totalCents)} ont été ajoutés à votre crédit Toque : vous pouvez les utiliser dès maintenant (Mon compte → Mon crédit). La note de crédit est disponible dans Mes Achats.`;
      }
      if (refund.creditCents) {
        return `Le remboursement complet de ${formatPrice(refund.totalCents)} a été fait : ${formatPrice(refund.creditCents)} sur votre crédit Toque, le reste sur votre moyen de paiement d'ici quelques jours ouvrables. La note de crédit sera disponible dans Mes Achats.`;
      }
      return `Le remboursement complet de ${formatPrice(refund.totalCents)} a été demandé : il apparaîtra sur votre moyen de paiement d'ici quelques jours ouvrables. La note de crédit sera disponible dans Mes Achats.`;
    case 'refund_failed':
      return "Le remboursement n'a pas pu être effectué automatiquement : nous vous écrirons très bientôt pour le régler.";
    case 'already_refunded':
      return 'Le paiement de cette place vous a déjà été remboursé.';
    case 'none':
      return noneText;
    case 'choice':
      return `Votre place vous sera remboursée en entier. Choisissez comment : « Être remboursé sur ma carte », ou « Recevoir un crédit Toque », utilisable tout de suite sur le site. Sans choix de votre part d'ici le ${formatSessionDateTime(refund.dueAt, CHEF_TIME_ZONE)}, nous vous rembourserons sur votre carte.`;
  }
}

function render(to: SeatMailInput['to'], subject: string, paragraphs: string[], link: { text: string; href: string }): Mail {
  return renderEmail(to.email, { subject, greeting: `Bonjour ${to.name},`, paragraphs, action: link, reason: 'vous aviez réservé une place à un cours en direct sur Toque' });
}

/** The learner cancelled their own seat. */
export function reservationCancelledMail(input: SeatMailInput & { refundNoticeHours: number }): Mail {
  const when = formatSessionDateTime(input.startsAt, CHEF_TIME_ZONE);
  return render(
    input.to,
    `Annulation de votre réservation : ${input.courseTitle}`,
    [
      `Votre réservation pour le cours « ${input.courseTitle} » du ${when} est annulée, et votre place est libérée.`,
      refundParagraph(
        input.refund,
        `L'annulation a eu lieu moins de ${input.refundNoticeHours} heures avant le cours : comme le prévoit notre politique d'annulation, elle ne donne droit à aucun remboursement.`,
      ),
    ],
    { text: 'Réserver une autre séance', href: `${input.publicUrl}/reserver-un-cours` },
  );
}

/** The chef cancelled the whole session: the reason, and the refund to choose (card or credit). */
export function sessionCancelledMail(input: SeatMailInput & { reason: string }): Mail {
  const when = formatSessionDateTime(input.startsAt, CHEF_TIME_ZONE);
  return render(
    input.to,
    `Séance annulée : ${input.courseTitle}`,
    [
      `Nous sommes désolés : la séance du cours « ${input.courseTitle} » prévue le ${when} est annulée.`,
      `Raison : ${input.reason}`,
      refundParagraph(input.refund, "Aucun paiement n'était à rembourser pour cette réservation."),
    ],
    input.refund.kind === 'choice'
      ? { text: 'Choisir mon remboursement', href: input.refund.choiceUrl }
      : { text: 'Choisir une autre séance', href: `${input.publicUrl}/reserver-un-cours` },
  );
}

/** The learner gave back some of their booking's seats (docs/decisions/0047): the booking stands with the rest. */
export function seatsGivenBackMail(input: SeatMailInput & { reservationId: string; gaveBack: number; seatsLeft: number; guests: string[]; refundNoticeHours: number; paid: boolean }): Mail {
  const when = formatSessionDateTime(input.startsAt, CHEF_TIME_ZONE);
  const refund = input.refund;
  const money =
    refund.kind === 'refunded' && refund.creditCents && refund.creditCents >= refund.totalCents
      ? `La part des places rendues, ${formatPrice(refund.totalCents)} taxes comprises, a été ajoutée à votre crédit Toque (Mon compte → Mon crédit). La note de crédit est disponible dans Mes Achats.`
      : refund.kind === 'refunded'
        ? `Le remboursement de la part des places rendues, ${formatPrice(refund.totalCents)} taxes comprises, a été demandé : il apparaîtra sur votre moyen de paiement d'ici quelques jours ouvrables. La note de crédit sera disponible dans Mes Achats.`
        : refundParagraph(
            refund,
            input.paid
              ? `Les places ont été rendues moins de ${input.refundNoticeHours} heures avant le cours : comme le prévoit notre politique d'annulation, elles ne sont pas remboursées.`
              : "Aucun paiement n'était à rembourser pour ces places.",
          );
  return render(
    input.to,
    `${input.gaveBack > 1 ? 'Places rendues' : 'Place rendue'} : ${input.courseTitle}`,
    [
      `Vous avez rendu ${seatsLabel(input.gaveBack)} pour le cours « ${input.courseTitle} » du ${when}. Votre réservation compte maintenant ${seatsLine(input.seatsLeft, input.guests)}.`,
      money,
    ],
    { text: 'Voir ma réservation', href: `${input.publicUrl}/reservations/${input.reservationId}` },
  );
}
