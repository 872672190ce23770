// /api/payments: the provider's webhook (authenticated by its signature, not a session — exempt
// from the Origin check), the sandbox's card form (signed-in buyer of the order only) and the
// sandbox's test clock (the admin moves a member's subscription forward in time to see renewals).
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { sandboxAuthenticateSchema, sandboxConfirmSchema, type SandboxConfirmResponse } from '@shared/schemas/checkout';
import { sandboxTestClockSchema, type SandboxTestClockResponse } from '@shared/schemas/subscription';
import type { AppEnv } from '../../http/app-env';
import type { Db } from '../../db/client';
import { AppError } from '../../http/app-error';
import { requireAdmin, requireUser, signedInOnly } from '../../http/guards';
import { readJsonBody } from '../../http/json-only';
import { parseInput } from '../../http/validate';
import { asSandbox } from '../../integrations/payments';
import { recordAudit } from '../audit/service';
import type { PaymentProvider } from '../../integrations/payments/port';
import { latestSandboxSubscriptionOf, ownsSandboxPayment } from './sandbox-repository';
import type { PaymentService } from './service';

/** The webhook's path: the one state-changing API route that the Origin check lets through. */
export const WEBHOOK_PATH = '/api/payments/webhook';

/** Stripe's events are a few kilobytes; anything near this is not one. */
const WEBHOOK_MAX_BYTES = 256 * 1024;

export function paymentRoutes(payments: PaymentService, provider: PaymentProvider, db: () => Db) {
  const app = new Hono<AppEnv>();

  app.post(
    '/webhook',
    bodyLimit({
      maxSize: WEBHOOK_MAX_BYTES,
      onError: () => {
        throw new AppError('PAYLOAD_TOO_LARGE');
      },
    }),
    async (c) => {
      // The raw text, byte for byte: the signature is over it, never over re-serialised JSON.
      const raw = await c.req.text();
      const outcome = await payments.handleWebhook(raw, c.req.header('stripe-signature'));
      return c.json({ received: true, outcome });
    },
  );

  const sandbox = new Hono<AppEnv>();
  sandbox.use('*', signedInOnly);
  /** The sandbox's form is only there when the sandbox is the provider; it pays only the viewer's own order. */
  async function ownPayment(userId: string, paymentId: string) {
    const processor = asSandbox(provider);
    if (!processor) throw new AppError('ROUTE_NOT_FOUND');
    if (!(await ownsSandboxPayment(db(), userId, paymentId))) throw new AppError('ORDER_NOT_FOUND');
    return processor;
  }

  sandbox.post('/confirm', async (c) => {
    const { userId } = await requireUser(c);
    const input = parseInput(sandboxConfirmSchema, await readJsonBody(c));
    const processor = await ownPayment(userId, input.paymentId);
    return c.json<SandboxConfirmResponse>(await processor.confirm(input.paymentId, input.clientSecret, input.method));
  });

  sandbox.post('/authenticate', async (c) => {
    const { userId } = await requireUser(c);
    const input = parseInput(sandboxAuthenticateSchema, await readJsonBody(c));
    const processor = await ownPayment(userId, input.paymentId);
    return c.json<SandboxConfirmResponse>(await processor.authenticate(input.paymentId, input.clientSecret, input.approve));
  });

  /**
   * Moves the clock of the latest sandbox subscription of the account with this e-mail, then bills
   * at once what became due (renewal, retry, end); the events reach the shop as always, asynchronously.
   */
  sandbox.post('/test-clock', async (c) => {
    const admin = await requireAdmin(c);
    const processor = asSandbox(provider);
    if (!processor) throw new AppError('ROUTE_NOT_FOUND');
    const input = parseInput(sandboxTestClockSchema, await readJsonBody(c));
    const subscriptionId = await latestSandboxSubscriptionOf(db(), input.email);
    if (!subscriptionId) throw new AppError('NOT_FOUND', 'Aucun abonnement du bac à sable pour cette adresse.', { email: 'Aucun abonnement pour cette adresse.' });
    const moved = await processor.advanceClock(subscriptionId, input.days);
    await processor.runBilling();
    // The renewals it ran may have charged the member: the trail says who moved the clock (after the
    // fact, the processor's work having its own transactions).
    await recordAudit(db(), {
      actorId: admin.userId,
      action: 'sandbox.test_clock',
      targetType: 'sandbox_subscription',
      targetId: subscriptionId,
      details: { email: input.email, days: input.days, clockNow: moved.clockNow.toISOString() },
    });
    return c.json<SandboxTestClockResponse>({ subscriptionId, clockNow: moved.clockNow.toISOString() });
  });

  app.route('/sandbox', sandbox);
  return app;
}
