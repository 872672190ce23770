// The outbox as the admin reads it (contract: @shared/schemas/admin).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { OutboxEmailResponse, OutboxResponse } from '@shared/schemas/admin';
import { api, type ApiError } from '@client/lib/api';

export const OUTBOX_PAGE_SIZE = 20;

/** GET /api/admin/outbox — one page, newest first; read again on every visit. */
export function useOutbox(page: number) {
  return useQuery<OutboxResponse, ApiError>({
    queryKey: ['admin-outbox', page],
    queryFn: ({ signal }) =>
      api<OutboxResponse>('/admin/outbox', { query: { limit: OUTBOX_PAGE_SIZE, offset: (page - 1) * OUTBOX_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
  });
}

/** GET /api/admin/outbox/:id — with its HTML version, asked only when the admin wants to see it. */
export function useOutboxEmail(id: string | null, enabled: boolean) {
  return useQuery<OutboxEmailResponse, ApiError>({
    queryKey: ['admin-outbox', 'email', id],
    queryFn: ({ signal }) => api<OutboxEmailResponse>(`/admin/outbox/${encodeURIComponent(id!)}`, { signal }),
    enabled: enabled && id !== null,
  });
}
