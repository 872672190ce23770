// The admin's orders as the client reads and refunds them (contract: @shared/schemas/checkout).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminOrderResponse,
  AdminOrdersResponse,
  OrderStatus,
  RefundRequestInput,
  RefundResponse,
} from '@shared/schemas/checkout';
import { api, type ApiError } from '@client/lib/api';
import { hasPendingRefund } from './labels';

export const PAGE_SIZE = 20;

const ordersKey = ['admin-orders'] as const;
const listKey = (page: number, status: OrderStatus | undefined, q: string) => [...ordersKey, 'list', page, status ?? 'all', q] as const;
const orderKey = (orderId: string) => [...ordersKey, 'order', orderId] as const;

/** GET /api/admin/orders — one page of orders, newest first. `page` starts at 1; `q` a buyer or a number. */
export function useAdminOrders(page: number, status: OrderStatus | undefined, q = '') {
  return useQuery<AdminOrdersResponse, ApiError>({
    queryKey: listKey(page, status, q),
    queryFn: ({ signal }) =>
      api<AdminOrdersResponse>('/admin/orders', { query: { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE, status, q: q || undefined }, signal }),
    // The table keeps the page shown while the next one loads (no flash of skeleton).
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
  });
}

/** How often an order with a refund on its way is read again, until the provider's event lands. */
const PENDING_REFUND_POLL_MS = 1000;

/** GET /api/admin/orders/:orderId — read again every second while a refund is pending. */
export function useAdminOrder(orderId: string, enabled = true) {
  return useQuery<AdminOrderResponse, ApiError>({
    queryKey: orderKey(orderId),
    enabled,
    queryFn: ({ signal }) => api<AdminOrderResponse>(`/admin/orders/${encodeURIComponent(orderId)}`, { signal }),
    refetchOnMount: 'always',
    refetchInterval: (query) => (query.state.data && hasPendingRefund(query.state.data.order) ? PENDING_REFUND_POLL_MS : false),
  });
}

/** POST /api/admin/orders/:orderId/refunds — the answer's order replaces the one shown. */
export function useRefund(orderId: string) {
  const client = useQueryClient();
  return useMutation<RefundResponse, ApiError, RefundRequestInput>({
    mutationFn: (input) =>
      api<RefundResponse>(`/admin/orders/${encodeURIComponent(orderId)}/refunds`, { method: 'POST', body: JSON.stringify(input) }),
    onSuccess: (res) => {
      client.setQueryData<AdminOrderResponse>(orderKey(orderId), (old) => (old ? { ...old, order: res.order } : old));
      void client.invalidateQueries({ queryKey: [...ordersKey, 'list'] });
    },
  });
}

