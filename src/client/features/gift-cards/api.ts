// The gift cards' calls (contract: @shared/schemas/gift-cards).
import type { CheckoutResponse } from '@shared/schemas/checkout';
import type { AdminGiftCardsResponse, GiftCardPurchaseInput, GiftCardRedeemResponse, PurchasedGiftCardsResponse } from '@shared/schemas/gift-cards';
import { api } from '@client/lib/api';

/** POST /api/gift-cards/checkout — the card's order and its payment; the same key answers the same order. */
export const buyGiftCard = (input: GiftCardPurchaseInput) => api<CheckoutResponse>('/gift-cards/checkout', { method: 'POST', body: JSON.stringify(input) });

/** POST /api/gift-cards/redeem — the card's balance into « Crédit Toque ». */
export const redeemGiftCard = (code: string) => api<GiftCardRedeemResponse>('/gift-cards/redeem', { method: 'POST', body: JSON.stringify({ code }) });

export const fetchPurchasedGiftCards = (signal?: AbortSignal) => api<PurchasedGiftCardsResponse>('/gift-cards/purchased', { signal });

export const fetchAdminGiftCards = (query: { q?: string; status?: string; offset?: number }, signal?: AbortSignal) =>
  api<AdminGiftCardsResponse>('/admin/gift-cards', { signal, query: { ...query, limit: 30 } });

export const resendGiftCard = (id: string, idempotencyKey: string) =>
  api<{ queued: boolean }>(`/admin/gift-cards/${encodeURIComponent(id)}/resend`, { method: 'POST', body: JSON.stringify({ idempotencyKey }) });

export const voidGiftCard = (id: string, reason: string, idempotencyKey: string) =>
  api<{ refundId: string }>(`/admin/gift-cards/${encodeURIComponent(id)}/void`, { method: 'POST', body: JSON.stringify({ reason, idempotencyKey }) });
