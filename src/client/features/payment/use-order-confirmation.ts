// Reads the order until the server says it is paid or failed: every second at first, less often
// later, and not past CONFIRM_PATIENCE_MS (then the page says so and offers to ask again). Only the
// server's status counts: it changes when the provider's event has been processed (orderOutcome
// says when a failed status is an earlier try's).
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import type { OrderResponse } from '@shared/schemas/checkout';
import type { ApiError } from '@client/lib/api';
import { fetchOrder } from './api';
import { CONFIRM_PATIENCE_MS, nextPollDelay, orderOutcome } from './payment-result';

export type Confirmation =
  | { kind: 'waiting' }
  | { kind: 'paid'; order: OrderResponse['order'] }
  | { kind: 'failed'; order: OrderResponse['order'] }
  | { kind: 'late' }
  | { kind: 'sign-in' }
  | { kind: 'not-found'; message: string };

/** Answers that will not change by asking again. */
const final = (error: ApiError | null) => !!error && (error.status === 401 || error.status === 403 || error.status === 404);

export function useOrderConfirmation(orderId: string | null, providerSaid: 'succeeded' | 'processing' | null) {
  const enabled = providerSaid !== null;
  const [startedAt, setStartedAt] = useState(() => Date.now());
  const [late, setLate] = useState(false);

  const query = useQuery<OrderResponse, ApiError>({
    queryKey: ['order-confirmation', orderId, startedAt],
    queryFn: ({ signal }) => fetchOrder(orderId!, signal),
    enabled: enabled && !!orderId && !late,
    retry: false,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchIntervalInBackground: true,
    refetchInterval: (q) => {
      const status = q.state.data?.order.status;
      if (status && providerSaid && orderOutcome(status, providerSaid, false) !== 'waiting') return false;
      if (final(q.state.error)) return false;
      return nextPollDelay(Date.now() - startedAt) ?? false;
    },
  });

  const status = query.data?.order.status;
  const outcome = status && providerSaid ? orderOutcome(status, providerSaid, late) : 'waiting';
  const settled = outcome !== 'waiting' || final(query.error);

  useEffect(() => {
    if (!enabled || settled || late) return;
    const timer = window.setTimeout(() => setLate(true), Math.max(0, startedAt + CONFIRM_PATIENCE_MS - Date.now()));
    return () => window.clearTimeout(timer);
  }, [enabled, settled, late, startedAt]);

  const askAgain = useCallback(() => {
    setStartedAt(Date.now());
    setLate(false);
  }, []);

  let confirmation: Confirmation = { kind: 'waiting' };
  if (query.data && outcome === 'paid') confirmation = { kind: 'paid', order: query.data.order };
  else if (query.data && outcome === 'failed') confirmation = { kind: 'failed', order: query.data.order };
  else if (query.error?.status === 401) confirmation = { kind: 'sign-in' };
  else if (query.error && final(query.error)) confirmation = { kind: 'not-found', message: query.error.message };
  else if (late) confirmation = { kind: 'late' };

  return { confirmation, askAgain };
}
