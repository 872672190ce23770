// « Codes promo » as the admin's page calls them (contract: @shared/schemas/promo-codes).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminCourseListResponse } from '@shared/schemas/admin-courses';
import type { PromoCodeInput, PromoCodeListResponse, PromoCodeResponse, PromoCodeView } from '@shared/schemas/promo-codes';
import { api, type ApiError } from '@client/lib/api';

const KEY = ['admin', 'promo-codes'] as const;

/** GET /api/admin/promo-codes — newest first, with uses and revenue. */
export function usePromoCodes() {
  return useQuery<PromoCodeListResponse, ApiError>({
    queryKey: KEY,
    queryFn: ({ signal }) => api<PromoCodeListResponse>('/admin/promo-codes', { signal }),
  });
}

/** The courses a code may be limited to (the admin's course list). */
export function useCourseChoices() {
  return useQuery<AdminCourseListResponse, ApiError>({
    queryKey: ['admin', 'courses'],
    queryFn: ({ signal }) => api<AdminCourseListResponse>('/admin/courses', { signal }),
  });
}

/** POST /api/admin/promo-codes, or PUT …/:id with an id. */
export function useSavePromoCode() {
  const client = useQueryClient();
  return useMutation<PromoCodeView, ApiError, { id?: string; values: PromoCodeInput }>({
    mutationFn: async ({ id, values }) => {
      const body = JSON.stringify(values);
      const res = id
        ? await api<PromoCodeResponse>(`/admin/promo-codes/${id}`, { method: 'PUT', body })
        : await api<PromoCodeResponse>('/admin/promo-codes', { method: 'POST', body });
      return res.code;
    },
    onSuccess: () => void client.invalidateQueries({ queryKey: KEY }),
  });
}

/** POST /api/admin/promo-codes/:id/active — deactivate or reactivate. */
export function useSetPromoActive() {
  const client = useQueryClient();
  return useMutation<PromoCodeView, ApiError, { id: string; active: boolean }>({
    mutationFn: async ({ id, active }) => (await api<PromoCodeResponse>(`/admin/promo-codes/${id}/active`, { method: 'POST', body: JSON.stringify({ active }) })).code,
    onSuccess: () => void client.invalidateQueries({ queryKey: KEY }),
  });
}
