// The e-mail a member gets when a renewal charge is refused: what happened, what happens next
// (access kept while the provider retries, the next attempt's date, or the end), and how to fix it.
import { CHEF_TIME_ZONE, formatLongDate, formatPrice } from '@shared/format';
import { renderEmail } from '../../integrations/mail/layout';
import type { Mail } from '../../integrations/mail/mailer';

export const RENEWAL_FAILED_SUBJECT = 'Le renouvellement de votre abonnement Toque a échoué';

export type RenewalFailedInput = {
  to: { email: string; name: string };
  amountCents: number;
  /** The provider's reason, already in French. */
  reason: string;
  /** The next automatic attempt; null when there is none (the subscription ends). */
  nextAttemptAt: Date | null;
  /** The subscription no longer gives access (the provider gave up and ended it). */
  ended: boolean;
  /** The end of the period access is kept for, when it is kept. */
  accessUntil: Date | null;
  publicUrl: string;
};

export function renewalFailedMail(input: RenewalFailedInput): Mail {
  const paragraphs = [`Le paiement du renouvellement mensuel de votre abonnement Toque (${formatPrice(input.amountCents)}) a été refusé : ${input.reason}`];
  let link: { text: string; href: string };
  if (input.nextAttemptAt) {
    paragraphs.push(
      "Votre abonnement n'est pas interrompu pour autant : vous gardez l'accès aux recettes et aux cours réservés aux abonnés pendant que nous réessayons.",
      `Prochaine tentative de paiement : le ${formatLongDate(input.nextAttemptAt, CHEF_TIME_ZONE)}. Si les tentatives suivantes échouent aussi, l'abonnement sera annulé et l'accès prendra fin.`,
      'Pour régler la situation, vérifiez que votre carte est valide et approvisionnée, ou contactez votre banque : la prochaine tentative sera alors acceptée. Vous pouvez suivre votre abonnement dans votre Espace Abonné.',
    );
    link = { text: 'Ouvrir mon Espace Abonné', href: `${input.publicUrl}/abonne/tableau-de-bord` };
  } else if (!input.ended) {
    paragraphs.push(
      `Aucune nouvelle tentative automatique n'est prévue. Vous gardez l'accès aux contenus réservés aux abonnés jusqu'au ${formatLongDate(input.accessUntil, CHEF_TIME_ZONE)} ; ensuite, l'abonnement prendra fin s'il n'est pas réglé.`,
      'Pour régler la situation, vérifiez que votre carte est valide et approvisionnée, ou contactez votre banque, puis consultez votre Espace Abonné.',
    );
    link = { text: 'Ouvrir mon Espace Abonné', href: `${input.publicUrl}/abonne/tableau-de-bord` };
  } else {
    paragraphs.push(
      "C'était la dernière tentative : votre abonnement a pris fin, et l'accès aux contenus réservés aux abonnés est fermé.",
      'Vous pouvez vous réabonner en tout temps, avec la même carte une fois le problème réglé avec votre banque, ou avec une autre carte.',
    );
    link = { text: "Me réabonner", href: `${input.publicUrl}/abonnement` };
  }
  return renderEmail(input.to.email, {
    subject: RENEWAL_FAILED_SUBJECT,
    greeting: `Bonjour ${input.to.name},`,
    paragraphs,
    action: link,
    reason: 'vous êtes abonné à Toque',
  });
}

export const TRIAL_ENDING_SUBJECT = 'Votre essai gratuit Toque se termine dans 2 jours';

/** Two days before a trial's end: the first charge, its date and amount, and how to cancel at no cost. */
export function trialEndingMail(input: { to: { email: string; name: string }; trialEnd: Date; amountCents: number; plan: string; publicUrl: string }): Mail {
  const period = input.plan === 'annual' ? 'par année' : 'par mois';
  return renderEmail(input.to.email, {
    subject: TRIAL_ENDING_SUBJECT,
    greeting: `Bonjour ${input.to.name},`,
    paragraphs: [
      `Votre essai gratuit de l’abonnement Toque se termine le ${formatLongDate(input.trialEnd, CHEF_TIME_ZONE)}.`,
      `Ce jour-là, votre carte sera débitée de ${formatPrice(input.amountCents)} (taxes comprises), puis ${period} tant que l’abonnement continue.`,
      'Vous ne souhaitez pas continuer ? Annulez avant cette date depuis votre Espace Abonné : aucun montant ne sera prélevé.',
    ],
    action: { text: 'Ouvrir mon Espace Abonné', href: `${input.publicUrl}/abonne/tableau-de-bord` },
    reason: 'vous avez commencé un essai gratuit de Toque',
  });
}
