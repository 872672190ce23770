// The signed-in user's event stream (GET /api/events, Server-Sent Events) and what each event does
// in this tab: a toast where the spec has one, and the queries whose data changed read again.
// Loaded on demand by RealtimeHost, never in a visitor's first load.
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { RealtimeEvent } from '@shared/schemas/events';
import { notifyInfo, notifySuccess } from '@client/lib/notify';
import { toast } from '@client/lib/toast';
import { applyUnreadCount, NOTIFICATIONS_QUERY_PREFIX } from '@client/features/notifications/live';
import { subscriptionChangeToast } from '@client/features/subscription/status';
import { ME_QUERY_KEY } from '../auth/auth-context';

/**
 * Query key prefixes that hold reservation data; features key their queries under them so an event
 * refreshes them: the calendar and its dialog, Mes Achats, orders, the payment page's hold, the
 * admin's orders, and the learner's places in line (an offer is a hold made for them: « Une place
 * s'est libérée » shows as it is made).
 */
export const RESERVATION_QUERY_PREFIXES: readonly QueryKey[] = [
  ['calendar'],
  ['reservation'],
  ['purchases'],
  ['orders'],
  ['booking-hold'],
  ['admin-orders'],
  ['waitlist'],
];

/** A course page counts the seats left: a cancellation frees one. */
const isCoursePage = (key: QueryKey) => key[0] === 'api' && typeof key[1] === 'string' && key[1].startsWith('/courses');

export const SUBSCRIPTION_QUERY_PREFIXES: readonly QueryKey[] = [['subscription'], ME_QUERY_KEY];

function refresh(client: QueryClient, prefixes: readonly QueryKey[]) {
  for (const queryKey of prefixes) void client.invalidateQueries({ queryKey });
}

function refreshReservations(client: QueryClient) {
  refresh(client, RESERVATION_QUERY_PREFIXES);
  void client.invalidateQueries({ predicate: (q) => isCoursePage(q.queryKey) });
}

export function handleEvent(client: QueryClient, event: RealtimeEvent): void {
  switch (event.type) {
    case 'reservation.confirmed':
      notifySuccess('Réservation confirmée !', 'Votre cours a bien été réservé. Consultez votre calendrier.');
      refreshReservations(client);
      return;
    case 'reservation.updated':
      refreshReservations(client);
      return;
    case 'subscription.updated': {
      refresh(client, SUBSCRIPTION_QUERY_PREFIXES);
      // Spec §4: a toast when the status became active (first payment, a late renewal paid) or
      // canceled (the period ended after a cancellation, or the last retry failed). A fixed id: one
      // toast even if the event is heard twice.
      const change = subscriptionChangeToast(event);
      if (change === 'activated') {
        toast.success('Abonnement Activé !', {
          id: `subscription-activated-${event.subscriptionId}`,
          description: 'Bienvenue parmi nos abonnés : tout le contenu Premium vous est ouvert.',
        });
      } else if (change === 'canceled') {
        notifyInfo('Abonnement Annulé', "Votre abonnement a pris fin : le contenu Premium n'est plus accessible.");
      }
      return;
    }
    // The header's badge takes the server's count; an open /notifications reads its list again.
    case 'notification.created':
    case 'notifications.read':
      applyUnreadCount(client, event.unreadCount, { refreshList: true });
      return;
  }
}

/** Events may have been missed (the stream was down a while): read everything they could change. */
function refreshAll(client: QueryClient) {
  refreshReservations(client);
  refresh(client, SUBSCRIPTION_QUERY_PREFIXES);
  refresh(client, [NOTIFICATIONS_QUERY_PREFIX]);
}

/** After the server refused the stream: 5 s, 10 s, 20 s… up to 5 min. */
const refusedDelay = (failures: number) => Math.min(5_000 * 2 ** failures, 300_000);

/**
 * Opens the stream and keeps it open; returns the function that closes it. A dropped connection is
 * re-opened by the browser itself (after the server's `retry:` delay). A refused one (401 once the
 * session ended, 429 too many tabs, 503) is not: /api/me is asked again — a session that ended
 * unmounts this — and the stream is tried again later.
 */
export function openEventStream(client: QueryClient, url = '/api/events'): () => void {
  let source: EventSource | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;
  let everOpened = false;
  let stopped = false;

  const open = () => {
    if (stopped) return;
    const es = new EventSource(url);
    source = es;
    es.onopen = () => {
      failures = 0;
      // A reconnection: whatever happened while the stream was down was not heard.
      if (everOpened) refreshAll(client);
      everOpened = true;
    };
    es.onmessage = (message: MessageEvent<string>) => {
      let event: RealtimeEvent;
      try {
        event = JSON.parse(message.data) as RealtimeEvent;
      } catch {
        return;
      }
      handleEvent(client, event);
    };
    es.addEventListener('resync', () => refreshAll(client));
    es.onerror = () => {
      if (es.readyState !== EventSource.CLOSED) return; // the browser is reconnecting
      es.close();
      void client.invalidateQueries({ queryKey: ME_QUERY_KEY });
      retry = setTimeout(open, refusedDelay(failures++));
    };
  };

  open();
  return () => {
    stopped = true;
    clearTimeout(retry);
    source?.close();
  };
}
