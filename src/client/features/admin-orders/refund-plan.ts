// What a refund will give back, computed in the browser with the same shared tax engine as the
// server, so the confirmation dialog can state the amount before the admin confirms. The server
// computes it again and decides.
import type { OrderView } from '@shared/schemas/checkout';
import { refundTaxes, type TaxRefund } from '@shared/tax';

export type RefundLinePlan = { orderLineId: string; amountCents: number };

export function remainingCents(line: OrderView['lines'][number]): number {
  return Math.max(0, line.amountCents - line.refundedCents);
}

export function estimateRefund(order: OrderView, lines: readonly RefundLinePlan[]): TaxRefund {
  const charged = {
    province: order.province,
    status: order.taxStatus,
    lines: order.taxLines,
    subtotalCents: order.subtotalCents,
    taxCents: order.taxCents,
    totalCents: order.totalCents,
  };
  return refundTaxes(
    charged,
    lines.map((l) => ({ id: l.orderLineId, amountCents: l.amountCents })),
    order.lines.filter((l) => l.refundedCents > 0).map((l) => ({ id: l.id, amountCents: l.refundedCents })),
  );
}
