// A live class booked and paid from a journey through the API the booking and payment screens call
// (hold, checkout, the sandbox's success card): for journeys about what follows a paid seat.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { HoldResponse } from '@shared/schemas/booking';
import type { CheckoutResponse, SandboxConfirmResponse } from '@shared/schemas/checkout';
import { callApi } from './api';

export async function bookAndPay(page: Page, courseId: string, sessionId: string) {
  expect((await callApi<HoldResponse>(page, 'POST', '/booking/holds', { sessionId })).status).toBe(201);
  const checkout = await callApi<CheckoutResponse>(page, 'POST', '/checkout', {
    items: [{ courseId, sessionId }],
    province: 'QC',
    idempotencyKey: `booking-${sessionId}-${Date.now()}-${Math.random()}`,
  });
  expect(checkout.status, JSON.stringify(checkout.json)).toBe(201);
  const payment = checkout.json.payment;
  if (payment?.provider !== 'sandbox') throw new Error('the e2e server pays on the sandbox');
  const paid = await callApi<SandboxConfirmResponse>(page, 'POST', '/payments/sandbox/confirm', {
    paymentId: payment.paymentId,
    clientSecret: payment.clientSecret,
    method: { type: 'card', number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
  });
  expect(paid.json).toMatchObject({ error: null });
}
