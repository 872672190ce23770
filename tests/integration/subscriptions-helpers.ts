// Memberships through the real API and the real sandbox in integration tests: subscribe, pay the
// first month on the sandbox's card form, deliver the sandbox's signed events to the webhook, move a
// member's test clock and run the billing worker once.
import { randomBytes } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import type { ApiErrorBody } from '@shared/errors';
import type {
  SubscriptionCancelResponse,
  SubscriptionCheckoutResponse,
  SubscriptionResponse,
} from '@shared/schemas/subscription';
import { outboxEmails, sandboxSubscriptions, subscriptions } from '../../src/server/db/schema';
import { createSandboxProvider, type SandboxProvider } from '../../src/server/integrations/payments/sandbox';
import { send } from '../setup/auth-client';
import { confirm, deliverEvents, postWebhook, sandboxSecret, sign } from '../setup/payments';
import type { TestApp } from '../setup/test-app';

type Answer<T> = { status: number; body: T & Partial<ApiErrorBody> };

async function answer<T>(res: Response): Promise<Answer<T>> {
  return { status: res.status, body: (await res.json()) as T & Partial<ApiErrorBody> };
}

let keys = 0;
export const subscriptionKey = () => `abonnement-${process.pid}-${++keys}-${randomBytes(4).toString('hex')}`;

export async function subscribe(app: TestApp, cookie: string, body: Record<string, unknown> = {}) {
  return answer<SubscriptionCheckoutResponse>(await send(app, 'POST', '/api/subscription/checkout', { cookie, body: { idempotencyKey: subscriptionKey(), ...body } }));
}

export async function getSubscription(app: TestApp, cookie: string) {
  return answer<SubscriptionResponse>(await send(app, 'GET', '/api/subscription', { cookie }));
}

export async function cancelSubscription(app: TestApp, cookie: string) {
  return answer<SubscriptionCancelResponse>(await send(app, 'POST', '/api/subscription/cancel', { cookie }));
}

export async function isSubscriber(app: TestApp, cookie: string): Promise<boolean> {
  const res = await send(app, 'GET', '/api/me', { cookie });
  return ((await res.json()) as { user: { isSubscriber: boolean } }).user.isSubscriber;
}

/** The sandbox processor of this app's database (its clock and billing worker, driven by the test). */
export function sandboxOf(app: TestApp): SandboxProvider {
  return createSandboxProvider(app.deps, { webhookSecret: sandboxSecret(app) });
}

/** Subscribes and pays the first month with `card`; the sandbox's events are delivered. */
export async function subscribeAndPay(app: TestApp, cookie: string, card: unknown) {
  const started = await subscribe(app, cookie);
  if (started.status !== 201) throw new Error(`checkout refused: ${started.status} ${JSON.stringify(started.body)}`);
  const paid = await confirm(app, cookie, started.body.payment, card);
  const delivered = await deliverEvents(app);
  return { order: started.body.order, payment: started.body.payment, paid, delivered };
}

/** Our record of the user's subscriptions, newest first. */
export function ourRows(app: TestApp, userId: string) {
  return app.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).orderBy(desc(subscriptions.createdAt));
}

export async function providerIdOf(app: TestApp, userId: string): Promise<string> {
  const [row] = await ourRows(app, userId);
  if (!row?.providerSubscriptionId) throw new Error('no provider subscription');
  return row.providerSubscriptionId;
}

export function sandboxRow(app: TestApp, id: string) {
  return app.db.select().from(sandboxSubscriptions).where(eq(sandboxSubscriptions.id, id)).then((r) => r[0]!);
}

/** Moves the member's sandbox clock forward, bills what is due and delivers the events. */
export async function advance(app: TestApp, providerSubscriptionId: string, days: number) {
  const sandbox = sandboxOf(app);
  await sandbox.advanceClock(providerSubscriptionId, days);
  await sandbox.runBilling();
  return deliverEvents(app);
}

export function mailsTo(app: TestApp, to: string) {
  return app.db.select().from(outboxEmails).where(eq(outboxEmails.to, to));
}

/** A Stripe-format event, signed with the sandbox's secret, posted to the webhook. */
export async function postEvent(app: TestApp, type: string, object: Record<string, unknown>, id = `evt_test_${randomBytes(8).toString('hex')}`) {
  const body = JSON.stringify({ id, object: 'event', type, created: Math.floor(app.deps.now().getTime() / 1000), data: { object } });
  const res = await postWebhook(app, body, sign(app, body));
  return { status: res.status, body: (await res.json()) as { outcome?: string }, id };
}
