// Buying a gift card through the API, as the gift-card tests do again and again: the checkout
// (POST /api/gift-cards/checkout, a card for Jules Ami by default), and the same paid with the
// sandbox's card, returning the card's row once the payment event has landed (its code issued).
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { CheckoutResponse } from '@shared/schemas/checkout';
import { giftCards } from '../../src/server/db/schema';
import { send } from './auth-client';
import { confirm, deliverEvents, newKey, SUCCESS_CARD } from './payments';
import type { TestApp } from './test-app';

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

export async function buyGiftCard(t: TestApp, cookie: string, body: Record<string, unknown> = {}) {
  const res = await send(t, 'POST', '/api/gift-cards/checkout', {
    cookie,
    body: { amountCents: 5000, recipientName: 'Jules Ami', recipientEmail: 'jules.ami@example.com', message: 'Bonne fête !', delivery: 'now', idempotencyKey: newKey(), ...body },
  });
  return { status: res.status, body: (await res.json()) as CheckoutResponse & ErrorBody };
}

/** Buys and pays a card; its order, and its row once the payment event has landed. */
export async function buyPaidGiftCard(t: TestApp, cookie: string, body: Record<string, unknown> = {}) {
  const made = await buyGiftCard(t, cookie, body);
  expect(made.status).toBe(201);
  expect((await confirm(t, cookie, made.body.payment!, SUCCESS_CARD)).body.status).toBe('succeeded');
  await deliverEvents(t);
  const [card] = await t.db.select().from(giftCards).where(eq(giftCards.orderId, made.body.order.id));
  return { order: made.body.order, card: card! };
}
