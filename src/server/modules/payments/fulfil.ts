// What a paid order buys, and an order paid at checkout without a provider (credit, or 0 $). Apart from the
// payment service so the checkout can call it without importing the webhook's dependencies.
import type { Deps } from '../../deps';
import type { Tx } from '../../db/client';
import { mailOrderReceipt } from '../../integrations/mail/transactional';
import type { PaymentProvider } from '../../integrations/payments/port';
import { settlePaidSeats, type SeatSettlement } from '../booking/payment-confirmation';
import { settleDifferencePaid } from '../booking/transfer-payment';
import type { PlannedRefund } from '../refunds/automatic';
import { issueGiftCards } from '../gift-cards/delivery';
import { grantCourses } from './owned-courses';
import * as repo from './repository';

/**
 * What a paid order buys, inside the transaction that marked it paid: its courses granted, its
 * receipt e-mailed, its seats confirmed. The provider's payment event calls it, and the checkout of
 * an order paid wholly with « Crédit Toque » (no provider: checkout/service.ts). What it returns is
 * done after commit (the seat counts refreshed, a refund asked of the provider).
 */
export async function fulfilPaidOrder(
  tx: Tx,
  input: { order: { id: string; userId: string; number: number; email: string; name: string }; now: Date; provider: PaymentProvider['name']; config: Pick<Deps['config'], 'publicUrl' | 'authSecret'> },
): Promise<{ seats: SeatSettlement | null; refund: PlannedRefund | null }> {
  const { order, now, config } = input;
  // The difference of a move to a dearer session: the booking moves now, nothing else is bought.
  const moved = await settleDifferencePaid(tx, { orderId: order.id, now, provider: input.provider });
  if (moved) {
    await mailOrderReceipt(tx, { orderId: order.id, publicUrl: config.publicUrl, authSecret: config.authSecret });
    return { seats: moved, refund: null };
  }
  const refund = await grantCourses(tx, { orderId: order.id, userId: order.userId, now, provider: input.provider, publicUrl: config.publicUrl, buyer: order });
  // The order's gift cards come into being now (their codes), and go to their recipients now or at their hour.
  await issueGiftCards(tx, { orderId: order.id, now, site: config });
  await mailOrderReceipt(tx, { orderId: order.id, publicUrl: config.publicUrl, authSecret: config.authSecret });
  const seats = await settlePaidSeats(tx, { orderId: order.id, userId: order.userId, now, provider: input.provider, publicUrl: config.publicUrl });
  return { seats, refund };
}

/**
 * An order with nothing left for a provider to charge — « Crédit Toque » pays it in full, or a code
 * took it to 0 $ — at checkout: paid now, in the checkout's transaction (the credit already spent
 * there), and fulfilled as a payment event would.
 */
export async function payWithoutProvider(
  tx: Tx,
  input: {
    order: { id: string; userId: string; number: number; email: string; name: string };
    now: Date;
    provider: PaymentProvider['name'];
    config: Pick<Deps['config'], 'publicUrl' | 'authSecret'>;
    /** 'credit' when « Crédit Toque » paid it; null for an order a code took to 0 $ (nothing paid). */
    method?: 'credit' | null;
  },
) {
  const paymentMethodType = input.method === undefined ? 'credit' : input.method;
  await repo.setOrder(tx, input.order.id, { status: 'paid', paidAt: input.now, paymentMethodType, failureMessage: null }, input.now);
  return fulfilPaidOrder(tx, input);
}

