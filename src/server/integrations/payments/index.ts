// Chooses the payment adapter from configuration (PAYMENT_PROVIDER): the sandbox by default.
import type { Deps } from '../../deps';
import type { PaymentProvider } from './port';
import { createSandboxProvider, type SandboxProvider } from './sandbox';
import { createStripeProvider } from './stripe';

export function createPaymentProvider(deps: Pick<Deps, 'config' | 'database' | 'logger' | 'now'>): PaymentProvider {
  const payments = deps.config.payments;
  switch (payments.provider) {
    case 'sandbox':
      return createSandboxProvider(deps, { webhookSecret: payments.webhookSecret });
    case 'stripe':
      return createStripeProvider(payments, { now: deps.now, ...(payments.endpoint ? { endpoint: payments.endpoint } : {}) });
  }
}

/** The sandbox's own operations (its card form), when the sandbox is the configured provider. */
export function asSandbox(provider: PaymentProvider): SandboxProvider | null {
  return provider.name === 'sandbox' ? (provider as SandboxProvider) : null;
}
