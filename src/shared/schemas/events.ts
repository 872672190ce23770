// Realtime: what the server pushes to a signed-in user's open tabs over Server-Sent Events
// (GET /api/events, one `data:` line of JSON per event, `event: message`).

export type RealtimeEvent =
  /** A payment confirmed the learner's seat: toast 'Réservation confirmée !' and refresh the calendar. */
  | { type: 'reservation.confirmed'; reservationId: string; courseTitle: string; startsAt: string }
  /** Anything else about a reservation changed (cancelled, refunded, video link, recording). */
  | { type: 'reservation.updated'; reservationId: string }
  /** The user's subscription changed (membership issue): status as the dashboard shows it. */
  | { type: 'subscription.updated'; status: string };

export type RealtimeEventType = RealtimeEvent['type'];
