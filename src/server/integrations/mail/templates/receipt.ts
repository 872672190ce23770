// The receipt of a paid order (its lines, taxes and total, with the link to the full receipt) and
// the notice of a refund issued (with its credit note). Money in fr-CA ('19,99 CAD'). The links
// are the documents' signed pages (receipts/document-link.ts): they open on a phone, signed out.
import { formatLongDate, formatPrice, CHEF_TIME_ZONE } from '@shared/format';
import { renderEmail } from '../layout';
import type { Mail } from '../mailer';
import { greeting, type Recipient } from './common';

export type ReceiptInput = {
  to: Recipient;
  /** The receipt's page, signed. */
  receiptUrl: string;
  order: {
    id: string;
    number: number;
    paidAt: Date;
    lines: { description: string; amountCents: number }[];
    taxes: { label: string; amountCents: number }[];
    discountCents: number;
    totalCents: number;
  };
};

export const receiptSubject = (number: number) => `Votre reçu Toque — commande n° ${number}`;

export function orderReceiptMail(input: ReceiptInput): Mail {
  const { order } = input;
  const url = input.receiptUrl;
  return renderEmail(input.to.email, {
    subject: receiptSubject(order.number),
    greeting: greeting(input.to),
    paragraphs: [
      `Merci pour votre achat ! Votre paiement du ${formatLongDate(order.paidAt, CHEF_TIME_ZONE)} est bien reçu.`,
      'Vos cours vous attendent dans Mes Achats. Votre reçu complet, avec nos numéros de taxes, est à votre disposition en ligne.',
    ],
    details: [
      { label: 'Commande', value: `n° ${order.number}` },
      // The description is the value: a label does not wrap, and a class's description is long.
      ...order.lines.map((l) => ({ label: 'Article', value: `${l.description} — ${formatPrice(l.amountCents)}` })),
      ...(order.discountCents > 0 ? [{ label: 'Rabais', value: `− ${formatPrice(order.discountCents)}` }] : []),
      ...order.taxes.map((t) => ({ label: t.label, value: formatPrice(t.amountCents) })),
      { label: 'Total payé', value: formatPrice(order.totalCents) },
      { label: 'Reçu', value: `Reçu de la commande n° ${order.number}`, href: url },
    ],
    action: { text: 'Voir mon reçu', href: url },
    reason: 'vous avez passé une commande sur Toque',
  });
}

export type RefundIssuedInput = {
  to: Recipient;
  /** The credit note's page, signed. */
  creditNoteUrl: string;
  refund: { id: string; totalCents: number; orderNumber: number; reason: string | null };
};

export const refundIssuedSubject = (number: number) => `Remboursement effectué — commande n° ${number}`;

export function refundIssuedMail(input: RefundIssuedInput): Mail {
  const { refund } = input;
  const url = input.creditNoteUrl;
  return renderEmail(input.to.email, {
    subject: refundIssuedSubject(refund.orderNumber),
    greeting: greeting(input.to),
    paragraphs: [
      `Nous vous avons remboursé ${formatPrice(refund.totalCents)} (taxes comprises) pour la commande n° ${refund.orderNumber}.`,
      'Le montant apparaîtra sur votre moyen de paiement d’ici 5 à 10 jours ouvrables, selon votre banque. La note de crédit est à votre disposition en ligne.',
    ],
    details: [
      { label: 'Montant remboursé', value: formatPrice(refund.totalCents) },
      ...(refund.reason ? [{ label: 'Motif', value: refund.reason }] : []),
      { label: 'Note de crédit', value: 'Voir la note de crédit', href: url },
    ],
    action: { text: 'Voir la note de crédit', href: url },
    reason: 'un paiement fait sur Toque vous a été remboursé',
  });
}
