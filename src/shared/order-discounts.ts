// How an order's discounts read, the same on the payment page, the admin's order and the receipt:
// each line at its list price, then 'Rabais abonné (15 %)  − X', then the subtotal after discount
// (the amount taxes are computed on).
import { formatPrice } from './format';

export type DiscountedLine = { amountCents: number; discountCents: number };

/** A line's price before its discount (amountCents is what is paid, before tax). */
export function listPriceCents(line: DiscountedLine): number {
  return line.amountCents + line.discountCents;
}

/** The rate a line's discount was taken at, as people read it (15 for 15 %); null without one. */
export function discountPercentOf(line: DiscountedLine): number | null {
  if (line.discountCents <= 0) return null;
  return Math.round((line.discountCents * 100) / listPriceCents(line));
}

/** One row per rate ('Rabais abonné (15 %)'), with the discount of those lines, in cents. */
export function discountRows(lines: DiscountedLine[]): { label: string; cents: number }[] {
  const byRate = new Map<number, number>();
  for (const line of lines) {
    const rate = discountPercentOf(line);
    if (rate !== null) byRate.set(rate, (byRate.get(rate) ?? 0) + line.discountCents);
  }
  return [...byRate].map(([rate, cents]) => ({ label: `Rabais abonné (${rate} %)`, cents }));
}

/** '− 9,00 CAD': a discount as the totals show it. */
export function formatDiscount(cents: number): string {
  return `− ${formatPrice(cents)}`;
}
