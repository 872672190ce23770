// A session's class preparation kit, for the admin (contract: @shared/schemas/prep-kit): read it with
// the e-mail previewed for N servings, set the session's own kit, send it again to the attendees.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PrepKitSendResponse, SessionPrepKitInput, SessionPrepKitResponse } from '@shared/schemas/prep-kit';
import { api, type ApiError } from '@client/lib/api';

const kitPath = (sessionId: string) => `/admin/sessions/${encodeURIComponent(sessionId)}/prep-kit`;
const KEY = (sessionId: string) => ['admin', 'prep-kit', sessionId] as const;

export function useSessionPrepKit(sessionId: string, servings: number | undefined, enabled: boolean) {
  return useQuery<SessionPrepKitResponse, ApiError>({
    queryKey: [...KEY(sessionId), servings ?? 'default'],
    queryFn: ({ signal }) => api<SessionPrepKitResponse>(kitPath(sessionId), { signal, query: servings ? { servings: String(servings) } : undefined }),
    enabled,
    // Changing the servings keeps the last preview on screen until the new one comes.
    placeholderData: keepPreviousData,
  });
}

export function useSaveSessionPrepKit(sessionId: string) {
  const client = useQueryClient();
  return useMutation<SessionPrepKitResponse, ApiError, SessionPrepKitInput>({
    mutationFn: (input) => api<SessionPrepKitResponse>(kitPath(sessionId), { method: 'PUT', body: JSON.stringify(input) }),
    onSuccess: () => void client.invalidateQueries({ queryKey: KEY(sessionId) }),
  });
}

export function useSendPrepKit(sessionId: string) {
  return useMutation<PrepKitSendResponse, ApiError, void>({
    mutationFn: () => api<PrepKitSendResponse>(`${kitPath(sessionId)}/send`, { method: 'POST' }),
  });
}
