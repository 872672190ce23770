// Mon Calendrier as the client reads and changes it (contracts: @shared/schemas/reservations and
// calendar). Every key starts with ['calendar', userId]: the realtime stream refreshes the
// ['calendar'] prefix when a reservation changes, and one person's data never shows for another.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalendarFeedCreatedResponse, CalendarFeedStatusResponse } from '@shared/schemas/calendar';
import type {
  AdminSessionNotifyResponse,
  AdminSessionResponse,
  CalendarResponse,
  CancelReservationInput,
  CancelReservationResponse,
  RefundChoiceInput,
  RefundChoiceResponse,
  ReservationResponse,
} from '@shared/schemas/reservations';
import { useAuth } from '@client/app/auth';
import { api, type ApiError } from '@client/lib/api';

const calendarKey = (userId: string | undefined) => ['calendar', userId ?? 'visitor'] as const;

export type Range = { from: Date; to: Date };

/** GET /api/calendar/reservations for the range on screen; the previous range stays shown while the next loads. */
export function useCalendarReservations(range: Range) {
  const { status, user } = useAuth();
  const from = range.from.toISOString();
  const to = range.to.toISOString();
  return useQuery<CalendarResponse, ApiError>({
    queryKey: [...calendarKey(user?.id), 'reservations', from, to],
    queryFn: ({ signal }) => api<CalendarResponse>('/calendar/reservations', { query: { from, to }, signal }),
    enabled: status === 'signed-in',
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
  });
}

/** Every calendar query of this user is read again (after a change made here). */
function useRefreshCalendar() {
  const client = useQueryClient();
  const { user } = useAuth();
  return () => client.invalidateQueries({ queryKey: calendarKey(user?.id) });
}

/** PATCH /api/admin/sessions/:sessionId — the admin sets (or clears, with null) the session's video link. */
export function useUpdateVideoLink() {
  const refresh = useRefreshCalendar();
  return useMutation<AdminSessionResponse, ApiError, { sessionId: string; videoLink: string | null }>({
    mutationFn: ({ sessionId, videoLink }) =>
      api<AdminSessionResponse>(`/admin/sessions/${encodeURIComponent(sessionId)}`, { method: 'PATCH', body: JSON.stringify({ videoLink }) }),
    onSuccess: () => void refresh(),
  });
}

/** POST /api/admin/sessions/:sessionId/notify-link — « Prévenir les participants »: the link set now, to those not told of it. */
export function useNotifyVideoLink() {
  const refresh = useRefreshCalendar();
  return useMutation<AdminSessionNotifyResponse, ApiError, string>({
    mutationFn: (sessionId) => api<AdminSessionNotifyResponse>(`/admin/sessions/${encodeURIComponent(sessionId)}/notify-link`, { method: 'POST' }),
    onSettled: () => void refresh(),
  });
}

/** POST /api/booking/reservations/:id/cancel — the learner cancels; refunded in full at least 48 h ahead. */
export function useCancelReservation() {
  const refresh = useRefreshCalendar();
  return useMutation<CancelReservationResponse, ApiError, { reservationId: string; input: CancelReservationInput }>({
    mutationFn: ({ reservationId, input }) =>
      api<CancelReservationResponse>(`/booking/reservations/${encodeURIComponent(reservationId)}/cancel`, {
        method: 'POST',
        body: JSON.stringify(input),
      }),
    onSettled: () => void refresh(),
  });
}

/** GET /api/booking/reservations/:id — one of the learner's reservations (the refund choice's page). */
export function useReservation(reservationId: string) {
  const { status, user } = useAuth();
  return useQuery<ReservationResponse, ApiError>({
    queryKey: [...calendarKey(user?.id), 'reservation', reservationId],
    queryFn: ({ signal }) => api<ReservationResponse>(`/booking/reservations/${encodeURIComponent(reservationId)}`, { signal }),
    enabled: status === 'signed-in' && reservationId !== '',
    refetchOnMount: 'always',
  });
}

/**
 * POST /api/booking/reservations/:id/refund-choice — after the chef cancelled the session: the card
 * or « Crédit Toque » (docs/decisions/0043). Repeating it answers the first choice.
 */
export function useRefundChoice() {
  const refresh = useRefreshCalendar();
  const client = useQueryClient();
  return useMutation<RefundChoiceResponse, ApiError, { reservationId: string; input: RefundChoiceInput }>({
    mutationFn: ({ reservationId, input }) =>
      api<RefundChoiceResponse>(`/booking/reservations/${encodeURIComponent(reservationId)}/refund-choice`, {
        method: 'POST',
        body: JSON.stringify(input),
      }),
    onSettled: () => {
      void refresh();
      // Mes Achats shows the credit note, « Mon crédit » the new balance.
      void client.invalidateQueries({ predicate: (q) => q.queryKey.some((k) => k === 'purchases' || k === 'credit' || (typeof k === 'string' && k.includes('/account/credit'))) });
    },
  });
}

/** The path of one reservation's .ics download (a plain link: the browser saves the file). */
export const icsPath = (reservationId: string) => `/api/calendar/reservations/${encodeURIComponent(reservationId)}/ics`;

/** GET /api/calendar/feed — whether the user has a live feed URL (the URL itself is shown only when made). */
export function useFeedStatus(enabled: boolean) {
  const { status, user } = useAuth();
  return useQuery<CalendarFeedStatusResponse, ApiError>({
    queryKey: [...calendarKey(user?.id), 'feed'],
    queryFn: ({ signal }) => api<CalendarFeedStatusResponse>('/calendar/feed', { signal }),
    enabled: enabled && status === 'signed-in',
    refetchOnMount: 'always',
  });
}

/** POST /api/calendar/feed makes a new URL (the old one stops); DELETE revokes it. */
export function useFeedActions() {
  const client = useQueryClient();
  const { user } = useAuth();
  const feedKey = [...calendarKey(user?.id), 'feed'];
  const create = useMutation<CalendarFeedCreatedResponse, ApiError, void>({
    mutationFn: () => api<CalendarFeedCreatedResponse>('/calendar/feed', { method: 'POST' }),
    onSuccess: (res) => client.setQueryData<CalendarFeedStatusResponse>(feedKey, { feed: res.feed }),
  });
  const revoke = useMutation<CalendarFeedStatusResponse, ApiError, void>({
    mutationFn: () => api<CalendarFeedStatusResponse>('/calendar/feed', { method: 'DELETE' }),
    onSuccess: (res) => client.setQueryData<CalendarFeedStatusResponse>(feedKey, res),
  });
  return { create, revoke };
}
