// Who is signed in is read from the database on every request, in one query (auth/service.ts
// fastLookUp), on whichever instance answers: a session ended, an account deleted, a role, a
// subscription or an admin's second factor changed through one instance is seen by another one
// sharing the database on its very next request. Nothing about a session is kept in memory; the
// lookups of requests read together share one query (auth/repository.ts), each answered its own.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@shared/errors';
import { createApp } from '../../src/server/app';
import { adminSecondFactors, profiles, sessions, sessionSecondFactors, subscriptions } from '../../src/server/db/schema';
import { createRealtime } from '../../src/server/realtime/realtime';
import { createSubscription, setRole } from '../factories';
import { signSessionToken } from '../factories/accounts';
import { ORIGIN, SESSION_COOKIE, newSignedInUser, newSignedUpUser, post, sessionCookieOf } from '../setup/auth-client';
import { createTestApp, type TestApp } from '../setup/test-app';

let app: TestApp;
/** A second instance of the app over the same database (as two processes behind a load balancer). */
let other: ReturnType<typeof createApp>;

beforeAll(async () => {
  app = await createTestApp();
  other = createApp(app.deps, createRealtime(app.deps));
});
afterAll(() => app.close());

const headers = (cookie: string) => ({ cookie: `${SESSION_COOKIE}=${cookie}`, origin: ORIGIN });

async function meOn(instance: typeof other, cookie: string) {
  const res = await instance.request('/api/me', { headers: headers(cookie) });
  return ((await res.json()) as { user: { id: string; role: string; fullName: string; isSubscriber: boolean } | null }).user;
}

async function adminAnswer(cookie: string) {
  const res = await other.request('/api/admin/outbox', { headers: headers(cookie) });
  return { status: res.status, code: res.ok ? null : ((await res.json()) as ApiErrorBody).error.code };
}

async function signInAgain(email: string, password: string, from: string) {
  const cookie = sessionCookieOf(await post(app, '/api/auth/sign-in/email', { email, password }, undefined, {}, from));
  if (!cookie) throw new Error('sign-in refused');
  return cookie;
}

describe('a signed-in request on another instance sharing the database', { timeout: 60_000 }, () => {
  it('sees the role, name and subscription of that moment', async () => {
    const user = await newSignedInUser(app, 'Rita Rôle');
    expect(await meOn(other, user.cookie)).toMatchObject({ id: user.id, role: 'learner', fullName: 'Rita Rôle', isSubscriber: false });

    await setRole(app.db, user.id, 'chef');
    expect((await meOn(other, user.cookie))!.role).toBe('chef');
    await setRole(app.db, user.id, 'learner');
    expect((await meOn(other, user.cookie))!.role).toBe('learner');

    await app.db.update(profiles).set({ fullName: 'Rita Renommée' }).where(eq(profiles.userId, user.id));
    expect((await meOn(other, user.cookie))!.fullName).toBe('Rita Renommée');

    const { id } = await createSubscription(app.db, user.id);
    expect((await meOn(other, user.cookie))!.isSubscriber).toBe(true);
    await app.db.update(subscriptions).set({ status: 'canceled' }).where(eq(subscriptions.id, id));
    expect((await meOn(other, user.cookie))!.isSubscriber).toBe(false);
  });

  it('is refused at once after sign-out, a password change (other sessions) and account deletion on the first', async () => {
    const user = await newSignedUpUser(app, 'Simone Sortie');
    const phone = await signInAgain(user.email, user.password, '10.66.0.1');
    const tablet = await signInAgain(user.email, user.password, '10.66.0.2');
    for (const cookie of [user.cookie, phone, tablet]) expect((await meOn(other, cookie))!.id).toBe(user.id);

    expect((await post(app, '/api/auth/sign-out', {}, phone)).status).toBe(200);
    expect(await meOn(other, phone)).toBeNull();
    expect((await meOn(other, tablet))!.id).toBe(user.id);

    const newPassword = 'Tarte-Au-Sucre-2027';
    const changed = await post(app, '/api/auth/change-password', { currentPassword: user.password, newPassword }, user.cookie);
    expect(changed.status).toBe(200);
    const renewed = sessionCookieOf(changed)!;
    expect(await meOn(other, tablet)).toBeNull();
    expect((await meOn(other, renewed))!.id).toBe(user.id);

    const deleted = await app.request('/api/account/delete', {
      method: 'POST',
      headers: { ...headers(renewed), 'content-type': 'application/json' },
      body: JSON.stringify({ confirmation: 'SUPPRIMER', password: newPassword }),
    });
    expect(deleted.status).toBe(200);
    expect(await meOn(other, renewed)).toBeNull();
  });

  it("an admin's session acts as admin only while its second factor stands, and only while admin", async () => {
    const admin = await newSignedInUser(app, 'Alice Admin');
    await setRole(app.db, admin.id, 'admin');
    expect(await adminAnswer(admin.cookie)).toEqual({ status: 200, code: null });

    // The session's verification gone (as when the factor is reset): a code is asked at once.
    await app.db.delete(sessionSecondFactors).where(eq(sessionSecondFactors.sessionId, `sess_${admin.id}`));
    expect(await adminAnswer(admin.cookie)).toEqual({ status: 403, code: 'TWO_FACTOR_REQUIRED' });
    await app.db.delete(adminSecondFactors).where(eq(adminSecondFactors.userId, admin.id));
    expect(await adminAnswer(admin.cookie)).toEqual({ status: 403, code: 'TWO_FACTOR_ENROLMENT_REQUIRED' });

    await setRole(app.db, admin.id, 'admin');
    expect(await adminAnswer(admin.cookie)).toEqual({ status: 200, code: null });
    await setRole(app.db, admin.id, 'learner');
    expect(await adminAnswer(admin.cookie)).toEqual({ status: 403, code: 'FORBIDDEN' });
  });
});

describe('the session cookie', () => {
  it('with a signature that is not ours is a visitor, and the session it names lives on', async () => {
    const user = await newSignedInUser(app);
    const [row] = await app.db.select({ token: sessions.token }).from(sessions).where(eq(sessions.userId, user.id));
    const forged = signSessionToken(row!.token, 'un-autre-secret-que-celui-du-serveur-0123456789');
    expect(await meOn(other, forged)).toBeNull();
    const signature = decodeURIComponent(user.cookie).split('.').pop()!;
    const flipped = signature[0] === 'A' ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
    expect(await meOn(other, encodeURIComponent(`${row!.token}.${flipped}`))).toBeNull();
    expect(await meOn(other, encodeURIComponent(row!.token))).toBeNull();
    expect((await meOn(other, user.cookie))!.id).toBe(user.id);
  });

  it('many requests at once share a lookup, each answered for its own session — one ended meanwhile refused, a stranger a visitor', async () => {
    const people = await Promise.all(Array.from({ length: 6 }, (_, i) => newSignedInUser(app, `Personne Lot ${i}`)));
    await setRole(app.db, people[1]!.id, 'chef');
    await app.db.delete(sessions).where(eq(sessions.userId, people[2]!.id));
    // The same person twice, the others once each, and a forged session: all in the same moment.
    const asked = [...people, people[0]!];
    const answers = await Promise.all(asked.map((p) => meOn(other, p.cookie)));
    expect(answers.map((a) => a?.id ?? null)).toEqual(asked.map((p, i) => (i === 2 ? null : p.id)));
    expect(answers[1]!.role).toBe('chef');
    expect(answers.filter((a) => a?.fullName === 'Personne Lot 0')).toHaveLength(2);
  });

  it('naming no session (or an ended one) is a visitor, and the browser is told to forget it', async () => {
    const user = await newSignedInUser(app);
    await app.db.delete(sessions).where(eq(sessions.userId, user.id));
    const res = await other.request('/api/me', { headers: headers(user.cookie) });
    expect(((await res.json()) as { user: unknown }).user).toBeNull();
    expect(sessionCookieOf(res)).toBe('');
  });
});
