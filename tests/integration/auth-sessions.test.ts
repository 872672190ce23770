// Accounts on a real database: sign-up makes a learner, sign-in sets a safe cookie with a fresh
// session, sign-out and password change end sessions on the server, /api/me tells who is there.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, profiles, sessions, subscriptions, users } from '../../src/server/db/schema';
import { me, post, sessionCookieOf, setCookieLine, signIn, signUp } from '../setup/auth-client';
import { createTestApp, type TestApp } from '../setup/test-app';
import { testNow } from '../setup/test-clock';

let app: TestApp;
const PASSWORD = 'Courge-Musquee-2026';

beforeAll(async () => {
  app = await createTestApp();
  const res = await signUp(app, 'Marie@Exemple.ca', PASSWORD, '  Marie Lavoie ');
  expect(res.status).toBe(200);
});
afterAll(() => app.close());

describe('sign-up', () => {
  it('creates the user, a learner profile with the full name, and a hashed credential; no session', async () => {
    const [user] = await app.db.select().from(users).where(eq(users.email, 'marie@exemple.ca'));
    expect(user).toBeDefined();
    const [profile] = await app.db.select().from(profiles).where(eq(profiles.userId, user!.id));
    expect(profile).toMatchObject({ fullName: 'Marie Lavoie', role: 'learner' });
    const [account] = await app.db.select().from(accounts).where(eq(accounts.userId, user!.id));
    expect(account!.providerId).toBe('credential');
    expect(account!.password).not.toContain(PASSWORD);
    expect(account!.password).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/); // scrypt salt:key
    expect(await app.db.select().from(sessions).where(eq(sessions.userId, user!.id))).toHaveLength(0);
  });

  it('gives two accounts with the same password different hashes', async () => {
    expect((await signUp(app, 'jumeau@exemple.ca', PASSWORD, 'Jumeau Un')).status).toBe(200);
    const rows = await app.db.select({ password: accounts.password }).from(accounts);
    const hashes = rows.map((r) => r.password);
    expect(new Set(hashes).size).toBe(hashes.length);
  });

  it('cannot choose a role: an extra field is ignored, the profile stays learner', async () => {
    const res = await post(app, '/api/auth/sign-up/email', {
      name: 'Pirate',
      email: 'pirate@exemple.ca',
      password: PASSWORD,
      role: 'admin',
    });
    expect(res.status).toBe(200);
    const cookie = await signIn(app, 'pirate@exemple.ca', PASSWORD);
    expect((await me(app, cookie)).user!.role).toBe('learner');
  });
});

describe('sign-in', () => {
  it('sets an HttpOnly, SameSite=Lax, path-wide cookie, not Secure outside production, and no token in the body', async () => {
    const res = await post(app, '/api/auth/sign-in/email', { email: 'marie@exemple.ca', password: PASSWORD });
    expect(res.status).toBe(200);
    const line = setCookieLine(res)!;
    expect(line).toMatch(/; HttpOnly/i);
    expect(line).toMatch(/; SameSite=Lax/i);
    expect(line).toMatch(/; Path=\//i);
    expect(line).not.toMatch(/; Secure/i);
    expect(line).not.toMatch(/Domain=/i);
    const body = await res.text();
    expect(JSON.parse(body)).toEqual({ ok: true });
    expect(body).not.toContain(sessionCookieOf(res)!.split('.')[0]!);
  });

  it('starts a new session each time; a cookie presented at sign-in is not reused', async () => {
    const first = await signIn(app, 'marie@exemple.ca', PASSWORD);
    const res = await post(app, '/api/auth/sign-in/email', { email: 'marie@exemple.ca', password: PASSWORD }, first);
    const second = sessionCookieOf(res)!;
    expect(second).toBeTruthy();
    expect(second).not.toBe(first);
  });

  it('answers one generic French message for a wrong password and for an unknown address', async () => {
    const wrong = await post(app, '/api/auth/sign-in/email', { email: 'marie@exemple.ca', password: 'pas-le-bon-1234' });
    const unknown = await post(app, '/api/auth/sign-in/email', { email: 'personne@exemple.ca', password: 'pas-le-bon-1234' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const a = (await wrong.json()) as { error: { code: string; message: string } };
    const b = (await unknown.json()) as { error: { code: string; message: string } };
    expect(a.error.code).toBe('INVALID_CREDENTIALS');
    expect(a.error.message).toBe('Adresse courriel ou mot de passe incorrect.');
    expect({ ...b.error, requestId: undefined }).toEqual({ ...a.error, requestId: undefined });
    expect(sessionCookieOf(wrong) ?? '').toBe('');
  });

  it('refuses a malformed body with French field messages', async () => {
    const res = await post(app, '/api/auth/sign-in/email', { email: 'pas-une-adresse', password: '' });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { fields: Record<string, string> } };
    expect(body.error.fields.email).toBe('Adresse courriel invalide.');
    expect(body.error.fields.password).toBe('Le mot de passe est requis.');
  });
});

describe('/api/me', () => {
  it('is null for a visitor and for a made-up cookie', async () => {
    expect(await me(app)).toEqual({ user: null });
    expect(await me(app, 'inventé.signature')).toEqual({ user: null });
  });

  it('describes the signed-in person from the server rows, subscriber from the latest subscription', async () => {
    const cookie = await signIn(app, 'marie@exemple.ca', PASSWORD);
    const first = await me(app, cookie);
    expect(first.user).toMatchObject({
      email: 'marie@exemple.ca',
      fullName: 'Marie Lavoie',
      role: 'learner',
      avatarUrl: null,
      isSubscriber: false,
    });
    const userId = first.user!.id;
    const inAMonth = new Date(testNow().getTime() + 30 * 24 * 3600_000);
    await app.db.insert(subscriptions).values({
      userId,
      status: 'active',
      provider: 'sandbox',
      currentPeriodEnd: inAMonth,
      createdAt: new Date(testNow().getTime() - 60_000),
    });
    expect((await me(app, cookie)).user!.isSubscriber).toBe(true);
    // Spec §4: the latest record with status active, trialing or past_due decides — a newer
    // cancelled record (an earlier membership ended, an abandoned attempt) does not hide it.
    await app.db.insert(subscriptions).values({ userId, status: 'canceled', provider: 'sandbox', currentPeriodEnd: inAMonth });
    expect((await me(app, cookie)).user!.isSubscriber).toBe(true);
    // That record counts only while its period has not ended.
    await app.db.update(subscriptions).set({ currentPeriodEnd: new Date(testNow().getTime() - 60_000) }).where(and(eq(subscriptions.userId, userId), eq(subscriptions.status, 'active')));
    expect((await me(app, cookie)).user!.isSubscriber).toBe(false);
    // The role is the profile's, changed on the server only.
    await app.db.update(profiles).set({ role: 'admin' }).where(eq(profiles.userId, userId));
    expect((await me(app, cookie)).user!.role).toBe('admin');
    await app.db.update(profiles).set({ role: 'learner' }).where(eq(profiles.userId, userId));
  });
});

describe('ending sessions', () => {
  it('sign-out deletes the session on the server: the old cookie is worthless', async () => {
    const cookie = await signIn(app, 'marie@exemple.ca', PASSWORD);
    expect((await me(app, cookie)).user).not.toBeNull();
    const res = await post(app, '/api/auth/sign-out', {}, cookie);
    expect(res.status).toBe(200);
    expect(sessionCookieOf(res)).toBe('');
    expect((await me(app, cookie)).user).toBeNull();
  });

  it('password change needs the current password, then ends every other session', async () => {
    await signUp(app, 'paul@exemple.ca', PASSWORD, 'Paul Roy');
    const laptop = await signIn(app, 'paul@exemple.ca', PASSWORD);
    const phone = await signIn(app, 'paul@exemple.ca', PASSWORD);

    const wrong = await post(app, '/api/auth/change-password', { currentPassword: 'pas-le-bon-1234', newPassword: 'Tourtiere-Du-Lac-9' }, laptop);
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { error: { message: string } }).error.message).toBe('Le mot de passe actuel est incorrect.');
    expect((await me(app, phone)).user).not.toBeNull();

    const visitor = await post(app, '/api/auth/change-password', { currentPassword: PASSWORD, newPassword: 'Tourtiere-Du-Lac-9' });
    expect(visitor.status).toBe(401);

    const res = await post(app, '/api/auth/change-password', { currentPassword: PASSWORD, newPassword: 'Tourtiere-Du-Lac-9' }, laptop);
    expect(res.status).toBe(200);
    const renewed = sessionCookieOf(res);
    expect((await me(app, phone)).user).toBeNull();
    expect((await me(app, renewed ?? laptop)).user).not.toBeNull();
    await expect(signIn(app, 'paul@exemple.ca', PASSWORD)).rejects.toThrow();
    expect(await signIn(app, 'paul@exemple.ca', 'Tourtiere-Du-Lac-9')).toBeTruthy();
  });
});
