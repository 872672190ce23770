// /api/subscription: the membership's checkout, the member's dashboard data, cancellation and the
// provider's portal. Signed-in only (401 otherwise); the writes pass the app's Origin check.
import { Hono } from 'hono';
import {
  membershipSettingsSchema,
  subscriptionCancelSchema,
  subscriptionCardSchema,
  subscriptionCheckoutSchema,
  subscriptionPlanSchema,
  type MembershipPlansResponse,
  type MembershipSettings,
  type SubscriptionPaymentMethodResponse,
  type SubscriptionCancelResponse,
  type SubscriptionCheckoutResponse,
  type SubscriptionPortalResponse,
  type SubscriptionResponse,
} from '@shared/schemas/subscription';
import type { AppEnv } from '../../http/app-env';
import { requireAdmin, requireUser, signedInOnly } from '../../http/guards';
import { getViewer } from '../../http/viewer';
import { readJsonBody } from '../../http/json-only';
import { parseInput } from '../../http/validate';
import type { SubscriptionService } from './service';

/** GET /api/membership/plans: the offer's prices and trial, for everyone (the /abonnement page). */
export function membershipPlansRoutes(subscriptions: SubscriptionService) {
  const app = new Hono<AppEnv>();
  app.get('/plans', async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json<MembershipPlansResponse>(await subscriptions.plans((await getViewer(c)).userId));
  });
  return app;
}

/** GET/PUT /api/admin/membership: the annual price, the trial, the save offer (admin only; audited). */
export function membershipSettingsRoutes(subscriptions: SubscriptionService) {
  const app = new Hono<AppEnv>();
  app.get('/', async (c) => {
    await requireAdmin(c);
    return c.json<MembershipSettings>(await subscriptions.settings());
  });
  app.put('/', async (c) => {
    const admin = await requireAdmin(c);
    const input = parseInput(membershipSettingsSchema, await readJsonBody(c));
    return c.json<MembershipSettings>(await subscriptions.saveSettings(admin.userId, input));
  });
  return app;
}

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
    // An empty body is the « ask » of older clients.
    const raw = c.req.header('content-length') === '0' || !c.req.header('content-type') ? {} : await readJsonBody(c);
    const input = parseInput(subscriptionCancelSchema, raw ?? {});
    return c.json<SubscriptionCancelResponse>(await subscriptions.cancel(userId, input));
  });

  // The plan from the next period on (monthly ↔ annual).
  app.put('/plan', async (c) => {
    const { userId } = await requireUser(c);
    const input = parseInput(subscriptionPlanSchema, await readJsonBody(c));
    return c.json<SubscriptionResponse>(await subscriptions.changePlan(userId, input));
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
