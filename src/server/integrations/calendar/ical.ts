// iCalendar text (RFC 5545) for the private feeds and the one-reservation downloads, written by
// ical-generator: escaping, line folding and UTC times are the library's job, not ours.
import ical, { ICalEventStatus } from 'ical-generator';

export type CalendarEntry = {
  /** Stable across fetches: a calendar app updates the event it already has instead of adding one. */
  uid: string;
  title: string;
  start: Date;
  end: Date;
  status: 'confirmed' | 'tentative' | 'cancelled';
  description: string;
  /** The join link once the chef has set it, else the page where it will appear. */
  url: string;
  /** The join link, when set: calendar apps show it as the place of the event. */
  location: string | null;
  /** SEQUENCE: raised each time the event's time changes, so an app replaces the copy it has (RFC 5545 §3.8.7.4). */
  sequence?: number;
};

export type CalendarDocument = {
  name: string;
  /** How often subscribed apps should fetch again (REFRESH-INTERVAL and X-PUBLISHED-TTL). */
  refreshSeconds?: number;
  entries: CalendarEntry[];
  /** DTSTAMP: when this copy was made. */
  now: Date;
};

const STATUS: Record<CalendarEntry['status'], ICalEventStatus> = {
  confirmed: ICalEventStatus.CONFIRMED,
  tentative: ICalEventStatus.TENTATIVE,
  cancelled: ICalEventStatus.CANCELLED,
};

export function renderCalendar(doc: CalendarDocument): string {
  const calendar = ical({
    name: doc.name,
    prodId: { company: 'Toque', product: 'Cours de cuisine', language: 'FR' },
    ttl: doc.refreshSeconds ?? null,
  });
  for (const entry of doc.entries) {
    calendar.createEvent({
      id: entry.uid,
      summary: entry.title,
      start: entry.start,
      end: entry.end,
      stamp: doc.now,
      status: STATUS[entry.status],
      description: entry.description,
      url: entry.url,
      location: entry.location,
      sequence: entry.sequence ?? 0,
    });
  }
  return calendar.toString();
}
