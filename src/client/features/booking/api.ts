// The seat-hold calls of the booking screens (contract: @shared/schemas/booking). The payment page
// reads and gives back the hold the booking page made.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SeatNeeds } from '@shared/dietary';
import type { CurrentHoldResponse, HoldResponse } from '@shared/schemas/booking';
import type { BookingPageResponse } from '@shared/schemas/booking-page';
import type { DietaryNeedsUpdateInput } from '@shared/schemas/dietary';
import { useAuth } from '@client/app/auth';
import { api, type ApiError } from '@client/lib/api';

/**
 * POST /api/booking/holds — 201 a new hold, 200 the learner's live one on that session. `servings`:
 * for how many people the learner cooks (the class preparation kit is scaled to it); `seats` and
 * `guests`: a booking of several seats and its guests' first names.
 */
export function holdSeat(sessionId: string, ask: { servings?: number; seats?: number; guests?: string[]; needs?: SeatNeeds[] } = {}): Promise<HoldResponse> {
  return api<HoldResponse>('/booking/holds', { method: 'POST', body: JSON.stringify({ sessionId, ...ask }) });
}

/** GET /api/booking/holds/:reservationId — the learner's own; a lapsed hold answers 'expired'. */
export function fetchHold(reservationId: string, signal?: AbortSignal): Promise<HoldResponse> {
  return api<HoldResponse>(`/booking/holds/${encodeURIComponent(reservationId)}`, { signal });
}

/** DELETE /api/booking/holds/:reservationId — gives the seat back (a confirmed seat cannot be). */
export function releaseHold(reservationId: string): Promise<HoldResponse> {
  return api<HoldResponse>(`/booking/holds/${encodeURIComponent(reservationId)}`, { method: 'DELETE' });
}

/**
 * GET /api/booking/holds/current — the learner's seat still held on a live course: the payment page
 * finds its hold again after a reload, when the booking page's navigation state is gone. `courseId`
 * null: nothing to ask.
 */
export function useCurrentHold(courseId: string | null) {
  return useQuery<CurrentHoldResponse, ApiError>({
    queryKey: ['booking-hold', 'current', courseId],
    queryFn: ({ signal }) => api<CurrentHoldResponse>(`/booking/holds/current?courseId=${encodeURIComponent(courseId!)}`, { signal }),
    enabled: !!courseId,
    staleTime: 0,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

/** What the booking page hands the payment page: the session chosen and the hold on its seat. */
export type BookingNavigationState = { sessionId: string; reservationId: string; from: string };

// Under Mon Calendrier's key prefix: the realtime stream and a cancellation refresh it with the calendar.
const pageKey = (userId: string | undefined, reservationId: string) => ['calendar', userId ?? 'visitor', 'booking-page', reservationId] as const;

/** GET /api/booking/reservations/:id/page — the booking's own page (its owner's, or the admin's). */
export function useBookingPage(reservationId: string) {
  const { status, user } = useAuth();
  return useQuery<BookingPageResponse, ApiError>({
    queryKey: pageKey(user?.id, reservationId),
    queryFn: ({ signal }) => api<BookingPageResponse>(`/booking/reservations/${encodeURIComponent(reservationId)}/page`, { signal }),
    enabled: status === 'signed-in' && reservationId !== '',
    refetchOnMount: 'always',
    retry: (count, error) => error.status !== 404 && error.status !== 403 && count < 2,
  });
}

/** PUT /api/booking/reservations/:id/dietary-needs — the seats' needs, until the kit goes out. */
export function useSaveNeeds(reservationId: string) {
  const client = useQueryClient();
  const { user } = useAuth();
  return useMutation<BookingPageResponse, ApiError, DietaryNeedsUpdateInput>({
    mutationFn: (input) =>
      api<BookingPageResponse>(`/booking/reservations/${encodeURIComponent(reservationId)}/dietary-needs`, { method: 'PUT', body: JSON.stringify(input) }),
    onSuccess: (answer) => client.setQueryData(pageKey(user?.id, reservationId), answer),
  });
}
