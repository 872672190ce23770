// The admin's power needs the second factor on every route (issue 25): with the password alone the
// admin account could make a calendar feed of every booked session with its join link, and edit
// the public chef profile. Both, and the other routes an admin account reaches outside /api/admin,
// now answer 403 in French until the session gave the code; a verified session still works.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES, type ApiErrorBody } from '@shared/errors';
import type { CalendarFeedCreatedResponse } from '@shared/schemas/calendar';
import { calendarFeeds, profiles, sessionSecondFactors } from '../../src/server/db/schema';
import { createCourse, createReservation, createSession, enrolAdmin, setRole } from '../factories';
import { newSignedInUser, newSignedUpUser, send, sendForm } from '../setup/auth-client';
import { createTestApp, type TestApp } from '../setup/test-app';
import { testNow } from '../setup/test-clock';

let t: TestApp;
const JOIN_LINK = 'https://zoom.us/j/98765432100';

beforeAll(async () => {
  t = await createTestApp();
  // Someone else's booked seat, whose join link an admin feed would show.
  const learner = await newSignedInUser(t, 'Léa Apprenante');
  const course = await createCourse(t.db, { isLive: true, title: 'Pâtes fraîches en direct' });
  const session = await createSession(t.db, course.id, { videoLink: JOIN_LINK });
  await createReservation(t.db, session.id, learner.id, { status: 'confirmed' });
});
afterAll(() => t.close());

/** An admin account signed in with its password only: enrolled or not, its session unverified. */
async function passwordOnlyAdmin(enrolled: boolean) {
  const person = await newSignedInUser(t, 'Cheffe Sans Code');
  await t.db.update(profiles).set({ role: 'admin', specialty: 'Pâtes', bio: 'Avant.' }).where(eq(profiles.userId, person.id));
  if (enrolled) await enrolAdmin(t.db, person.id);
  return person;
}

/** Mon Calendrier's reservations over the next month (the test session is in 48 h). */
const calendarRange = () => {
  const from = testNow();
  return `/api/calendar/reservations?from=${from.toISOString()}&to=${new Date(from.getTime() + 30 * 86_400_000).toISOString()}`;
};

const errorOf = async (res: Response) => ((await res.json()) as ApiErrorBody).error;

async function feedText(url: string): Promise<string> {
  const res = await t.request(new URL(url).pathname);
  expect(res.status).toBe(200);
  return res.text();
}

describe.each([
  ['enrolled, code not given', true, 'TWO_FACTOR_REQUIRED'],
  ['not enrolled', false, 'TWO_FACTOR_ENROLMENT_REQUIRED'],
] as const)('an admin account with the password alone (%s)', (_label, enrolled, code) => {
  it('cannot create a calendar feed (403, French), and no feed row is written', async () => {
    const admin = await passwordOnlyAdmin(enrolled);
    const res = await send(t, 'POST', '/api/calendar/feed', { cookie: admin.cookie });
    expect(res.status).toBe(403);
    expect(await errorOf(res)).toMatchObject({ code, message: ERROR_MESSAGES[code] });
    expect(await t.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, admin.id))).toEqual([]);
  });

  it('cannot edit the public chef profile, its name or its picture (403, French), and nothing changes', async () => {
    const admin = await passwordOnlyAdmin(enrolled);
    const chef = await send(t, 'PATCH', '/api/account/chef-profile', { cookie: admin.cookie, body: { bio: 'Piraté.' } });
    expect(chef.status).toBe(403);
    expect((await errorOf(chef)).code).toBe(code);
    const name = await send(t, 'PATCH', '/api/account/profile', { cookie: admin.cookie, body: { fullName: 'Quelqu’un d’autre' } });
    expect(name.status).toBe(403);
    const form = new FormData();
    form.set('avatar', new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' }), 'a.png');
    const avatar = await sendForm(t, '/api/account/avatar', form, admin.cookie);
    expect(avatar.status).toBe(403);
    const [row] = await t.db.select({ bio: profiles.bio, fullName: profiles.fullName }).from(profiles).where(eq(profiles.userId, admin.id));
    expect(row).toEqual({ bio: 'Avant.', fullName: 'Cheffe Sans Code' });
  });

  it('sees only their own reservations in Mon Calendrier, never others’ join links', async () => {
    const admin = await passwordOnlyAdmin(enrolled);
    const res = await send(t, 'GET', calendarRange(), { cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(await res.text()).not.toContain(JOIN_LINK);
  });
});

describe('a verified admin', () => {
  it('edits the chef profile and gets a feed of every session, which lists them without a session', async () => {
    const admin = await newSignedInUser(t, 'Cheffe Vérifiée');
    await setRole(t.db, admin.id, 'admin');
    const chef = await send(t, 'PATCH', '/api/account/chef-profile', { cookie: admin.cookie, body: { bio: 'Cuisine de saison.' } });
    expect(chef.status).toBe(200);
    expect(await (await send(t, 'GET', calendarRange(), { cookie: admin.cookie })).text()).toContain(JOIN_LINK);
    const res = await send(t, 'POST', '/api/calendar/feed', { cookie: admin.cookie });
    expect(res.status).toBe(201);
    const { url } = (await res.json()) as CalendarFeedCreatedResponse;
    expect(await feedText(url)).toContain(JOIN_LINK);
  });

  it('a feed of every session stops listing them once its owner is no longer the admin', async () => {
    const admin = await newSignedInUser(t, 'Cheffe Ancienne');
    await setRole(t.db, admin.id, 'admin');
    const { url } = (await (await send(t, 'POST', '/api/calendar/feed', { cookie: admin.cookie })).json()) as CalendarFeedCreatedResponse;
    expect(await feedText(url)).toContain(JOIN_LINK);
    await t.db.update(profiles).set({ role: 'chef' }).where(eq(profiles.userId, admin.id));
    expect(await feedText(url)).not.toContain(JOIN_LINK);
  });

  it('a feed made before the fix (no scope recorded) lists only its owner’s classes', async () => {
    const admin = await newSignedInUser(t, 'Cheffe D’avant');
    await setRole(t.db, admin.id, 'admin');
    const { url } = (await (await send(t, 'POST', '/api/calendar/feed', { cookie: admin.cookie })).json()) as CalendarFeedCreatedResponse;
    // What the migration leaves on every older row, whoever made it (with or without the factor).
    await t.db.update(calendarFeeds).set({ everySession: false }).where(eq(calendarFeeds.userId, admin.id));
    expect(await feedText(url)).not.toContain(JOIN_LINK);
  });

  it('a password change (every session ends) narrows the feed to the admin’s own classes', async () => {
    const admin = await newSignedUpUser(t, 'Cheffe Prudente');
    await setRole(t.db, admin.id, 'admin');
    const { url } = (await (await send(t, 'POST', '/api/calendar/feed', { cookie: admin.cookie })).json()) as CalendarFeedCreatedResponse;
    expect(await feedText(url)).toContain(JOIN_LINK);
    const changed = await send(t, 'POST', '/api/auth/change-password', {
      cookie: admin.cookie,
      body: { currentPassword: admin.password, newPassword: 'Nouveau-Mot-De-Passe-77' },
    });
    expect(changed.status).toBe(200);
    const text = await feedText(url);
    expect(text).toContain('BEGIN:VCALENDAR');
    expect(text).not.toContain(JOIN_LINK);
  });

  it('loses the admin routes when the session’s verification is gone', async () => {
    const admin = await newSignedInUser(t, 'Cheffe Révoquée');
    await setRole(t.db, admin.id, 'admin');
    expect((await send(t, 'GET', '/api/admin/orders', { cookie: admin.cookie })).status).toBe(200);
    await t.db.delete(sessionSecondFactors).where(eq(sessionSecondFactors.sessionId, `sess_${admin.id}`));
    const res = await send(t, 'GET', '/api/admin/orders', { cookie: admin.cookie });
    expect(res.status).toBe(403);
    expect((await errorOf(res)).code).toBe('TWO_FACTOR_REQUIRED');
  });
});
