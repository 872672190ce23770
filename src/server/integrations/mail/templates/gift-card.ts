// The gift card's e-mail to its recipient, on the site's look: who offers it, the amount, the
// message, the code, and the button to the card's signed page (printable, with its PDF). And the
// buyer's notice once it is delivered.
import { formatGiftCardCode, membershipGiftLabel } from '@shared/gift-cards';
import { CHEF_TIME_ZONE, formatLongDate, formatPrice } from '@shared/format';
import { renderEmail } from '../layout';
import type { Mail } from '../mailer';
import type { Recipient } from './common';

export type GiftCardMailInput = {
  to: Recipient;
  fromName: string;
  amountCents: number;
  /** A membership card: the months it gives (its e-mail says « N mois d'abonnement Toque », never an amount). */
  membershipMonths?: number | null;
  code: string;
  message: string;
  courseTitle: string | null;
  /** The card's page, signed (opens signed out, on a phone). */
  cardUrl: string;
  /** Where the recipient adds it to their credit. */
  redeemUrl: string;
};

export const giftCardSubject = (fromName: string) => `${fromName} vous offre une carte-cadeau Toque`;

export const membershipGiftSubject = (fromName: string, months: number) => `${fromName} vous offre ${membershipGiftLabel(months)}`;

export function giftCardMail(input: GiftCardMailInput): Mail {
  if (input.membershipMonths) return membershipGiftMail(input, input.membershipMonths);
  return renderEmail(input.to.email, {
    subject: giftCardSubject(input.fromName),
    greeting: `Bonjour ${input.to.name},`,
    paragraphs: [
      `${input.fromName} vous offre une carte-cadeau Toque de ${formatPrice(input.amountCents)}, sans date d'expiration.`,
      ...(input.message ? [`« ${input.message} »`] : []),
      ...(input.courseTitle ? [`Le cours suggéré : « ${input.courseTitle} ».`] : []),
      'Pour l’utiliser, créez votre compte Toque (ou connectez-vous), puis ajoutez le code à votre crédit dans Mon Compte › Mon crédit. Votre carte, à imprimer, est aussi en ligne.',
    ],
    details: [
      { label: 'Montant', value: formatPrice(input.amountCents) },
      { label: 'Code', value: formatGiftCardCode(input.code) },
      { label: 'Validité', value: "Sans date d'expiration" },
      { label: 'Ajouter à mon crédit', value: 'Mon crédit', href: input.redeemUrl },
    ],
    action: { text: 'Voir ma carte-cadeau', href: input.cardUrl },
    reason: `${input.fromName} vous a offert une carte-cadeau sur Toque`,
  });
}

/** The membership gift: « N mois d'abonnement Toque », no expiry, the code and the link that activates it. */
function membershipGiftMail(input: GiftCardMailInput, months: number): Mail {
  const label = membershipGiftLabel(months);
  return renderEmail(input.to.email, {
    subject: membershipGiftSubject(input.fromName, months),
    greeting: `Bonjour ${input.to.name},`,
    paragraphs: [
      `${input.fromName} vous offre ${label} : les cours enregistrés inclus, les recettes réservées aux abonnés et le rabais des abonnés sur les cours en direct. Sans date d'expiration : activez-la quand vous le voulez.`,
      ...(input.message ? [`« ${input.message} »`] : []),
      'Pour l’activer, créez votre compte Toque (ou connectez-vous) et suivez le lien « Activer mon abonnement offert » : le code est déjà inscrit. Si vous êtes déjà abonné·e, vos mois offerts commencent à la fin de votre période payée et votre abonnement payant ne se renouvelle plus.',
    ],
    details: [
      { label: 'Cadeau', value: label },
      { label: 'Code', value: formatGiftCardCode(input.code) },
      { label: 'Validité', value: "Sans date d'expiration" },
      { label: 'Activer mon abonnement offert', value: 'Mon crédit', href: input.redeemUrl },
    ],
    action: { text: 'Voir ma carte-cadeau', href: input.cardUrl },
    reason: `${input.fromName} vous a offert un abonnement sur Toque`,
  });
}

/** 7 days before gifted months end: when, and the way to subscribe. */
export function membershipGiftEndingMail(input: { to: Recipient; endsAt: Date; subscribeUrl: string }): Mail {
  const until = formatLongDate(input.endsAt, CHEF_TIME_ZONE);
  return renderEmail(input.to.email, {
    subject: 'Votre abonnement offert se termine dans 7 jours',
    greeting: `Bonjour ${input.to.name},`,
    paragraphs: [
      `Votre abonnement Toque offert prend fin le ${until}.`,
      'Pour garder les cours enregistrés, les recettes réservées aux abonnés et le rabais des abonnés sur les cours en direct, abonnez-vous : au mois ou à l’année.',
    ],
    details: [{ label: 'Fin de l’abonnement offert', value: until }],
    action: { text: "S'abonner", href: input.subscribeUrl },
    reason: 'Vous avez reçu un abonnement Toque en cadeau',
  });
}
