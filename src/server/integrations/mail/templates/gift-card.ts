// The gift card's e-mail to its recipient, on the site's look: who offers it, the amount, the
// message, the code, and the button to the card's signed page (printable, with its PDF). And the
// buyer's notice once it is delivered.
import { formatGiftCardCode } from '@shared/gift-cards';
import { formatPrice } from '@shared/format';
import { renderEmail } from '../layout';
import type { Mail } from '../mailer';
import type { Recipient } from './common';

export type GiftCardMailInput = {
  to: Recipient;
  fromName: string;
  amountCents: number;
  code: string;
  message: string;
  courseTitle: string | null;
  /** The card's page, signed (opens signed out, on a phone). */
  cardUrl: string;
  /** Where the recipient adds it to their credit. */
  redeemUrl: string;
};

export const giftCardSubject = (fromName: string) => `${fromName} vous offre une carte-cadeau Toque`;

export function giftCardMail(input: GiftCardMailInput): Mail {
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
