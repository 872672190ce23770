// The admin's refunds. A refund is decided in one transaction with the order locked (what is left
// per line, the tax given back in proportion, a 'pending' credit note), then asked of the provider
// with the refund's id as idempotency key. Money, lines and access change only when the
// provider's refund event arrives (events.ts). Repeating a request with the same idempotencyKey
// returns the refund already made, and asks the provider again if the first ask never got through.
import { refundRequestSchema, type AdminOrderSummary, type AdminOrdersQuery, type AdminOrdersResponse, type OrderView, type RefundView } from '@shared/schemas/checkout';
import { refundTaxes, type RefundedLine, type TaxLine, type TaxResult, type TaxStatus } from '@shared/tax';
import { formatPrice } from '@shared/format';
import type { ProvinceCode } from '@shared/provinces';
import type { Deps } from '../../deps';
import { AppError } from '../../http/app-error';
import type { SignedInViewer } from '../../http/guards';
import { parseInput } from '../../http/validate';
import type { PaymentProvider } from '../../integrations/payments/port';
import { toOrderView } from '../checkout/order-view';
import { loadOrderDetail } from '../checkout/repository';
import { isUuid } from '../params';
import { toIso } from '../rows';
import * as repo from './repository';

const REFUNDABLE = ['paid', 'partially_refunded'];
const OTHER_PROVIDER_MESSAGE = 'Cette commande a été payée avec un autre fournisseur de paiement : remboursez-la depuis ce fournisseur.';

function describeLines(descriptions: string[]): string {
  if (descriptions.length <= 1) return descriptions[0] ?? '';
  const others = descriptions.length - 1;
  return `${descriptions[0]} et ${others} autre${others > 1 ? 's' : ''} cours`;
}

export function createRefundService(deps: Pick<Deps, 'database' | 'logger' | 'now'>, provider: PaymentProvider) {
  const db = () => deps.database.db;

  // The admin sees an order exactly as its buyer does: the checkout module's one mapping.
  async function orderView(orderId: string): Promise<OrderView> {
    const detail = await loadOrderDetail(db(), orderId);
    if (!detail) throw new AppError('ORDER_NOT_FOUND');
    return toOrderView(detail);
  }

  return {
    async list(query: AdminOrdersQuery): Promise<AdminOrdersResponse> {
      const { rows, lines, total } = await repo.listOrders(db(), query);
      const byOrder = new Map<string, string[]>();
      for (const l of lines) byOrder.set(l.orderId, [...(byOrder.get(l.orderId) ?? []), l.description]);
      const orders = rows.map(
        (r): AdminOrderSummary => ({
          id: r.id,
          number: r.number,
          status: r.status,
          totalCents: r.totalCents,
          createdAt: toIso(r.createdAt),
          paidAt: toIso(r.paidAt),
          buyerName: r.buyerName,
          buyerEmail: r.buyerEmail,
          description: describeLines(byOrder.get(r.id) ?? []),
        }),
      );
      return { orders, total };
    },

    /** The order as its buyer sees it, and who the buyer is (as the order recorded them). */
    async detail(orderId: string): Promise<{ order: OrderView; buyer: { name: string; email: string } }> {
      if (!isUuid(orderId)) throw new AppError('ORDER_NOT_FOUND');
      const detail = await loadOrderDetail(db(), orderId);
      if (!detail) throw new AppError('ORDER_NOT_FOUND');
      return { order: toOrderView(detail), buyer: { name: detail.order.buyerName, email: detail.order.buyerEmail } };
    },

    /** 'created' false: the same idempotencyKey gave back the refund made before. */
    async refund(admin: SignedInViewer, orderId: string, body: unknown): Promise<{ created: boolean; refund: RefundView; order: OrderView }> {
      if (!isUuid(orderId)) throw new AppError('ORDER_NOT_FOUND');
      const input = parseInput(refundRequestSchema, body);
      const now = deps.now();

      const { refund, paymentId, created } = await db().transaction(async (tx) => {
        const order = await repo.lockOrder(tx, orderId);
        if (!order) throw new AppError('ORDER_NOT_FOUND');
        const existing = await repo.findRefundByKey(tx, orderId, input.idempotencyKey);
        if (existing) return { refund: existing, paymentId: order.providerPaymentId, created: false };

        if (!REFUNDABLE.includes(order.status) || !order.providerPaymentId) throw new AppError('REFUND_NOT_ALLOWED');
        if (order.provider !== provider.name) throw new AppError('REFUND_NOT_ALLOWED', OTHER_PROVIDER_MESSAGE);

        const lines = await repo.listLines(tx, orderId);
        const open = await repo.listOpenRefunds(tx, orderId);
        // Succeeded refunds are already in refundedCents; pending ones are promised.
        const promised = new Map<string, number>();
        for (const r of open.filter((r) => r.status === 'pending')) {
          for (const l of r.lines) promised.set(l.orderLineId, (promised.get(l.orderLineId) ?? 0) + l.amountCents);
        }

        const seen = new Set<string>();
        const refunded: repo.RefundLineRecord[] = [];
        for (const [i, asked] of input.lines.entries()) {
          const line = lines.find((l) => l.id === asked.orderLineId);
          if (!line) throw new AppError('VALIDATION_FAILED', undefined, { [`lines.${i}.orderLineId`]: "Cette ligne n'appartient pas à cette commande." });
          if (seen.has(line.id)) throw new AppError('VALIDATION_FAILED', undefined, { [`lines.${i}.orderLineId`]: 'Cette ligne est indiquée deux fois.' });
          seen.add(line.id);
          const left = line.amountCents - line.refundedCents - (promised.get(line.id) ?? 0);
          const amountCents = asked.amountCents ?? left;
          if (left <= 0 || amountCents > left) {
            throw new AppError('REFUND_TOO_LARGE', undefined, { [`lines.${i}.amountCents`]: `Il reste au plus ${formatPrice(Math.max(0, left))} à rembourser sur « ${line.description} ».` });
          }
          refunded.push({ orderLineId: line.id, amountCents });
        }

        const charged: TaxResult = {
          province: order.province as ProvinceCode,
          status: order.taxStatus as TaxStatus,
          lines: order.taxLines as TaxLine[],
          subtotalCents: order.subtotalCents,
          taxCents: order.taxCents,
          totalCents: order.totalCents,
        };
        const asLines = (ls: repo.RefundLineRecord[]): RefundedLine[] => ls.map((l) => ({ id: l.orderLineId, amountCents: l.amountCents }));
        const taxes = refundTaxes(charged, asLines(refunded), asLines(open.flatMap((r) => r.lines)));

        const row = await repo.insertRefund(tx, {
          orderId,
          lines: refunded,
          subtotalCents: taxes.subtotalCents,
          taxLines: taxes.lines,
          taxCents: taxes.taxCents,
          totalCents: taxes.totalCents,
          reason: input.reason || null,
          createdBy: admin.userId,
          idempotencyKey: input.idempotencyKey,
          createdAt: now,
        });
        return { refund: row, paymentId: order.providerPaymentId, created: true };
      });

      if (refund.status === 'pending' && !refund.providerRefundId && paymentId) {
        try {
          const answer = await provider.createRefund({
            paymentId,
            amountCents: refund.totalCents,
            idempotencyKey: refund.id,
            metadata: { refund_id: refund.id, order_id: orderId },
          });
          await repo.setProviderRefundId(db(), refund.id, answer.refundId, deps.now());
        } catch (err) {
          if (err instanceof AppError) {
            // A clear refusal: the refund will never happen, so it stops holding its amount.
            await repo.failPendingRefund(db(), refund.id, deps.now());
            throw err;
          }
          // No answer: the refund may or may not exist there. It stays 'pending' and holds its
          // amount; repeating the same request (same key) asks again with the same idempotency key.
          deps.logger.error({ err, refundId: refund.id, orderId }, 'refund: the payment provider did not answer');
          throw new AppError('PAYMENT_PROVIDER_ERROR');
        }
      }

      const order = await orderView(orderId);
      const view = order.refunds.find((r) => r.id === refund.id);
      if (!view) throw new Error(`refund ${refund.id} missing from its order's view`);
      return { created, refund: view, order };
    },
  };
}

export type RefundService = ReturnType<typeof createRefundService>;
