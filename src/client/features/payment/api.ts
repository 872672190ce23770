// The checkout calls as the payment screens make them (contract: @shared/schemas/checkout).
import type {
  CheckoutInput,
  CheckoutResponse,
  OrderResponse,
  SandboxConfirmInput,
  SandboxConfirmResponse,
} from '@shared/schemas/checkout';
import type { z } from '@shared/zod';
import type { sandboxAuthenticateSchema } from '@shared/schemas/checkout';
import { api } from '@client/lib/api';

/** POST /api/checkout — the order and its payment; the same key answers the same order. */
export function startCheckout(input: CheckoutInput): Promise<CheckoutResponse> {
  return api<CheckoutResponse>('/checkout', { method: 'POST', body: JSON.stringify(input) });
}

/** POST /api/payments/sandbox/confirm — the test processor takes the card or the wallet. */
export function confirmSandboxPayment(input: SandboxConfirmInput): Promise<SandboxConfirmResponse> {
  return api<SandboxConfirmResponse>('/payments/sandbox/confirm', { method: 'POST', body: JSON.stringify(input) });
}

/** POST /api/payments/sandbox/authenticate — the buyer's answer to the extra confirmation step. */
export function authenticateSandboxPayment(input: z.input<typeof sandboxAuthenticateSchema>): Promise<SandboxConfirmResponse> {
  return api<SandboxConfirmResponse>('/payments/sandbox/authenticate', { method: 'POST', body: JSON.stringify(input) });
}

/** GET /api/orders/:orderId — the buyer's own order. */
export function fetchOrder(orderId: string, signal?: AbortSignal): Promise<OrderResponse> {
  return api<OrderResponse>(`/orders/${encodeURIComponent(orderId)}`, { signal });
}
