// Mounted once around every page (Providers), payment pages included: while someone is signed in,
// their tab listens to the server's events. The stream's code loads only then, so a visitor's first
// load carries nothing of it; a sign-in, sign-out or change of account re-opens it for the new person.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useAuth } from '../auth/auth-context';

export function RealtimeHost() {
  const { status, user } = useAuth();
  const client = useQueryClient();
  const userId = status === 'signed-in' ? user?.id : undefined;

  useEffect(() => {
    if (!userId || typeof EventSource === 'undefined') return;
    let close: (() => void) | null = null;
    let cancelled = false;
    void import('./event-stream').then(({ openEventStream }) => {
      if (!cancelled) close = openEventStream(client);
    });
    return () => {
      cancelled = true;
      close?.();
    };
  }, [userId, client]);

  return null;
}
