import { describe, expect, it } from 'vitest';
import { compactUtc, googleEventUrl, googleSubscribeUrl, webcalUrl } from '@shared/calendar-links';

describe('calendar links', () => {
  it('writes UTC times as iCalendar does, whatever the offset given', () => {
    expect(compactUtc('2026-11-28T18:30:00-05:00')).toBe('20261128T233000Z');
    expect(compactUtc(new Date('2026-07-01T00:00:05.999Z'))).toBe('20260701T000005Z');
  });

  it("fills Google Calendar's event page: title, UTC dates, details and place, all encoded", () => {
    const url = new URL(
      googleEventUrl({
        title: 'Tourtière & cretons',
        startsAt: '2026-11-28T23:30:00.000Z',
        endsAt: '2026-11-29T01:00:00.000Z',
        details: 'Cours en direct\nLien : https://zoom.us/j/1?pwd=a&b',
        location: 'https://zoom.us/j/1?pwd=a&b',
      }),
    );
    expect(`${url.origin}${url.pathname}`).toBe('https://calendar.google.com/calendar/render');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      action: 'TEMPLATE',
      text: 'Tourtière & cretons',
      dates: '20261128T233000Z/20261129T010000Z',
      details: 'Cours en direct\nLien : https://zoom.us/j/1?pwd=a&b',
      location: 'https://zoom.us/j/1?pwd=a&b',
    });
  });

  it('leaves out an empty place', () => {
    const url = new URL(googleEventUrl({ title: 'A', startsAt: '2026-01-01T00:00:00Z', endsAt: '2026-01-01T01:00:00Z', location: null }));
    expect(url.searchParams.has('location')).toBe(false);
  });

  it('gives a feed its webcal:// form and Google’s subscribe page', () => {
    const feed = 'https://toque.ca/api/calendar/feeds/abc_DEF-123.ics';
    expect(webcalUrl(feed)).toBe('webcal://toque.ca/api/calendar/feeds/abc_DEF-123.ics');
    expect(webcalUrl('http://127.0.0.1:4303/x.ics')).toBe('webcal://127.0.0.1:4303/x.ics');
    const google = new URL(googleSubscribeUrl(feed));
    expect(google.searchParams.get('cid')).toBe('webcal://toque.ca/api/calendar/feeds/abc_DEF-123.ics');
  });
});
