// Realtime: what the server pushes to a signed-in user's open tabs over Server-Sent Events
// (GET /api/events, one `data:` line of JSON per event, `event: message`).

export type RealtimeEvent =
  /** A payment confirmed the learner's seat: toast 'Réservation confirmée !' and refresh the calendar. */
  | { type: 'reservation.confirmed'; reservationId: string; courseTitle: string; startsAt: string }
  /** Anything else about a reservation changed (cancelled, refunded, video link, recording). */
  | { type: 'reservation.updated'; reservationId: string }
  /**
   * The user's subscription changed: refresh it. The tab toasts 'Abonnement Activé !' when status
   * became active, 'Abonnement Annulé' when it became canceled (previousStatus says what it was).
   * Also sent, status unchanged, when a renewal is paid: the dashboard lists the new receipt.
   */
  | { type: 'subscription.updated'; subscriptionId: string; status: string; previousStatus: string | null; cancelAtPeriodEnd: boolean }
  /** A new in-app notification: the header's unread count goes up and the list refreshes. */
  | { type: 'notification.created'; notificationId: string; unreadCount: number }
  /** Notifications were read (here or in another tab): the header's count follows. */
  | { type: 'notifications.read'; unreadCount: number };

export type RealtimeEventType = RealtimeEvent['type'];
