// Calendar sync: a private iCalendar feed URL per user (subscribe from Google, Apple, Outlook).

/** GET /api/calendar/feed — whether the user has a live feed (its URL is shown only when made). */
export type CalendarFeedStatus = { active: boolean; createdAt: string | null; lastFetchedAt: string | null };
export type CalendarFeedStatusResponse = { feed: CalendarFeedStatus };

/** POST /api/calendar/feed → 201: a new feed URL; any older one stops working at once. */
export type CalendarFeedCreatedResponse = { feed: CalendarFeedStatus; url: string; webcalUrl: string; googleSubscribeUrl: string };

// DELETE /api/calendar/feed → 200 { feed } with active false: the URL is revoked.
// GET /api/calendar/feeds/:token.ics — public (the token is the key): text/calendar, the user's
//   confirmed sessions (summary, start, end, the join link once set); 404 for an unknown token.
// GET /api/calendar/reservations/:reservationId/ics — one reservation as an .ics download (owner or admin).
