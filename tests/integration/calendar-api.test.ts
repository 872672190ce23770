// GET /api/calendar/reservations (Mon Calendrier) and the .ics of one reservation, on the real
// database: a learner sees only their own live reservations, the admin everyone's; bad ranges are
// refused in French; a visitor gets 401; an .ics is its owner's (or the admin's) alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@shared/errors';
import type { CalendarResponse } from '@shared/schemas/reservations';
import { setRole } from '../factories';
import { bookClass, joinSession, setVideoLink, type Booking } from '../factories/calendar';
import { newSignedInUser, send } from '../setup/auth-client';
import { importWithNodeIcal, parseWithIcalJs } from '../setup/ical-parse';
import { createTestApp, type TestApp } from '../setup/test-app';
import { testNow } from '../setup/test-clock';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// The fake clock starts at the real time: the auth library checks session expiry by the real clock.
const clock = testNow().getTime();
const now = () => new Date(clock);
const at = (days: number) => new Date(Math.floor((clock + days * DAY) / HOUR) * HOUR);

let t: TestApp;
let lea: { id: string; cookie: string };
let marc: { id: string; cookie: string };
let admin: { id: string; cookie: string };
const b: Record<string, Booking> = {};

const LINK = 'https://zoom.us/j/12345678900';

beforeAll(async () => {
  t = await createTestApp({ now });
  lea = await newSignedInUser(t, 'Léa Tremblay');
  marc = await newSignedInUser(t, 'Marc Gagnon');
  admin = await newSignedInUser(t, 'Geneviève Cheffe');
  await setRole(t.db, admin.id, 'admin');
  const lea_ = { clientName: 'Léa Tremblay' };
  b.confirmed = await bookClass(t.db, lea.id, { ...lea_, title: 'Tourtière', startsAt: at(3), videoLink: LINK });
  b.holding = await bookClass(t.db, lea.id, { ...lea_, title: 'Pouding chômeur', startsAt: at(4), status: 'pending_payment', holdExpiresAt: new Date(clock + 10 * 60_000), videoLink: LINK });
  b.lapsed = await bookClass(t.db, lea.id, { ...lea_, title: 'Hold passé', startsAt: at(5), status: 'pending_payment', holdExpiresAt: new Date(clock - 60_000) });
  b.expired = await bookClass(t.db, lea.id, { ...lea_, title: 'Hold expiré', startsAt: at(5), status: 'expired' });
  b.cancelled = await bookClass(t.db, lea.id, { ...lea_, title: 'Annulé', startsAt: at(6), status: 'cancelled', cancelReason: 'learner_refunded' });
  b.later = await bookClass(t.db, lea.id, { ...lea_, title: 'Dans deux mois', startsAt: at(60) });
  b.marc = await bookClass(t.db, marc.id, { title: 'Soupe aux pois', startsAt: at(3), clientName: 'Marc Gagnon' });
  await joinSession(t.db, b.confirmed.sessionId, marc.id, 'Marc Gagnon');
});
afterAll(() => t.close());

const read = async <T>(res: Response) => (await res.json()) as T;
const range = (from: Date, to: Date) => `/api/calendar/reservations?from=${encodeURIComponent(from.toISOString())}&to=${encodeURIComponent(to.toISOString())}`;
const list = async (cookie: string, from = at(-1), to = at(30)) => {
  const res = await send(t, 'GET', range(from, to), { cookie });
  expect(res.status).toBe(200);
  return (await read<CalendarResponse>(res)).reservations;
};

describe('GET /api/calendar/reservations', () => {
  it('a learner sees their confirmed reservations and running holds only — never anyone else’s', async () => {
    const mine = await list(lea.cookie);
    expect(mine.map((r) => r.courseTitle)).toEqual(['Tourtière', 'Pouding chômeur']);
    expect(mine.every((r) => r.clientName === 'Léa Tremblay')).toBe(true);
    const [confirmed, holding] = mine;
    expect(confirmed).toMatchObject({
      id: b.confirmed!.reservationId,
      status: 'confirmed',
      startsAt: b.confirmed!.startsAt.toISOString(),
      endsAt: new Date(b.confirmed!.startsAt.getTime() + 90 * 60_000).toISOString(),
      durationMinutes: 90,
      hasVideoLink: true,
      videoLink: LINK,
    });
    // A hold not paid yet knows a link exists but does not get it.
    expect(holding).toMatchObject({ status: 'pending_payment', hasVideoLink: true, videoLink: null, holdExpiresAt: new Date(clock + 10 * 60_000).toISOString() });

    const marcs = await list(marc.cookie);
    expect(marcs.map((r) => `${r.courseTitle} (${r.clientName})`).sort()).toEqual(['Soupe aux pois (Marc Gagnon)', 'Tourtière (Marc Gagnon)']);
  });

  it('the admin sees everyone’s, with each client’s name and the link', async () => {
    const all = await list(admin.cookie);
    expect(all.map((r) => `${r.courseTitle} (${r.clientName})`).sort()).toEqual(
      ['Pouding chômeur (Léa Tremblay)', 'Soupe aux pois (Marc Gagnon)', 'Tourtière (Léa Tremblay)', 'Tourtière (Marc Gagnon)'].sort(),
    );
    expect(all.filter((r) => r.courseTitle === 'Tourtière').every((r) => r.videoLink === LINK)).toBe(true);
  });

  it('keeps to the range asked, including a class that started before it and still runs', async () => {
    const start = b.confirmed!.startsAt;
    expect((await list(lea.cookie, at(40), at(70))).map((r) => r.courseTitle)).toEqual(['Dans deux mois']);
    expect((await list(lea.cookie, new Date(start.getTime() + 30 * 60_000), new Date(start.getTime() + 2 * HOUR))).map((r) => r.courseTitle)).toEqual(['Tourtière']);
    // Ended before the range, or starting at its end: outside.
    expect(await list(lea.cookie, new Date(start.getTime() + 90 * 60_000), new Date(start.getTime() + 2 * HOUR))).toEqual([]);
    expect((await list(lea.cookie, new Date(start.getTime() - HOUR), start)).map((r) => r.courseTitle)).toEqual([]);
  });

  it('refuses bad ranges with a 400 naming the field in French', async () => {
    const cases: [string, Record<string, string>][] = [
      [range(at(5), at(1)), { to: 'La fin doit suivre le début.' }],
      [range(at(0), at(500)), { to: 'Période trop longue (400 jours au plus).' }],
      ['/api/calendar/reservations?from=hier&to=demain', { from: 'Date de début invalide.', to: 'Date de fin invalide.' }],
      [`${range(at(0), at(1))}&userId=${marc.id}`, { userId: 'Paramètre inconnu.' }],
    ];
    for (const [path, fields] of cases) {
      const res = await send(t, 'GET', path, { cookie: lea.cookie });
      expect({ path, status: res.status }).toEqual({ path, status: 400 });
      const { error } = await read<ApiErrorBody>(res);
      expect(error).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Certaines informations sont invalides. Vérifiez les champs indiqués.', fields });
    }
  });

  it('the missing-date message is French', async () => {
    const res = await send(t, 'GET', '/api/calendar/reservations', { cookie: lea.cookie });
    const { error } = await read<ApiErrorBody>(res);
    expect(res.status).toBe(400);
    expect(Object.keys(error.fields ?? {}).sort()).toEqual(['from', 'to']);
    expect(error.fields!.from).not.toMatch(/expected|required|invalid input/i);
  });

  it('answers 401 in French to a visitor, and is never cached', async () => {
    const res = await send(t, 'GET', range(at(0), at(30)));
    expect(res.status).toBe(401);
    expect((await read<ApiErrorBody>(res)).error.message).toBe('Connexion requise.');
    const signedIn = await send(t, 'GET', range(at(0), at(30)), { cookie: lea.cookie });
    expect(signedIn.headers.get('cache-control')).toBe('no-store');
  });
});

describe('GET /api/calendar/reservations/:reservationId/ics', () => {
  const ics = (id: string, cookie?: string) => send(t, 'GET', `/api/calendar/reservations/${id}/ics`, { cookie });

  it('gives the owner their class as an .ics attachment named after the course, readable by both parsers', async () => {
    const booking = await bookClass(t.db, lea.id, { title: 'Pâté chinois de Mémère', startsAt: at(10), durationMinutes: 75 });
    await setVideoLink(t.db, booking.sessionId, LINK);
    const res = await ics(booking.reservationId, lea.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="pate-chinois-de-memere.ics"');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const text = await res.text();
    const expected = {
      uid: `${booking.reservationId}@toque.test`,
      summary: 'Pâté chinois de Mémère',
      start: booking.startsAt,
      end: new Date(booking.startsAt.getTime() + 75 * 60_000),
      status: 'CONFIRMED',
      location: LINK,
    };
    expect(parseWithIcalJs(text).events).toMatchObject([expected]);
    expect(importWithNodeIcal(text)).toMatchObject([expected]);
  });

  it('a running hold downloads as TENTATIVE, without the link', async () => {
    const text = await (await ics(b.holding!.reservationId, lea.cookie)).text();
    expect(parseWithIcalJs(text).events).toMatchObject([{ status: 'TENTATIVE', location: null }]);
    expect(text).not.toContain(LINK);
  });

  it('the admin may download anyone’s; anyone else gets 404 as for a missing one', async () => {
    expect((await ics(b.confirmed!.reservationId, admin.cookie)).status).toBe(200);
    const cases: [id: string, cookie: string][] = [
      // Marc attends the same session, but this reservation is Léa's.
      [b.confirmed!.reservationId, marc.cookie],
      ['00000000-0000-4000-8000-000000000000', lea.cookie],
      ['pas-un-uuid', lea.cookie],
    ];
    for (const [id, cookie] of cases) {
      const res = await ics(id, cookie);
      expect(res.status).toBe(404);
      expect((await read<ApiErrorBody>(res)).error).toMatchObject({ code: 'RESERVATION_NOT_FOUND', message: "Cette réservation n'existe pas." });
    }
  });

  it('answers 401 to a visitor', async () => {
    expect((await ics(b.confirmed!.reservationId)).status).toBe(401);
  });
});
