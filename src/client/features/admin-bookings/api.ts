// The Réservations tab as the client reads it (contract: @shared/schemas/admin-bookings). The key
// sits under ['calendar', userId] like every reservation view: the realtime stream's refresh of the
// ['calendar'] prefix (a seat paid, cancelled, refunded, a link set in another tab) and the video
// link editor's own refresh after a save both read this list again.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { MinimumPolicy } from '@shared/booking';
import type { AdminBookingsQueryInput, AdminBookingsResponse } from '@shared/schemas/admin-bookings';
import { useAuth } from '@client/app/auth';
import { api, type ApiError } from '@client/lib/api';

export const PAGE_SIZE = 20;

export type BookingFilters = Required<Pick<AdminBookingsQueryInput, 'period'>> & Pick<AdminBookingsQueryInput, 'sessionId' | 'status'>;

/**
 * GET /api/admin/reservations — the booked sessions of the filters (the list's rows, paged here by
 * PAGE_SIZE) and how many reservations they hold (`total`); the reservations themselves are read
 * on each session's roster, so one is asked for.
 */
export function useAdminBookings(filters: BookingFilters) {
  const { status, user } = useAuth();
  const query = { limit: 1, offset: 0, ...filters };
  return useQuery<AdminBookingsResponse, ApiError>({
    queryKey: ['calendar', user?.id ?? 'visitor', 'admin-bookings', query],
    queryFn: ({ signal }) => api<AdminBookingsResponse>('/admin/reservations', { query, signal }),
    enabled: status === 'signed-in' && user?.role === 'admin',
    // The list keeps the page shown while the next one loads (no flash of skeleton).
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
  });
}

/** The query key of one of the school's booking settings (an /api path), for the pages that read it too. */
export const policyKey = (path: string) => ['admin', path] as const;

/** GET one of the school's booking settings (« Politique d'annulation », « Minimum d'inscriptions »). */
export function useHoursPolicy<T>(path: string) {
  return useQuery<T, ApiError>({ queryKey: policyKey(path), queryFn: ({ signal }) => api<T>(path, { signal }) });
}

export const MINIMUM_POLICY_PATH = '/admin/minimum-policy';

/** « Minimum d'inscriptions »: when a session's minimum is checked, how long its chef has to answer. */
export const useMinimumPolicy = () => useHoursPolicy<MinimumPolicy>(MINIMUM_POLICY_PATH);
