// Reads iCalendar text with two independent real parsers, as two calendar apps would: ical.js
// (Mozilla's, used by Thunderbird) and node-ical. Each gives the events in one plain shape so a
// test can check both agree on what the feed says.
import ICAL from 'ical.js';
import nodeIcal from 'node-ical';

export type ParsedEvent = {
  uid: string;
  summary: string;
  start: Date;
  end: Date;
  status: string | null;
  description: string;
  url: string | null;
  location: string | null;
  /** SEQUENCE (0 when absent): a higher one replaces the copy a calendar has. */
  sequence: number;
};

export type ParsedCalendar = { name: string | null; refreshInterval: string | null; publishedTtl: string | null; events: ParsedEvent[] };

const byStart = (a: ParsedEvent, b: ParsedEvent) => a.start.getTime() - b.start.getTime() || a.uid.localeCompare(b.uid);

/** ical.js: the strict RFC 5545 parser (throws on malformed text). */
export function parseWithIcalJs(text: string): ParsedCalendar {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const text_ = (c: InstanceType<typeof ICAL.Component>, name: string) => {
    const value = c.getFirstPropertyValue(name);
    return value === null || value === undefined ? null : String(value);
  };
  const events = calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    return {
      uid: event.uid,
      summary: event.summary,
      start: event.startDate.toJSDate(),
      end: event.endDate.toJSDate(),
      status: text_(vevent, 'status'),
      description: event.description ?? '',
      url: text_(vevent, 'url'),
      location: event.location || null,
      sequence: Number(event.sequence ?? 0),
    };
  });
  return {
    name: text_(calendar, 'x-wr-calname'),
    refreshInterval: text_(calendar, 'refresh-interval'),
    publishedTtl: text_(calendar, 'x-published-ttl'),
    events: events.sort(byStart),
  };
}

/** node-ical: the second library, importing the same text into its own event objects. */
export function importWithNodeIcal(text: string): ParsedEvent[] {
  const data = nodeIcal.sync.parseICS(text);
  const events: ParsedEvent[] = [];
  for (const item of Object.values(data)) {
    if (!item || item.type !== 'VEVENT') continue;
    const e = item as nodeIcal.VEvent;
    const str = (v: unknown) => (v === undefined || v === null ? null : typeof v === 'string' ? v : ((v as { val?: string }).val ?? String(v)));
    events.push({
      uid: e.uid,
      summary: str(e.summary) ?? '',
      start: new Date(e.start),
      end: new Date(e.end ?? Number.NaN),
      status: e.status ?? null,
      description: str(e.description) ?? '',
      url: str(e.url),
      location: str(e.location),
      sequence: Number((e as { sequence?: unknown }).sequence ?? 0),
    });
  }
  return events.sort(byStart);
}
