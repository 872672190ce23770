// /api/subscription: the membership's checkout, the member's dashboard data, cancellation and the
// provider's portal. Signed-in only (401 otherwise); the writes pass the app's Origin check.
import { Hono } from 'hono';
import {
  subscriptionCardSchema,
  subscriptionCheckoutSchema,
  type SubscriptionPaymentMethodResponse,
  type SubscriptionCancelResponse,
  type SubscriptionCheckoutResponse,
  type SubscriptionPortalResponse,
  type SubscriptionResponse,
} from '@shared/schemas/subscription';
import type { AppEnv } from '../../http/app-env';
import { requireUser, signedInOnly } from '../../http/guards';
import { readJsonBody } from '../../http/json-only';
import { parseInput } from '../../http/validate';
import type { SubscriptionService } from './service';

export function subscriptionRoutes(subscriptions: SubscriptionService) {
  const app = new Hono<AppEnv>();
  app.use('*', signedInOnly);

  app.get('/', async (c) => {
    const { userId } = await requireUser(c);
    return c.json<SubscriptionResponse>(await subscriptions.get(userId));
  });

  app.post('/checkout', async (c) => {
    const { userId } = await requireUser(c);
    // The price never comes from the client: the schema drops anything but province and key.
    const input = parseInput(subscriptionCheckoutSchema, await readJsonBody(c));
    const { created, response } = await subscriptions.checkout(userId, input);
    return c.json<SubscriptionCheckoutResponse>(response, created ? 201 : 200);
  });

  app.post('/cancel', async (c) => {
    const { userId } = await requireUser(c);
    return c.json<SubscriptionCancelResponse>(await subscriptions.cancel(userId));
  });

  // The sandbox's « Gérer mon abonnement » page: the card for the renewals and the next charge.
  app.get('/payment-method', async (c) => {
    const { userId } = await requireUser(c);
    return c.json<SubscriptionPaymentMethodResponse>(await subscriptions.paymentMethod(userId));
  });

  app.put('/payment-method', async (c) => {
    const { userId } = await requireUser(c);
    const input = parseInput(subscriptionCardSchema, await readJsonBody(c));
    return c.json<SubscriptionPaymentMethodResponse>(await subscriptions.changeCard(userId, input));
  });

  app.post('/portal', async (c) => {
    const { userId } = await requireUser(c);
    return c.json<SubscriptionPortalResponse>(await subscriptions.portal(userId));
  });

  return app;
}
