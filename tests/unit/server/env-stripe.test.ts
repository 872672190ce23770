// STRIPE_API_URL: the origin the Stripe SDK is pointed at (stripe-mock, the journeys' stand-in), as
// the SDK takes it (host, port, protocol); unset, Stripe's own.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/server/env';

const stripe = { NODE_ENV: 'test', PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };

describe('STRIPE_API_URL', () => {
  it('unset: no endpoint, the SDK talks to api.stripe.com', () => {
    const { payments } = loadConfig(stripe);
    expect(payments).toMatchObject({ provider: 'stripe' });
    expect(payments.provider === 'stripe' && payments.endpoint).toBeFalsy();
  });

  it('an origin becomes host, port and protocol (the default port when none is written)', () => {
    expect(loadConfig({ ...stripe, STRIPE_API_URL: 'http://127.0.0.1:12111' }).payments).toMatchObject({
      endpoint: { host: '127.0.0.1', port: 12111, protocol: 'http' },
    });
    expect(loadConfig({ ...stripe, STRIPE_API_URL: 'https://stripe.interne.example/' }).payments).toMatchObject({
      endpoint: { host: 'stripe.interne.example', port: 443, protocol: 'https' },
    });
  });

  it('refuses a path (the SDK adds /v1 itself) or another scheme', () => {
    expect(() => loadConfig({ ...stripe, STRIPE_API_URL: 'http://127.0.0.1:12111/v1' })).toThrow(/STRIPE_API_URL/);
    expect(() => loadConfig({ ...stripe, STRIPE_API_URL: 'ftp://127.0.0.1' })).toThrow(/STRIPE_API_URL/);
  });
});
