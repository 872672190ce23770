// Links that put a class in someone's own calendar, built the same way by the server (the feed's
// subscribe links) and the client ('Ajouter à Google Agenda' in 'Détails du cours').

/** 2026-11-28T23:30:00.000Z -> '20261128T233000Z' (iCalendar's UTC date-time, used by Google's links). */
export function compactUtc(value: Date | string): string {
  return new Date(value).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

export type GoogleEventDetails = {
  title: string;
  startsAt: Date | string;
  endsAt: Date | string;
  details?: string;
  location?: string | null;
};

/**
 * Google Calendar's "create an event" page, filled in: the person still saves it in Google. Times
 * are in UTC ('Z'), so Google shows them in the person's own zone.
 */
export function googleEventUrl(event: GoogleEventDetails): string {
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: event.title,
    dates: `${compactUtc(event.startsAt)}/${compactUtc(event.endsAt)}`,
  });
  if (event.details) params.set('details', event.details);
  if (event.location) params.set('location', event.location);
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}

/** The same feed address for calendar apps that subscribe on a webcal:// link (Apple, Outlook). */
export function webcalUrl(feedUrl: string): string {
  return feedUrl.replace(/^https?:\/\//i, 'webcal://');
}

/** Google Calendar's "add a calendar by URL" page for a feed (Google fetches it from its servers). */
export function googleSubscribeUrl(feedUrl: string): string {
  return `https://calendar.google.com/calendar/render?cid=${encodeURIComponent(webcalUrl(feedUrl))}`;
}
