// « Codes promo » for integration tests: a complete form (every field empty) and the admin's create.
import { expect } from 'vitest';
import type { ApiErrorBody } from '@shared/errors';
import type { PromoCodeInput, PromoCodeResponse } from '@shared/schemas/promo-codes';
import { send } from './auth-client';
import type { TestApp } from './test-app';

/** The admin form with nothing chosen: a test spreads what it needs over it. */
export const EMPTY_PROMO_CODE: PromoCodeInput = {
  code: 'X',
  percentOff: null,
  amountOffCents: null,
  kinds: [],
  courseIds: [],
  maxUses: null,
  maxUsesPerCustomer: null,
  startsAt: null,
  endsAt: null,
  audience: 'all',
};

/** Creates a code as the admin (201 expected) and returns it. */
export async function createPromoCode(t: TestApp, adminCookie: string, input: Partial<PromoCodeInput>) {
  const res = await send(t, 'POST', '/api/admin/promo-codes', { cookie: adminCookie, body: { ...EMPTY_PROMO_CODE, ...input } });
  const body = (await res.json()) as PromoCodeResponse & ApiErrorBody;
  expect(res.status, JSON.stringify(body)).toBe(201);
  return body.code;
}
