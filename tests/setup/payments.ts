// Paying through the real sandbox in integration tests: checkout, the card form, and the sandbox's
// own delivery worker sending its signed events to the test app's webhook (app.request, no network).
import { eq } from 'drizzle-orm';
import type { ApiErrorBody } from '@shared/errors';
import type { HoldResponse } from '@shared/schemas/booking';
import type { CheckoutResponse, OrderResponse, SandboxConfirmResponse } from '@shared/schemas/checkout';
import { profiles } from '../../src/server/db/schema';
import { signStripePayload } from '../../src/server/integrations/payments/stripe-events';
import { createSandboxDelivery, type DeliverOptions, type SendWebhook, type WebhookRequest } from '../../src/server/integrations/payments/sandbox';
import { send } from './auth-client';
import type { TestApp } from './test-app';

export const WEBHOOK = '/api/payments/webhook';
export const SUCCESS_CARD = { type: 'card', number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' } as const;
export const DECLINED_CARD = { ...SUCCESS_CARD, number: '4000 0000 0000 0002' } as const;
export const INSUFFICIENT_FUNDS_CARD = { ...SUCCESS_CARD, number: '4000 0000 0000 9995' } as const;
export const ACTION_CARD = { ...SUCCESS_CARD, number: '4000 0025 0000 3155' } as const;

export function sandboxSecret(app: TestApp): string {
  const payments = app.deps.config.payments;
  if (payments.provider !== 'sandbox') throw new Error('sandbox expected');
  return payments.webhookSecret;
}

/** The webhook as the provider calls it: no Origin, no cookie, a Stripe-Signature header. */
export function postWebhook(app: TestApp, body: string, signature: string | undefined, headers: Record<string, string> = {}) {
  return app.request(WEBHOOK, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(signature !== undefined ? { 'stripe-signature': signature } : {}), ...headers },
    body,
  });
}

/** Signs a payload with the sandbox secret (or another), at the app's clock unless told. */
export function sign(app: TestApp, body: string, opts: { secret?: string; at?: Date } = {}): string {
  const at = opts.at ?? app.deps.now();
  return signStripePayload(body, opts.secret ?? sandboxSecret(app), Math.floor(at.getTime() / 1000));
}

/** Sends requests of the sandbox worker into the test app; counts the answers by status. */
export function appSender(app: TestApp, statuses: number[] = []): SendWebhook {
  return async ({ url, headers, body }) => {
    const res = await app.request(new URL(url).pathname, { method: 'POST', headers, body });
    statuses.push(res.status);
    return { status: res.status };
  };
}

/** The sandbox's delivery worker of this app (not started: tests call deliverDue). */
export function deliveryOf(app: TestApp, options: { baseDelayMs?: number; maxAttempts?: number } = {}) {
  return createSandboxDelivery(app.deps, { url: `http://toque.test${WEBHOOK}`, secret: sandboxSecret(app), ...options });
}

/** Delivers every due sandbox event to the app's webhook; returns the webhook's answers. */
export async function deliverEvents(app: TestApp, opts: DeliverOptions = {}) {
  const statuses: number[] = [];
  const report = await deliveryOf(app).deliverDue({ send: appSender(app, statuses), ...opts });
  return { ...report, statuses };
}

/** The sandbox's due events, taken off its queue without reaching the webhook (the test sends them itself). */
export async function captureDueEvents(app: TestApp): Promise<WebhookRequest[]> {
  const captured: WebhookRequest[] = [];
  await deliveryOf(app).deliverDue({
    send: async (req) => {
      captured.push(req);
      return { status: 200 };
    },
  });
  return captured;
}

export async function setProvince(app: TestApp, userId: string, province: string | null) {
  await app.db.update(profiles).set({ province }).where(eq(profiles.userId, userId));
}

let keyCount = 0;
export const newKey = () => `cle-test-${process.pid}-${++keyCount}-${Date.now()}`;

/** Holds a seat of a live session, as the booking page does before sending to payment. */
export async function holdSeat(app: TestApp, cookie: string, sessionId: string) {
  const res = await send(app, 'POST', '/api/booking/holds', { cookie, body: { sessionId } });
  return { status: res.status, body: (await res.json()) as HoldResponse & { error?: { code: string; message: string } } };
}

export async function checkout(app: TestApp, cookie: string, body: Record<string, unknown>) {
  const res = await send(app, 'POST', '/api/checkout', { cookie, body: { idempotencyKey: newKey(), ...body } });
  return { status: res.status, body: (await res.json()) as CheckoutResponse & { error?: { code: string; message: string; fields?: Record<string, string> } } };
}

export async function confirm(app: TestApp, cookie: string, payment: { paymentId: string; clientSecret: string }, method: unknown) {
  const res = await send(app, 'POST', '/api/payments/sandbox/confirm', { cookie, body: { paymentId: payment.paymentId, clientSecret: payment.clientSecret, method } });
  // A refusal of the request itself (400, 404, 409) has the API's error object in place of the message.
  return { status: res.status, body: (await res.json()) as { status: SandboxConfirmResponse['status']; error: string | null | ApiErrorBody['error'] } };
}

export async function authenticate(app: TestApp, cookie: string, payment: { paymentId: string; clientSecret: string }, approve: boolean) {
  const res = await send(app, 'POST', '/api/payments/sandbox/authenticate', { cookie, body: { paymentId: payment.paymentId, clientSecret: payment.clientSecret, approve } });
  return { status: res.status, body: (await res.json()) as SandboxConfirmResponse };
}

export async function getOrder(app: TestApp, cookie: string, orderId: string) {
  const res = await send(app, 'GET', `/api/orders/${orderId}`, { cookie });
  return { status: res.status, body: (await res.json()) as OrderResponse & { error?: { code: string; message: string } } };
}
