// Our subscription rows as the API shows them, and the provider's state as our row stores it.
import type { MembershipPlan, MembershipReceiptView, SubscriptionStatus, SubscriptionView } from '@shared/schemas/subscription';
import type { ProviderSubscription } from '../../integrations/payments/port';
import { receiptPdfUrl, receiptUrl } from '../receipts/urls';
import { toIso } from '../rows';
import type { listReceiptOrders, SubscriptionRow, SubscriptionState } from './repository';

export function toSubscriptionView(row: SubscriptionRow): SubscriptionView {
  return {
    id: row.id,
    status: row.status as SubscriptionStatus,
    currentPeriodStart: toIso(row.currentPeriodStart),
    currentPeriodEnd: toIso(row.currentPeriodEnd),
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    endedAt: toIso(row.endedAt),
    createdAt: toIso(row.createdAt),
    plan: row.plan as MembershipPlan,
    priceCents: row.priceCents,
    pendingPlan: (row.pendingPlan as MembershipPlan | null) ?? null,
    trialEnd: toIso(row.trialEnd),
    nextDiscountCents: row.nextDiscountCents,
  };
}

/** The provider's subscription as our row keeps it; an abandoned first payment (incomplete_expired) is canceled. */
export function stateOf(sub: ProviderSubscription): SubscriptionState {
  return {
    status: sub.status === 'incomplete_expired' ? 'canceled' : sub.status,
    currentPeriodStart: sub.currentPeriodStart,
    currentPeriodEnd: sub.currentPeriodEnd,
    cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
    endedAt: sub.endedAt,
    providerCustomerId: sub.customerId,
    // A trial counts once it started (the card saved): an abandoned sign-up leaves none (one trial per person).
    ...(sub.trialEnd !== undefined && sub.status !== 'incomplete' && sub.status !== 'incomplete_expired' ? { trialEnd: sub.trialEnd } : {}),
  };
}

/** One paid period as the dashboard lists it, with the links the receipts module serves. */
export function toReceiptView(row: Awaited<ReturnType<typeof listReceiptOrders>>[number]): MembershipReceiptView {
  return {
    orderId: row.id,
    number: row.number,
    status: row.status as MembershipReceiptView['status'],
    periodStart: toIso(row.periodStart),
    periodEnd: toIso(row.periodEnd),
    totalCents: row.totalCents,
    paidAt: toIso(row.paidAt),
    receiptUrl: receiptUrl(row.id),
    receiptPdfUrl: receiptPdfUrl(row.id),
  };
}
