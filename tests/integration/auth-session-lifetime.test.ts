// Session lifetimes with a fake clock (Date is faked for the app and the auth library alike):
// 7 days idle, 30 days absolute however active, 12 hours absolute for an admin. A session past
// a limit is deleted on the server and its cookie cleared; the request is a visitor's.
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { profiles, sessions, users } from '../../src/server/db/schema';
import { SESSION_COOKIE, me, sessionCookieOf, signIn, signUp } from '../setup/auth-client';
import { createTestApp, type TestApp } from '../setup/test-app';

const PASSWORD = 'Rhubarbe-Sucree-2026';
const SECOND = 1000;
const HOUR = 3600 * SECOND;
const DAY = 24 * HOUR;

let app: TestApp;
let t0: number;

beforeAll(async () => {
  app = await createTestApp();
  await signUp(app, 'duree@exemple.ca', PASSWORD, 'Denise Durée');
  await signUp(app, 'patronne@exemple.ca', PASSWORD, 'Paule Patronne');
  const [admin] = await app.db.select().from(users).where(eq(users.email, 'patronne@exemple.ca'));
  await app.db.update(profiles).set({ role: 'admin' }).where(eq(profiles.userId, admin!.id));
});
afterAll(() => app.close());
afterEach(() => vi.useRealTimers());

/** Freezes the clock now; later jumps are relative to this instant. */
function startClock() {
  vi.useFakeTimers({ toFake: ['Date'] });
  t0 = Date.now();
}
const at = (ms: number) => vi.setSystemTime(t0 + ms);

async function sessionRows(cookie: string) {
  const token = decodeURIComponent(cookie).split('.')[0]!;
  return app.db.select().from(sessions).where(eq(sessions.token, token));
}

describe('session lifetimes', { timeout: 60_000 }, () => {
  it('ends a session left unused for 7 days; one used within the week lives on', async () => {
    startClock();
    const idle = await signIn(app, 'duree@exemple.ca', PASSWORD);
    const used = await signIn(app, 'duree@exemple.ca', PASSWORD);
    at(6 * DAY);
    expect((await me(app, used)).user).not.toBeNull();
    at(7 * DAY + SECOND);
    const res = await app.request('/api/me', { headers: { cookie: `${SESSION_COOKIE}=${idle}` } });
    expect(((await res.json()) as { user: unknown }).user).toBeNull();
    expect(sessionCookieOf(res)).toBe('');
    expect(await sessionRows(idle)).toHaveLength(0);
    // Used on day 6: its idle limit moved to day 13.
    at(12 * DAY);
    expect((await me(app, used)).user).not.toBeNull();
  });

  it('pushes the cookie further on use, so an active browser keeps it', async () => {
    startClock();
    const cookie = await signIn(app, 'duree@exemple.ca', PASSWORD);
    at(2 * DAY);
    const res = await app.request('/api/me', { headers: { cookie: `${SESSION_COOKIE}=${cookie}` } });
    const line = res.headers.getSetCookie().find((l) => l.startsWith(`${SESSION_COOKIE}=`));
    expect(line).toMatch(/Max-Age=604800/);
    expect(sessionCookieOf(res)).toBe(cookie);
  });

  it('ends a session 30 days after sign-in however active it was', async () => {
    startClock();
    const cookie = await signIn(app, 'duree@exemple.ca', PASSWORD);
    for (let day = 1; day <= 29; day += 2) {
      at(day * DAY);
      expect((await me(app, cookie)).user).not.toBeNull();
    }
    at(30 * DAY - SECOND);
    expect((await me(app, cookie)).user).not.toBeNull();
    at(30 * DAY + SECOND);
    const res = await app.request('/api/me', { headers: { cookie: `${SESSION_COOKIE}=${cookie}` } });
    expect(((await res.json()) as { user: unknown }).user).toBeNull();
    expect(sessionCookieOf(res)).toBe('');
    expect(await sessionRows(cookie)).toHaveLength(0);
  });

  it("ends an admin's session 12 hours after sign-in, on any route (the admin is then a visitor)", async () => {
    startClock();
    const admin = await signIn(app, 'patronne@exemple.ca', PASSWORD);
    const learner = await signIn(app, 'duree@exemple.ca', PASSWORD);
    for (let hour = 1; hour < 12; hour++) {
      at(hour * HOUR);
      expect((await me(app, admin)).user!.role).toBe('admin');
    }
    at(12 * HOUR + SECOND);
    // Not only /api/me: any request resolving the viewer ends it.
    await app.request('/favoris', { headers: { cookie: `${SESSION_COOKIE}=${admin}` } });
    expect(await sessionRows(admin)).toHaveLength(0);
    expect((await me(app, admin)).user).toBeNull();
    // A learner's session of the same age is fine.
    expect((await me(app, learner)).user!.role).toBe('learner');
  });
});

describe('on a business clock far from the system clock (a run pinned by TEST_CLOCK_START)', { timeout: 60_000 }, () => {
  it('a fresh session lives on whether deps.now is four months ahead or behind: its limits are on the library’s clock', async () => {
    for (const offset of [120 * DAY, -120 * DAY]) {
      const shifted = await createTestApp({ now: () => new Date(Date.now() + offset) });
      try {
        await signUp(shifted, 'decale@exemple.ca', PASSWORD, 'Denis Décalé');
        const cookie = await signIn(shifted, 'decale@exemple.ca', PASSWORD);
        expect((await me(shifted, cookie)).user).toMatchObject({ email: 'decale@exemple.ca' });
        expect(await sessionRowsOf(shifted, cookie)).toHaveLength(1);
      } finally {
        await shifted.close();
      }
    }
  });
});

async function sessionRowsOf(app: TestApp, cookie: string) {
  const token = decodeURIComponent(cookie).split('.')[0]!;
  return app.db.select().from(sessions).where(eq(sessions.token, token));
}
