// A membership's e-mails: started, renewed (with the period's receipt), cancelled (and until when
// access lasts), and ending in 7 days. A refused renewal is subscriptions/mails.ts.
import { CHEF_TIME_ZONE, formatLongDate, formatPrice } from '@shared/format';
import { renderEmail } from '../layout';
import type { Mail } from '../mailer';
import { greeting, siteUrl, type Recipient } from './common';

const dashboard = (publicUrl: string) => siteUrl(publicUrl, '/abonne/tableau-de-bord');
const day = (d: Date) => formatLongDate(d, CHEF_TIME_ZONE);

export const SUBSCRIPTION_STARTED_SUBJECT = 'Votre abonnement Toque est activé';
export const SUBSCRIPTION_RENEWED_SUBJECT = 'Votre abonnement Toque est renouvelé';
export const SUBSCRIPTION_CANCELLED_SUBJECT = 'Votre abonnement Toque est annulé';
export const SUBSCRIPTION_ENDING_SUBJECT = 'Votre abonnement Toque prend fin dans 7 jours';

export function subscriptionStartedMail(input: { to: Recipient; publicUrl: string; renewsAt: Date | null }): Mail {
  return renderEmail(input.to.email, {
    subject: SUBSCRIPTION_STARTED_SUBJECT,
    greeting: greeting(input.to),
    paragraphs: [
      'Bienvenue parmi nos abonnés ! Vous avez maintenant accès aux recettes et aux cours réservés aux abonnés.',
      input.renewsAt
        ? `Votre abonnement se renouvellera automatiquement le ${day(input.renewsAt)}. Vous pouvez l’annuler en tout temps depuis votre Espace Abonné.`
        : 'Vous pouvez suivre et annuler votre abonnement en tout temps depuis votre Espace Abonné.',
    ],
    action: { text: 'Ouvrir mon Espace Abonné', href: dashboard(input.publicUrl) },
    reason: 'vous vous êtes abonné à Toque',
  });
}

export type RenewedInput = {
  to: Recipient;
  /** The period's receipt page, signed (receipts/document-link.ts). */
  receiptUrl: string;
  order: { id: string; number: number; totalCents: number };
  periodStart: Date | null;
  periodEnd: Date | null;
};

export function subscriptionRenewedMail(input: RenewedInput): Mail {
  const url = input.receiptUrl;
  const period = input.periodStart && input.periodEnd ? `du ${day(input.periodStart)} au ${day(input.periodEnd)}` : null;
  return renderEmail(input.to.email, {
    subject: SUBSCRIPTION_RENEWED_SUBJECT,
    greeting: greeting(input.to),
    paragraphs: [
      `Votre abonnement Toque est renouvelé${period ? ` pour la période ${period}` : ''} : ${formatPrice(input.order.totalCents)} ont été prélevés. Merci de cuisiner avec nous !`,
    ],
    details: [
      ...(period ? [{ label: 'Période', value: period }] : []),
      { label: 'Montant', value: formatPrice(input.order.totalCents) },
      { label: 'Reçu', value: `Commande n° ${input.order.number}`, href: url },
    ],
    action: { text: 'Voir mon reçu', href: url },
    reason: 'vous êtes abonné à Toque',
  });
}

/** accessUntil: the end of the paid period when access lasts until then; null when it ended now. */
export function subscriptionCancelledMail(input: { to: Recipient; publicUrl: string; accessUntil: Date | null }): Mail {
  return renderEmail(input.to.email, {
    subject: SUBSCRIPTION_CANCELLED_SUBJECT,
    greeting: greeting(input.to),
    paragraphs: [
      input.accessUntil
        ? `Votre abonnement est annulé : il ne sera pas renouvelé. Vous gardez l’accès aux contenus réservés aux abonnés jusqu’au ${day(input.accessUntil)}.`
        : 'Votre abonnement est annulé, et l’accès aux contenus réservés aux abonnés est fermé.',
      'Vos cours achetés restent à vous. Vous pouvez vous réabonner en tout temps.',
    ],
    action: { text: 'Me réabonner', href: siteUrl(input.publicUrl, '/abonnement') },
    reason: 'vous étiez abonné à Toque',
  });
}

export function subscriptionEndingMail(input: { to: Recipient; publicUrl: string; periodEnd: Date }): Mail {
  return renderEmail(input.to.email, {
    subject: SUBSCRIPTION_ENDING_SUBJECT,
    greeting: greeting(input.to),
    paragraphs: [
      `Comme vous l’avez demandé, votre abonnement Toque prendra fin le ${day(input.periodEnd)}. D’ici là, profitez encore des recettes et des cours réservés aux abonnés.`,
      'Vous avez changé d’avis ? Reprenez votre abonnement depuis votre Espace Abonné avant cette date : rien ne sera interrompu.',
    ],
    action: { text: 'Ouvrir mon Espace Abonné', href: dashboard(input.publicUrl) },
    reason: 'vous êtes abonné à Toque',
  });
}
