// How an order's discounts read, the same on the payment page, the admin's order and the receipt:
// each line at its list price, then 'Rabais abonné (15 %)  − X', then the subtotal after discount
// (the amount taxes are computed on). A promo code's row comes after the subscriber's: the code is
// taken off the price after the subscriber's discount (decision 0040): 'Code NOEL20 (20 %)  − X'.
import { formatPrice } from './format';

/** discountCents is every discount taken off the line; promoDiscountCents the promo code's part of it. */
export type DiscountedLine = { amountCents: number; discountCents: number; promoDiscountCents?: number };
/** The order's promo code as its receipt prints it (its text, and its rate when a percentage). */
export type AppliedPromo = { code: string; percentOff: number | null };

const subscriberDiscountOf = (line: DiscountedLine) => line.discountCents - (line.promoDiscountCents ?? 0);

/** A line's price before its discount (amountCents is what is paid, before tax). */
export function listPriceCents(line: DiscountedLine): number {
  return line.amountCents + line.discountCents;
}

/** The rate a line's subscriber discount was taken at, as people read it (15 for 15 %); null without one. */
export function discountPercentOf(line: DiscountedLine): number | null {
  const cents = subscriberDiscountOf(line);
  if (cents <= 0) return null;
  return Math.round((cents * 100) / listPriceCents(line));
}

/** The promo code's row label: 'Code NOEL20 (20 %)', or 'Code BIENVENUE' for an amount off. */
export function promoLabel(promo: AppliedPromo): string {
  return promo.percentOff !== null ? `Code ${promo.code} (${promo.percentOff} %)` : `Code ${promo.code}`;
}

/** One row per subscriber rate ('Rabais abonné (15 %)'), then the promo code's, with their discounts in cents. */
export function discountRows(lines: DiscountedLine[], promo?: AppliedPromo | null): { label: string; cents: number }[] {
  const byRate = new Map<number, number>();
  for (const line of lines) {
    const rate = discountPercentOf(line);
    if (rate !== null) byRate.set(rate, (byRate.get(rate) ?? 0) + subscriberDiscountOf(line));
  }
  const rows = [...byRate].map(([rate, cents]) => ({ label: `Rabais abonné (${rate} %)`, cents }));
  const promoCents = lines.reduce((sum, l) => sum + (l.promoDiscountCents ?? 0), 0);
  if (promo && promoCents > 0) rows.push({ label: promoLabel(promo), cents: promoCents });
  return rows;
}

/** '− 9,00 CAD': a discount as the totals show it. */
export function formatDiscount(cents: number): string {
  return `− ${formatPrice(cents)}`;
}
