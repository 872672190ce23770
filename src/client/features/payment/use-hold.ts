// The seat hold a live course's payment goes with: read from the server (its end and state), then
// counted down here every second. Lapsed means the server said so, or the clock reached the end.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { HoldView } from '@shared/schemas/booking';
import type { ApiError } from '@client/lib/api';
import { fetchHold } from '@client/features/booking/api';
import { holdRemainingMs } from './hold-countdown';

export type HoldState =
  | { kind: 'none' }
  | { kind: 'loading' }
  /** Unknown to the server or unreadable: the checkout's own answer decides. */
  | { kind: 'unknown' }
  | { kind: 'held'; hold: HoldView; remainingMs: number }
  | { kind: 'confirmed'; hold: HoldView }
  | { kind: 'lapsed' };

export function useHold(reservationId: string | undefined): HoldState {
  const query = useQuery<{ hold: HoldView }, ApiError>({
    queryKey: ['booking-hold', reservationId],
    queryFn: ({ signal }) => fetchHold(reservationId!, signal),
    enabled: !!reservationId,
    staleTime: 0,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
  const hold = query.data?.hold;
  const expiresAt = hold?.status === 'pending_payment' ? hold.expiresAt : null;
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (!expiresAt) return;
    setNow(Date.now());
    const end = Date.parse(expiresAt);
    const timer = window.setInterval(() => {
      const t = Date.now();
      setNow(t);
      // Once lapsed the page shows it for good: no more ticks.
      if (t >= end) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [expiresAt]);

  if (!reservationId) return { kind: 'none' };
  if (query.isPending) return { kind: 'loading' };
  if (!hold) return { kind: 'unknown' };
  if (hold.status === 'confirmed') return { kind: 'confirmed', hold };
  if (hold.status !== 'pending_payment') return { kind: 'lapsed' };
  const remainingMs = holdRemainingMs(hold.expiresAt, now);
  if (remainingMs === null) return { kind: 'unknown' };
  return remainingMs > 0 ? { kind: 'held', hold, remainingMs } : { kind: 'lapsed' };
}
