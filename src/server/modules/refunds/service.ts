// The admin's refunds. A refund is decided in one transaction with the order locked (what is left
// per line, the tax given back in proportion, a 'pending' credit note), then asked of the provider
// with the refund's id as idempotency key — by automatic.ts, the one implementation the site's own
// refunds use too. Money, lines and access change only when the
// provider's refund event arrives (events.ts). Repeating a request with the same idempotencyKey
// returns the refund already made, and asks the provider again if the first ask never got through.
// Each new refund writes an audit row ('order.refund': the admin, the refund, its amount) in the
// same transaction as its credit note, so the Ventes tab can say who refunded what and when.
import { refundRequestSchema, type AdminOrderSummary, type AdminOrdersQuery, type AdminOrdersResponse, type OrderView, type RefundView } from '@shared/schemas/checkout';
import type { Deps } from '../../deps';
import { AppError } from '../../http/app-error';
import type { SignedInViewer } from '../../http/guards';
import { parseInput } from '../../http/validate';
import type { PaymentProvider } from '../../integrations/payments/port';
import { toOrderView } from '../checkout/order-view';
import { recordAudit } from '../audit/service';
import { loadOrderDetail } from '../checkout/service';
import { isUuid } from '../params';
import { toIso } from '../rows';
import { planRefund, submitRefund } from './automatic';
import * as repo from './repository';

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

      const refund = await db().transaction(async (tx) => {
        const planned = await planRefund(tx, {
          orderId,
          lines: input.lines,
          reason: input.reason || null,
          createdBy: admin.userId,
          idempotencyKey: input.idempotencyKey,
          now,
          provider: provider.name,
        });
        // The audit trail names the admin who asked, in the refund's own transaction. A repeat of
        // the same request (same key) decides nothing new, so it is not logged twice.
        if (planned.created) {
          await recordAudit(tx, {
            actorId: admin.userId,
            action: 'order.refund',
            targetType: 'order',
            targetId: orderId,
            details: { refundId: planned.id, totalCents: planned.totalCents, lines: planned.lines, reason: input.reason || null },
          });
        }
        return planned;
      });

      const sent = await submitRefund(deps, provider, refund);
      if (sent.outcome === 'refused') throw sent.error;
      // No answer: the refund may or may not exist there. It stays 'pending' and holds its amount;
      // repeating the same request (same key), or the retry sweep, asks again with the same key.
      if (sent.outcome === 'no_answer') throw new AppError('PAYMENT_PROVIDER_ERROR');

      const order = await orderView(orderId);
      const view = order.refunds.find((r) => r.id === refund.id);
      if (!view) throw new Error(`refund ${refund.id} missing from its order's view`);
      return { created: refund.created, refund: view, order };
    },
  };
}

export type RefundService = ReturnType<typeof createRefundService>;

// For other modules' transactions that may refund (a cancelled seat or session): the order is locked
// first, in the order refunds/automatic.ts documents.
export { lockOrder } from './repository';
