// What a receipt and a credit note say, as one plain model that both the HTML page and the PDF
// print, so the two never disagree. Contents: research/canada-sales-tax.md §4 (receipts: seller
// and registration numbers, date, each item, each tax on its own line with its rate, province of
// supply) and §7 (credit note: says it is one, supplier and numbers, recipient, date, tax adjusted).
import { seatsLabel } from '@shared/booking';
import { COURSE_TYPE_LABELS } from '@shared/catalog';
import { CHEF_TIME_ZONE, formatLongDate, formatPrice, formatSessionDateTime } from '@shared/format';
import { discountRows, formatDiscount, listPriceCents, promoLabel } from '@shared/order-discounts';
import { provinceName } from '@shared/provinces';
import type { TaxLine, TaxRefundLine } from '@shared/tax';
import type { SellerConfig } from '../../env';
import { formatPeriod } from '../subscriptions/period';
import type { DocumentLineRow, DocumentOrderRow, DocumentRefundRow } from './repository';

export type DocumentRow = { label: string; value: string };

export type FiscalDocument = {
  kind: 'receipt' | 'credit_note';
  /** 'Reçu' or 'Note de crédit'. */
  title: string;
  number: number;
  /** Long French date, in the chef's time zone. */
  date: string;
  /** The credit note's original receipt. */
  reference: string | null;
  seller: { name: string; address: string; registrations: DocumentRow[] };
  buyer: { name: string; email: string };
  lines: { description: string; detail: string | null; amount: string }[];
  /** Sous-total, each tax with its rate, total — in that order; the last one is the total. */
  totals: DocumentRow[];
  /** Payment method, province of supply, status… */
  facts: DocumentRow[];
  notes: string[];
  /** For the download: 'recu-42.pdf', 'note-de-credit-7.pdf'. */
  fileName: string;
};

const LINE_KIND_LABELS: Record<DocumentLineRow['kind'], string> = {
  live_class: COURSE_TYPE_LABELS.live,
  recorded_course: COURSE_TYPE_LABELS.recorded,
  membership: 'Abonnement mensuel',
  // The description already says « Carte-cadeau — non taxable à l'achat » (shared/gift-cards.ts).
  gift_card: 'Aucune taxe à la vente : elle s’applique au cours acheté avec la carte',
};

const BRAND_LABELS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  interac: 'Interac',
  apple_pay: 'Apple Pay',
  google_pay: 'Google Pay',
  link: 'Link',
};

function brandLabel(brand: string): string {
  const known = BRAND_LABELS[brand.toLowerCase()];
  if (known) return known;
  const words = brand.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** 'Visa se terminant par 4242'; a wallet says so, with its card's last four when known. */
export function paymentMethodLabel(method: { type: string | null; brand: string | null; last4: string | null }): string | null {
  if (!method.type) return null;
  if (method.type === 'credit') return 'Crédit Toque';
  const ending = method.last4 ? ` se terminant par ${method.last4}` : '';
  if (method.type === 'wallet') {
    const name = method.brand ? brandLabel(method.brand) : 'Portefeuille numérique';
    return method.last4 ? `${name} (carte${ending})` : name;
  }
  return `${method.brand ? brandLabel(method.brand) : 'Carte'}${ending}`;
}

const STATUS_LABELS: Partial<Record<DocumentOrderRow['status'], string>> = {
  paid: 'Payé',
  partially_refunded: 'Payé, remboursé en partie',
  refunded: 'Payé, remboursé',
};

function sellerBlock(order: DocumentOrderRow, seller: SellerConfig): FiscalDocument['seller'] {
  // A small supplier that is not registered must neither charge nor show a tax number (§4).
  const registrations: DocumentRow[] =
    order.taxStatus === 'not_registered'
      ? []
      : [
          { label: 'N° de TPS/TVH', value: seller.gstNumber },
          { label: 'N° de TVQ', value: seller.qstNumber },
        ];
  return { name: seller.name, address: seller.address, registrations };
}

const taxRowLabel = (t: Pick<TaxLine, 'label' | 'rateLabel'>) => `${t.label} (${t.rateLabel})`;

function lineDetail(line: DocumentLineRow): string {
  const kind = LINE_KIND_LABELS[line.kind];
  if (line.kind === 'live_class' && line.sessionStartsAt) {
    // A booking of several seats (docs/decisions/0047) says how many the line paid for.
    return `${kind} — séance du ${formatSessionDateTime(line.sessionStartsAt, CHEF_TIME_ZONE)}${line.seats > 1 ? ` — ${seatsLabel(line.seats)}` : ''}`;
  }
  return kind;
}

function supplyFacts(order: DocumentOrderRow): DocumentRow[] {
  return [{ label: 'Lieu de la fourniture', value: provinceName(order.province) ?? order.province }];
}

function taxNotes(order: DocumentOrderRow): string[] {
  if (order.taxStatus === 'zero_rated') {
    return ["Fourniture détaxée : exportation à une personne résidant à l'extérieur du Canada. Aucune TPS/TVH ni TVQ n'est exigible."];
  }
  return [];
}

export function buildReceipt(
  order: DocumentOrderRow,
  lines: DocumentLineRow[],
  orderRefunds: DocumentRefundRow[],
  seller: SellerConfig,
): FiscalDocument {
  const taxLines = order.taxLines as TaxLine[];
  // Lines at their list price, then the discount, then the subtotal the taxes are computed on.
  const totals: DocumentRow[] = discountRows(lines, order.promoCode ? { code: order.promoCode, percentOff: order.promoPercentOff } : null).map((d) => ({ label: d.label, value: formatDiscount(d.cents) }));
  totals.push({ label: 'Sous-total', value: formatPrice(order.subtotalCents) });
  for (const tax of taxLines) totals.push({ label: taxRowLabel(tax), value: formatPrice(tax.amountCents) });
  totals.push({ label: 'Total', value: formatPrice(order.totalCents) });

  const facts: DocumentRow[] = [];
  // A membership order pays one month: the receipt says which ('Période : du … au …').
  if (order.periodStart && order.periodEnd) facts.push({ label: 'Période', value: formatPeriod(order.periodStart, order.periodEnd) });
  const method = paymentMethodLabel({ type: order.paymentMethodType, brand: order.paymentMethodBrand, last4: order.paymentMethodLast4 });
  // « Crédit Toque » is payment, after tax: the split under the total (docs/decisions/0038).
  if (order.creditAppliedCents > 0) {
    totals.push({ label: 'Crédit Toque', value: `− ${formatPrice(order.creditAppliedCents)}` });
    const byCard = order.totalCents - order.creditAppliedCents;
    if (byCard > 0) totals.push({ label: method && order.paymentMethodType !== 'credit' ? method : 'Carte', value: `− ${formatPrice(byCard)}` });
  }
  if (method) facts.push({ label: 'Mode de paiement', value: method });
  facts.push(...supplyFacts(order));
  const status = STATUS_LABELS[order.status];
  if (status) facts.push({ label: 'Statut', value: status });

  const notes = taxNotes(order);
  for (const refund of orderRefunds.filter((r) => r.status === 'succeeded')) {
    notes.push(
      `Remboursement de ${formatPrice(refund.totalCents)} le ${formatLongDate(refund.succeededAt ?? refund.createdAt, CHEF_TIME_ZONE)} : voir la note de crédit n° ${refund.number}.`,
    );
  }
  notes.push('Montants en dollars canadiens (CAD). Merci de votre achat !');

  return {
    kind: 'receipt',
    title: 'Reçu',
    number: order.number,
    date: formatLongDate(order.paidAt ?? order.createdAt, CHEF_TIME_ZONE),
    reference: null,
    seller: sellerBlock(order, seller),
    buyer: { name: order.buyerName, email: order.buyerEmail },
    lines: lines.map((l) => ({ description: l.description, detail: lineDetail(l), amount: formatPrice(listPriceCents(l)) })),
    totals,
    facts,
    notes,
    fileName: `recu-${order.number}.pdf`,
  };
}

type RefundedLine = { orderLineId: string; amountCents: number };

export function buildCreditNote(
  refund: DocumentRefundRow,
  order: DocumentOrderRow,
  lines: DocumentLineRow[],
  seller: SellerConfig,
): FiscalDocument {
  const byId = new Map(lines.map((l) => [l.id, l]));
  const refundedLines = (refund.lines as RefundedLine[]).map((r) => {
    const line = byId.get(r.orderLineId);
    const whole = line ? r.amountCents >= line.amountCents : false;
    return {
      description: line?.description ?? 'Ligne de la commande',
      detail: line ? `${lineDetail(line)}${whole ? '' : ` — remboursement partiel sur ${formatPrice(line.amountCents)}`}` : null,
      amount: formatPrice(r.amountCents),
    };
  });
  const totals: DocumentRow[] = [{ label: 'Sous-total remboursé', value: formatPrice(refund.subtotalCents) }];
  for (const tax of refund.taxLines as TaxRefundLine[]) {
    totals.push({ label: `${taxRowLabel(tax)} remboursée`, value: formatPrice(tax.amountCents) });
  }
  totals.push({ label: 'Total remboursé', value: formatPrice(refund.totalCents) });

  const facts: DocumentRow[] = [];
  const method = paymentMethodLabel({ type: order.paymentMethodType, brand: order.paymentMethodBrand, last4: order.paymentMethodLast4 });
  if (method) facts.push({ label: 'Remboursé sur', value: method });
  facts.push(...supplyFacts(order));
  if (refund.reason) facts.push({ label: 'Motif', value: refund.reason });
  // Refunds give back what was paid: the amounts above are net of the order's promo code.
  if (order.promoCode) {
    facts.push({ label: 'Rabais de la commande', value: `${promoLabel({ code: order.promoCode, percentOff: order.promoPercentOff })} — montants remboursés après rabais` });
  }

  const receiptDate = formatLongDate(order.paidAt ?? order.createdAt, CHEF_TIME_ZONE);
  return {
    kind: 'credit_note',
    title: 'Note de crédit',
    number: refund.number,
    date: formatLongDate(refund.succeededAt ?? refund.createdAt, CHEF_TIME_ZONE),
    reference: `Se rapporte au reçu n° ${order.number} du ${receiptDate}`,
    seller: sellerBlock(order, seller),
    buyer: { name: order.buyerName, email: order.buyerEmail },
    lines: refundedLines,
    totals,
    facts,
    notes: [
      `Ce document est une note de crédit : il réduit de ${formatPrice(refund.totalCents)} le montant du reçu n° ${order.number}, taxes comprises, comme détaillé ci-dessus.`,
      ...taxNotes(order),
      'Montants en dollars canadiens (CAD).',
    ],
    fileName: `note-de-credit-${refund.number}.pdf`,
  };
}
