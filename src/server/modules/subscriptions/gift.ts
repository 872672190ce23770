// The paid membership beside gifted months (docs/decisions/0042-gifted-membership.md): a membership
// gift card redeemed while a subscription gives access starts when its period ends, and that
// subscription's renewal is stopped then (cancel at period end, through the provider's interface —
// the sandbox's or Stripe's — and its answer written as every answer is, events.ts).
import { isActiveSubscription } from '@shared/access';
import type { Tx } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError } from '../../http/app-error';
import { isDatabaseUnavailable } from '../../http/error-handler';
import type { PaymentProvider, ProviderSubscription } from '../../integrations/payments/port';
import { applyProviderState } from './events';
import * as repo from './repository';

export type PaidPeriod = {
  subscriptionId: string;
  /** When the paid (or trial) period ends: the gifted months start then. */
  endsAt: Date;
  /** Whether it would renew (not already cancelled at period end). */
  renews: boolean;
};

/** The subscription giving this person access now, if any (read in the redemption's transaction). */
export async function paidPeriodOf(tx: Tx, userId: string, now: Date): Promise<PaidPeriod | null> {
  const access = await repo.findAccessRecord(tx, userId);
  if (!access || !isActiveSubscription(access, now) || !access.currentPeriodEnd) return null;
  return { subscriptionId: access.id, endsAt: access.currentPeriodEnd, renews: !access.cancelAtPeriodEnd };
}

/**
 * Stops the subscription's renewal at its period's end (safe to repeat: one already stopped is left
 * alone). Called after the grant's transaction commits; a provider that refuses is a 502 the person
 * may retry (the redemption, repeated, asks again).
 */
export async function stopRenewalForGift(deps: Pick<Deps, 'config' | 'database' | 'logger' | 'now'>, provider: PaymentProvider, subscriptionId: string): Promise<void> {
  const row = await repo.findById(deps.database.db, subscriptionId);
  if (!row?.providerSubscriptionId || row.cancelAtPeriodEnd) return;
  if (!['active', 'trialing', 'past_due'].includes(row.status)) return;
  let sub: ProviderSubscription;
  try {
    sub = await provider.cancelSubscriptionAtPeriodEnd(row.providerSubscriptionId);
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (provider.name === 'sandbox' && isDatabaseUnavailable(err)) throw err;
    deps.logger.error({ err, subscriptionId }, "arrêt du renouvellement (abonnement offert) refusé par le prestataire");
    throw new AppError('PAYMENT_PROVIDER_ERROR');
  }
  const ctx = { provider: provider.name, logger: deps.logger, publicUrl: deps.config.publicUrl, authSecret: deps.config.authSecret };
  await deps.database.db.transaction((tx) => applyProviderState(tx, ctx, sub, deps.now()));
}
