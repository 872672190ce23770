// The refund's sentence of the e-mails the site sends when it refunds on its own (a seat gone when
// the payment arrives, a course already owned): to the card, or to « Crédit Toque » (decision 0046).
import { formatPrice } from '@shared/format';

/** The refund's sentence of an automatic refund's e-mail, to the card (the default). */
export const automaticRefundToCard = (totalCents: number, orderNumber: number) =>
  `Nous vous remboursons automatiquement ${formatPrice(totalCents)} (taxes comprises), sur le moyen de paiement utilisé pour la commande n° ${orderNumber}. Le remboursement peut prendre de 5 à 10 jours ouvrables à apparaître sur votre relevé, selon votre banque.`;

/** The same, to « Crédit Toque », as the person asked in « Mon crédit » (decision 0046). */
export const automaticRefundToCredit = (totalCents: number, orderNumber: number) =>
  `Comme vous l'avez choisi, ${formatPrice(totalCents)} (taxes comprises, commande n° ${orderNumber}) sont portés à votre crédit Toque, utilisable dès maintenant pour un autre cours.`;
