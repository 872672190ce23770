// Calendar sync on the real database: a private iCalendar feed per user, read by two real parsers
// (ical.js, and node-ical as a second calendar library importing it). Its events follow the
// reservations (titles, UTC times, the join link once set, cancellations); a rotated or revoked
// token stops working; one user's feed never shows another's classes; the admin's feed has one
// event per session taught.
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@shared/errors';
import type { CalendarFeedStatusResponse } from '@shared/schemas/calendar';
import { calendarFeeds, courseSessions, reservations } from '../../src/server/db/schema';
import { FEED_FETCHES_PER_HOUR } from '../../src/server/modules/calendar/feed-limits';
import { createUser, setRole } from '../factories';
import { bookClass, createFeed, fetchFeed, joinSession, setVideoLink, type Booking } from '../factories/calendar';
import { newSignedInUser, send } from '../setup/auth-client';
import { importWithNodeIcal, parseWithIcalJs } from '../setup/ical-parse';
import { createTestApp, type TestApp } from '../setup/test-app';
import { testNow } from '../setup/test-clock';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// The fake clock starts at the real time: the auth library checks session expiry by the real clock.
let clock = testNow().getTime();
const now = () => new Date(clock);
/** A whole hour `days` from now (iCalendar times have no milliseconds). */
const at = (days: number) => new Date(Math.floor((clock + days * DAY) / HOUR) * HOUR);

let t: TestApp;
let lea: { id: string; cookie: string };
let marc: { id: string; cookie: string };
let admin: { id: string; cookie: string };
let tourtiere: Booking;
let sucre: Booking;
let marcClass: Booking;

const LINK = 'https://zoom.us/j/98765432100?pwd=cretons';

beforeAll(async () => {
  t = await createTestApp({ now });
  lea = await newSignedInUser(t, 'Léa Tremblay');
  marc = await newSignedInUser(t, 'Marc Gagnon');
  admin = await newSignedInUser(t, 'Geneviève Cheffe');
  await setRole(t.db, admin.id, 'admin');
  tourtiere = await bookClass(t.db, lea.id, { title: 'Tourtière du Lac-Saint-Jean', startsAt: at(5), durationMinutes: 120, clientName: 'Léa Tremblay' });
  sucre = await bookClass(t.db, lea.id, { title: 'Tarte au sucre, virgule; et « guillemets »', startsAt: at(9), durationMinutes: 45, clientName: 'Léa Tremblay' });
  // Not in anyone's feed: an unpaid hold, and a hold given back.
  await bookClass(t.db, lea.id, { title: 'Pouding chômeur', startsAt: at(6), status: 'pending_payment', holdExpiresAt: new Date(clock + 10 * 60_000) });
  await bookClass(t.db, lea.id, { title: 'Cretons maison', startsAt: at(7), status: 'cancelled', cancelReason: 'released' });
  marcClass = await bookClass(t.db, marc.id, { title: 'Soupe aux pois de Marc', startsAt: at(5), clientName: 'Marc Gagnon' });
});
afterAll(() => t.close());

const read = async <T>(res: Response) => (await res.json()) as T;
const icsOf = async (url: string) => {
  const res = await fetchFeed(t, url);
  expect(res.status).toBe(200);
  return res.text();
};

describe('creating the feed', () => {
  it('gives the URL once (token of 32 random bytes), its webcal and Google forms, and keeps only the SHA-256', async () => {
    const created = await createFeed(t, lea.cookie);
    const match = created.url.match(/^http:\/\/toque\.test\/api\/calendar\/feeds\/([A-Za-z0-9_-]{43})\.ics$/);
    expect(match).not.toBeNull();
    const token = match![1]!;
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(created.webcalUrl).toBe(`webcal://toque.test/api/calendar/feeds/${token}.ics`);
    expect(created.googleSubscribeUrl).toBe(`https://calendar.google.com/calendar/render?cid=${encodeURIComponent(created.webcalUrl)}`);
    expect(created.feed).toMatchObject({ active: true, lastFetchedAt: null });

    const [row] = await t.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, lea.id));
    expect(row!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token);

    const status = await read<CalendarFeedStatusResponse>(await send(t, 'GET', '/api/calendar/feed', { cookie: lea.cookie }));
    expect(status.feed).toEqual({ active: true, createdAt: created.feed.createdAt, lastFetchedAt: null });
    expect(JSON.stringify(status)).not.toContain(token);
  });

  it('is for signed-in people only (401 in French to a visitor)', async () => {
    for (const method of ['GET', 'POST', 'DELETE']) {
      const res = await send(t, method, '/api/calendar/feed');
      expect(res.status).toBe(401);
      expect((await read<ApiErrorBody>(res)).error.message).toBe('Connexion requise.');
    }
  });
});

describe('the feed as calendar apps read it', () => {
  it('is private iCalendar text: the name, an hourly refresh, no shared caching', async () => {
    const { url } = await createFeed(t, lea.cookie);
    const res = await fetchFeed(t, url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const calendar = parseWithIcalJs(await res.text());
    expect(calendar).toMatchObject({ name: 'Toque — Mes cours', refreshInterval: 'PT1H', publishedTtl: 'PT1H' });
  });

  it('holds the confirmed classes (titles, UTC times, stable UIDs) — the same in ical.js and node-ical', async () => {
    const { url } = await createFeed(t, lea.cookie);
    const text = await icsOf(url);
    expect(text).toMatch(/^DTSTART:\d{8}T\d{6}Z\r$/m);
    const expected = [
      { booking: tourtiere, minutes: 120 },
      { booking: sucre, minutes: 45 },
    ].map(({ booking, minutes }) => ({
      uid: `${booking.reservationId}@toque.test`,
      summary: booking.title,
      start: booking.startsAt,
      end: new Date(booking.startsAt.getTime() + minutes * 60_000),
      status: 'CONFIRMED',
    }));
    const fromIcalJs = parseWithIcalJs(text).events;
    const fromNodeIcal = importWithNodeIcal(text);
    expect(fromIcalJs).toMatchObject(expected);
    expect(fromNodeIcal).toMatchObject(expected);
    expect(fromNodeIcal.map((e) => e.description)).toEqual(fromIcalJs.map((e) => e.description));
    // Unpaid and released holds are no classes yet.
    expect(text).not.toContain('Pouding');
    expect(text).not.toContain('Cretons');
    // Fetched again: the same UIDs, so an app updates its events instead of adding copies.
    expect(parseWithIcalJs(await icsOf(url)).events.map((e) => e.uid)).toEqual(expected.map((e) => e.uid));
  });

  it('says the link will come, then carries the join link once the chef sets it', async () => {
    const { url } = await createFeed(t, lea.cookie);
    const before = parseWithIcalJs(await icsOf(url)).events.find((e) => e.summary === tourtiere.title)!;
    expect(before.description).toContain('Le lien de la visioconférence apparaîtra ici');
    expect(before.location).toBeNull();
    expect(before.url).toBe('http://toque.test/calendrier');

    await setVideoLink(t.db, tourtiere.sessionId, LINK);
    const text = await icsOf(url);
    for (const event of [parseWithIcalJs(text).events, importWithNodeIcal(text)].map((events) => events.find((e) => e.summary === tourtiere.title)!)) {
      expect(event.description).toContain(`Rejoindre le cours en direct : ${LINK}`);
      expect(event.location).toBe(LINK);
      expect(event.url).toBe(LINK);
    }
    // The other class keeps waiting for its own link.
    expect(parseWithIcalJs(text).events.find((e) => e.summary === sucre.title)!.location).toBeNull();
  });

  it('marks a cancelled reservation CANCELLED until the class would have ended, then leaves it out', async () => {
    const { url } = await createFeed(t, lea.cookie);
    const soon = await bookClass(t.db, lea.id, { title: 'Bines au lard', startsAt: at(3), durationMinutes: 60, clientName: 'Léa Tremblay' });
    expect(parseWithIcalJs(await icsOf(url)).events.find((e) => e.uid.startsWith(soon.reservationId))?.status).toBe('CONFIRMED');

    await t.db
      .update(reservations)
      .set({ status: 'cancelled', cancelReason: 'learner_refunded', cancelledAt: now() })
      .where(eq(reservations.id, soon.reservationId));
    const text = await icsOf(url);
    for (const events of [parseWithIcalJs(text).events, importWithNodeIcal(text)]) {
      const event = events.find((e) => e.uid === `${soon.reservationId}@toque.test`);
      expect(event).toMatchObject({ status: 'CANCELLED', summary: 'Annulé : Bines au lard', location: null });
      expect(event!.description).toContain('Cette réservation a été annulée.');
    }

    const saved = clock;
    clock = soon.startsAt.getTime() + 61 * 60_000;
    try {
      expect(await icsOf(url)).not.toContain(soon.reservationId);
    } finally {
      clock = saved;
    }
  });

  it('marks every attendee’s event CANCELLED when the admin cancels the session', async () => {
    const { url } = await createFeed(t, lea.cookie);
    const gone = await bookClass(t.db, lea.id, { title: 'Ragoût de boulettes', startsAt: at(4), clientName: 'Léa Tremblay' });
    await t.db.update(courseSessions).set({ status: 'cancelled', cancelReason: 'Cheffe malade' }).where(eq(courseSessions.id, gone.sessionId));
    await t.db
      .update(reservations)
      .set({ status: 'cancelled', cancelReason: 'session_cancelled', cancelledAt: now() })
      .where(eq(reservations.id, gone.reservationId));
    const event = parseWithIcalJs(await icsOf(url)).events.find((e) => e.uid === `${gone.reservationId}@toque.test`);
    expect(event).toMatchObject({ status: 'CANCELLED', summary: 'Annulé : Ragoût de boulettes' });
  });

  it('remembers when an app last fetched it', async () => {
    const { url } = await createFeed(t, marc.cookie);
    await icsOf(url);
    const status = await read<CalendarFeedStatusResponse>(await send(t, 'GET', '/api/calendar/feed', { cookie: marc.cookie }));
    expect(status.feed.lastFetchedAt).toBe(now().toISOString());
  });

  it('answers without the .ics suffix too, and 404 in French to a made-up token', async () => {
    const { url } = await createFeed(t, marc.cookie);
    expect((await fetchFeed(t, url.replace(/\.ics$/, ''))).status).toBe(200);
    for (const path of [`/api/calendar/feeds/${'A'.repeat(43)}.ics`, '/api/calendar/feeds/court.ics', "/api/calendar/feeds/'%20or%201=1"]) {
      const res = await t.request(path);
      expect(res.status).toBe(404);
      expect((await read<ApiErrorBody>(res)).error).toMatchObject({
        code: 'CALENDAR_FEED_NOT_FOUND',
        message: "Ce lien de calendrier n'existe pas ou a été révoqué.",
      });
    }
  });
});

describe('a feed URL stops working when replaced or revoked', () => {
  it('a new link makes the old one answer 404 at once', async () => {
    const first = await createFeed(t, marc.cookie);
    expect((await fetchFeed(t, first.url)).status).toBe(200);
    const second = await createFeed(t, marc.cookie);
    expect(second.url).not.toBe(first.url);
    const old = await fetchFeed(t, first.url);
    expect(old.status).toBe(404);
    expect((await read<ApiErrorBody>(old)).error.code).toBe('CALENDAR_FEED_NOT_FOUND');
    expect((await fetchFeed(t, second.url)).status).toBe(200);
  });

  it('revoking answers active: false and the URL answers 404', async () => {
    const { url } = await createFeed(t, marc.cookie);
    const res = await send(t, 'DELETE', '/api/calendar/feed', { cookie: marc.cookie });
    expect(res.status).toBe(200);
    expect(await read<CalendarFeedStatusResponse>(res)).toEqual({ feed: { active: false, createdAt: null, lastFetchedAt: null } });
    expect((await fetchFeed(t, url)).status).toBe(404);
    expect((await read<CalendarFeedStatusResponse>(await send(t, 'GET', '/api/calendar/feed', { cookie: marc.cookie }))).feed.active).toBe(false);
  });
});

describe('one user’s feed never shows another’s classes', () => {
  it('Léa’s feed holds only Léa’s reservations, Marc’s only Marc’s — even in a session they share', async () => {
    await joinSession(t.db, tourtiere.sessionId, marc.id, 'Marc Gagnon');
    const leaFeed = await icsOf((await createFeed(t, lea.cookie)).url);
    const marcFeed = await icsOf((await createFeed(t, marc.cookie)).url);
    expect(leaFeed).not.toContain('Soupe aux pois');
    expect(leaFeed).not.toContain(marcClass.reservationId);
    expect(leaFeed).not.toContain('Marc');
    const marcEvents = parseWithIcalJs(marcFeed).events;
    expect(marcEvents.map((e) => e.summary).sort()).toEqual(['Soupe aux pois de Marc', 'Tourtière du Lac-Saint-Jean']);
    for (const booking of [tourtiere, sucre]) expect(marcFeed).not.toContain(booking.reservationId);
    expect(marcFeed).not.toContain('Léa');
  });

  it('a user with no classes gets an empty, valid calendar', async () => {
    const nobody = await newSignedInUser(t, 'Sans Cours');
    const calendar = parseWithIcalJs(await icsOf((await createFeed(t, nobody.cookie)).url));
    expect(calendar.events).toEqual([]);
    expect(calendar.name).toBe('Toque — Mes cours');
  });
});

describe('the admin’s feed', () => {
  it('has one event per session with confirmed attendees, their number in the title, and the link', async () => {
    const start = at(12);
    const linked = await bookClass(t.db, lea.id, { title: 'Sucre à la crème', startsAt: start, clientName: 'Léa Tremblay', videoLink: LINK });
    await joinSession(t.db, linked.sessionId, (await createUser(t.db, { fullName: 'Zoé Côté' })).id, 'Zoé Côté');
    const waiting = await bookClass(t.db, marc.id, { title: 'Galettes de sarrasin', startsAt: at(13), durationMinutes: 30 });
    await joinSession(t.db, waiting.sessionId, (await createUser(t.db)).id, 'Parti Avant', 'cancelled');
    const empty = await bookClass(t.db, marc.id, { title: 'Personne ne vient', startsAt: at(14), status: 'cancelled', cancelReason: 'learner_refunded' });

    const text = await icsOf((await createFeed(t, admin.cookie)).url);
    for (const list of [parseWithIcalJs(text).events, importWithNodeIcal(text)]) {
      expect(list.find((e) => e.uid === `session-${linked.sessionId}@toque.test`)).toMatchObject({
        summary: 'Sucre à la crème (2 participants)',
        status: 'CONFIRMED',
        start,
        end: new Date(start.getTime() + 90 * 60_000),
        location: LINK,
      });
      const waitingEvent = list.find((e) => e.uid === `session-${waiting.sessionId}@toque.test`);
      expect(waitingEvent).toMatchObject({ summary: 'Galettes de sarrasin (1 participant)', location: null });
      expect(waitingEvent!.description).toContain('Aucun lien de visioconférence pour l’instant');
      // A session whose only learner cancelled is nothing to teach.
      expect(list.find((e) => e.uid.includes(empty.sessionId))).toBeUndefined();
    }
    // One event per session, never one per attendee, and no learner's name.
    expect(text).not.toContain('Zoé');
    expect(text).not.toMatch(/UID:[0-9a-f-]{36}@/);
  });
});

describe('a light limit on fetches', () => {
  it(`answers 429 in French with Retry-After past ${FEED_FETCHES_PER_HOUR} fetches of one feed in an hour`, async () => {
    const busy = await newSignedInUser(t, 'Appli Trop Pressée');
    const { url } = await createFeed(t, busy.cookie);
    for (let i = 0; i < FEED_FETCHES_PER_HOUR; i++) expect((await fetchFeed(t, url)).status).toBe(200);
    const res = await fetchFeed(t, url);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await read<ApiErrorBody>(res)).error.message).toBe('Trop de tentatives. Réessayez dans quelques minutes.');
    // Another user's feed is counted apart.
    expect((await fetchFeed(t, (await createFeed(t, lea.cookie)).url)).status).toBe(200);
  });
});
