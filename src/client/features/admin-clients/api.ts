// « Clients » and « Membres » as the client reads and changes them (contract: @shared/schemas/admin-clients).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CLIENTS_PAGE_SIZE,
  type AdminClientNoteResponse,
  type AdminClientResponse,
  type AdminClientsResponse,
  type AdminMembersResponse,
  type ClientNoteInput,
  type ResendReceiptResponse,
} from '@shared/schemas/admin-clients';
import type { AdminCreditInput, AdminCreditResponse } from '@shared/schemas/credit';
import { api, type ApiError } from '@client/lib/api';

export const PAGE_SIZE = CLIENTS_PAGE_SIZE;
const clientsKey = ['admin-clients'] as const;
export const clientKey = (userId: string) => [...clientsKey, 'client', userId] as const;

/** GET /api/admin/clients — one page, by name; `q` part of a name or an e-mail (accents ignored). */
export function useAdminClients(q: string, page: number) {
  return useQuery<AdminClientsResponse, ApiError>({
    queryKey: [...clientsKey, 'list', q, page],
    queryFn: ({ signal }) => api<AdminClientsResponse>('/admin/clients', { signal, query: { q: q || undefined, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE } }),
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
  });
}

/** GET /api/admin/clients/:userId */
export function useAdminClient(userId: string) {
  return useQuery<AdminClientResponse, ApiError>({
    queryKey: clientKey(userId),
    queryFn: ({ signal }) => api<AdminClientResponse>(`/admin/clients/${encodeURIComponent(userId)}`, { signal }),
    refetchOnMount: 'always',
  });
}

/** The person's page read again (after a refund, a cancelled seat). */
export function useRefreshClient(userId: string) {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: clientKey(userId) });
}

/** POST /api/admin/clients/:userId/notes, or PATCH …/notes/:noteId when `noteId` is given. */
export function useSaveNote(userId: string) {
  const client = useQueryClient();
  return useMutation<AdminClientNoteResponse, ApiError, ClientNoteInput & { noteId?: string }>({
    mutationFn: ({ noteId, ...body }) =>
      api<AdminClientNoteResponse>(`/admin/clients/${encodeURIComponent(userId)}/notes${noteId ? `/${noteId}` : ''}`, {
        method: noteId ? 'PATCH' : 'POST',
        body: JSON.stringify(body),
      }),
    onSuccess: () => void client.invalidateQueries({ queryKey: clientKey(userId) }),
  });
}

/** POST /api/admin/clients/:userId/orders/:orderId/receipt-email — the request key makes one click one e-mail. */
export function useResendReceipt(userId: string) {
  return useMutation<ResendReceiptResponse, ApiError, { orderId: string; requestKey: string }>({
    mutationFn: ({ orderId, requestKey }) =>
      api<ResendReceiptResponse>(`/admin/clients/${encodeURIComponent(userId)}/orders/${encodeURIComponent(orderId)}/receipt-email`, {
        method: 'POST',
        body: JSON.stringify({ requestKey }),
      }),
  });
}

/** GET /api/admin/members */
export function useAdminMembers() {
  return useQuery<AdminMembersResponse, ApiError>({
    queryKey: [...clientsKey, 'members'],
    queryFn: ({ signal }) => api<AdminMembersResponse>('/admin/members', { signal }),
    refetchOnMount: 'always',
  });
}

/** POST /api/admin/clients/:userId/credit — « Ajouter un crédit »: the form's key makes one click one credit. */
export function useAddCredit(userId: string) {
  const client = useQueryClient();
  return useMutation<AdminCreditResponse, ApiError, AdminCreditInput>({
    mutationFn: (body) =>
      api<AdminCreditResponse>(`/admin/clients/${encodeURIComponent(userId)}/credit`, { method: 'POST', body: JSON.stringify(body) }),
    onSuccess: () => void client.invalidateQueries({ queryKey: clientKey(userId) }),
  });
}
