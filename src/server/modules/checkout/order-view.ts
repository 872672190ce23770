// The one mapping of an order's rows to the API's OrderView (order page, result page, receipts,
// admin): whoever shows an order shows the same thing.
import { formatPrice } from '@shared/format';
import { discountPercentOf } from '@shared/order-discounts';
import { promoSummary, type AppliedCodeView } from '@shared/schemas/promo-codes';
import type { ProvinceCode } from '@shared/provinces';
import type { OrderStatus, OrderView, PaymentMethodView, ProductKind, RefundView } from '@shared/schemas/checkout';
import type { ReservationCancelReason } from '@shared/schemas/reservations';
import type { TaxLine, TaxRefundLine, TaxStatus } from '@shared/tax';
import { toIso } from '../rows';
import { creditNoteUrl, hasReceipt, receiptPdfUrl, receiptUrl } from '../receipts/urls';
import type { OrderDetail, RefundRow } from './repository';

function paymentMethod(order: OrderDetail['order']): PaymentMethodView | null {
  if (order.paymentMethodType !== 'card' && order.paymentMethodType !== 'wallet') return null;
  return { type: order.paymentMethodType, brand: order.paymentMethodBrand, last4: order.paymentMethodLast4 };
}

export function toRefundView(refund: RefundRow): RefundView {
  const succeeded = refund.status === 'succeeded';
  return {
    id: refund.id,
    number: refund.number,
    status: refund.status,
    subtotalCents: refund.subtotalCents,
    taxLines: refund.taxLines as TaxRefundLine[],
    taxCents: refund.taxCents,
    totalCents: refund.totalCents,
    reason: refund.reason,
    creditCents: refund.creditCents,
    createdAt: toIso(refund.createdAt),
    succeededAt: toIso(refund.succeededAt),
    creditNoteUrl: succeeded ? creditNoteUrl(refund.id) : null,
  };
}

/** « Code NOEL20 appliqué : − 20 % sur les cours en direct » */
function appliedCode({ order, lines, promo }: OrderDetail): AppliedCodeView | null {
  if (!order.promoCode) return null;
  const summary = promoSummary(
    {
      percentOff: order.promoPercentOff,
      amountOffCents: order.promoPercentOff === null ? (promo?.amountOffCents ?? 0) : null,
      kinds: promo?.kinds ?? [],
      courseCount: promo?.courseIds.length ?? 0,
    },
    formatPrice,
  );
  return {
    kind: 'promo',
    code: order.promoCode,
    percentOff: order.promoPercentOff,
    discountCents: lines.reduce((sum, l) => sum + l.promoDiscountCents, 0),
    message: `Code ${order.promoCode} appliqué : ${summary}`,
  };
}

export function toOrderView(detail: OrderDetail): OrderView {
  const { order, lines, refunds } = detail;
  const receipt = hasReceipt(order.status);
  return {
    id: order.id,
    number: order.number,
    status: order.status as OrderStatus,
    currency: 'CAD',
    province: order.province as ProvinceCode,
    taxStatus: order.taxStatus as TaxStatus,
    lines: lines.map((l) => ({
      id: l.id,
      kind: l.kind as ProductKind,
      courseId: l.courseId,
      sessionId: l.sessionId,
      description: l.description,
      amountCents: l.amountCents,
      discountCents: l.discountCents,
      discountPercent: discountPercentOf(l),
      promoDiscountCents: l.promoDiscountCents,
      refundedCents: l.refundedCents,
      seats: l.seats,
      reservation: l.reservation
        ? { id: l.reservation.id, status: l.reservation.status, cancelReason: l.reservation.cancelReason as ReservationCancelReason | null }
        : null,
    })),
    subtotalCents: order.subtotalCents,
    discountCents: order.discountCents,
    promo: appliedCode(detail),
    taxLines: order.taxLines as TaxLine[],
    taxCents: order.taxCents,
    totalCents: order.totalCents,
    creditAppliedCents: order.creditAppliedCents,
    paymentMethod: paymentMethod(order),
    failureMessage: order.status === 'failed' ? order.failureMessage : null,
    createdAt: toIso(order.createdAt),
    paidAt: toIso(order.paidAt),
    receiptUrl: receipt ? receiptUrl(order.id) : null,
    receiptPdfUrl: receipt ? receiptPdfUrl(order.id) : null,
    refunds: refunds.map(toRefundView),
  };
}
