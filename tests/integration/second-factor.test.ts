// The admin's second factor (TOTP): enrolment by QR code, recovery codes shown once and used once,
// verification of a session, replay and guessing refused, and every admin route closed until the
// session gave it. The admin here is made without the factories' ready-made enrolment.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES, type ApiErrorBody } from '@shared/errors';
import type {
  SecondFactorConfirmation,
  SecondFactorEnrolment,
  SecondFactorStatus,
  SecondFactorVerification,
} from '@shared/schemas/second-factor';
import { createApp } from '../../src/server/app';
import { adminRecoveryCodes, adminSecondFactors, profiles, sessionSecondFactors, sessions } from '../../src/server/db/schema';
import { createLogger } from '../../src/server/logger';
import { createRealtime } from '../../src/server/realtime/realtime';
import { createCourse, totpCode } from '../factories';
import { signSessionToken } from '../factories/accounts';
import { newSignedInUser, newSignedUpUser, post, send, signIn } from '../setup/auth-client';
import { createTestApp, type TestApp } from '../setup/test-app';

const BASE = '/api/account/second-factor';
const SOME_UUID = '00000000-0000-4000-8000-000000000000';

let app: TestApp;
// The app's clock, moved by the tests so a code's 30-second step is never a matter of luck.
let clock = Date.parse('2026-11-22T15:00:05Z');
const now = () => new Date(clock);

beforeAll(async () => {
  app = await createTestApp({ now });
});
afterAll(() => app.close());

const status = async (cookie: string) => (await (await send(app, 'GET', BASE, { cookie })).json()) as SecondFactorStatus;
const errorOf = async (res: Response) => ((await res.json()) as ApiErrorBody).error;

/** Every /api/admin route, and the other admin-only ones (the route inventory of access-control.test.ts). */
function adminRoutes(): { method: string; path: string }[] {
  const seen = new Set<string>();
  return app.app.routes
    .filter((r) => (r.path.startsWith('/api/admin/') || r.path === '/api/payments/sandbox/test-clock') && r.method !== 'ALL')
    .map((r) => ({ method: r.method, path: r.path.replace(/:[A-Za-z]+/g, SOME_UUID) }))
    .filter((r) => !seen.has(`${r.method} ${r.path}`) && seen.add(`${r.method} ${r.path}`));
}

async function expectEveryAdminRoute(cookie: string, code: string) {
  const routes = adminRoutes();
  expect(routes.length).toBeGreaterThan(20);
  for (const route of routes) {
    const res = await send(app, route.method, route.path, { cookie });
    expect({ route, status: res.status, code: (await errorOf(res)).code }).toEqual({ route, status: 403, code });
  }
}

async function makeAdmin(userId: string) {
  await app.db.update(profiles).set({ role: 'admin' }).where(eq(profiles.userId, userId));
}

/** Enrols through the API and returns the base32 secret and the recovery codes. */
async function enrol(cookie: string): Promise<{ secret: string; recoveryCodes: string[] }> {
  const enrolment = (await (await send(app, 'POST', `${BASE}/enrolment`, { cookie })).json()) as SecondFactorEnrolment;
  const secret = enrolment.secret.replace(/\s/g, '');
  const res = await send(app, 'POST', `${BASE}/enrolment/confirm`, { cookie, body: { code: totpCode(secret, now()) } });
  expect(res.status).toBe(200);
  return { secret, ...((await res.json()) as SecondFactorConfirmation) };
}

describe('who has a second factor', () => {
  it('a learner needs none and cannot enrol (403 in French)', async () => {
    const learner = await newSignedInUser(app, 'Léa Apprenante');
    expect(await status(learner.cookie)).toEqual({ required: false, enrolled: false, verified: false, recoveryCodesLeft: 0 });
    for (const path of ['/enrolment', '/enrolment/confirm', '/verify']) {
      const res = await send(app, 'POST', `${BASE}${path}`, { cookie: learner.cookie, body: path === '/enrolment' ? undefined : { code: '123456' } });
      expect(res.status).toBe(403);
      expect(await errorOf(res)).toMatchObject({ code: 'TWO_FACTOR_NOT_ALLOWED', message: expect.stringContaining('administrateurs') });
    }
  });

  it('a visitor gets 401', async () => {
    expect((await send(app, 'GET', BASE)).status).toBe(401);
    expect((await send(app, 'POST', `${BASE}/enrolment`)).status).toBe(401);
  });
});

describe('enrolment and verification of an admin', () => {
  let admin: { id: string; email: string; password: string; cookie: string };
  let secret: string;
  let recoveryCodes: string[];

  beforeAll(async () => {
    admin = await newSignedUpUser(app, 'Cheffe Admin');
    await makeAdmin(admin.id);
  });

  it('before enrolment, every admin route answers 403 TWO_FACTOR_ENROLMENT_REQUIRED, in French', async () => {
    expect(await status(admin.cookie)).toEqual({ required: true, enrolled: false, verified: false, recoveryCodesLeft: 0 });
    await expectEveryAdminRoute(admin.cookie, 'TWO_FACTOR_ENROLMENT_REQUIRED');
    const res = await send(app, 'GET', '/api/admin/outbox', { cookie: admin.cookie });
    expect((await errorOf(res)).message).toMatch(/double authentification/);
    // Confirming before asking for a secret: nothing to confirm.
    expect((await errorOf(await send(app, 'POST', `${BASE}/enrolment/confirm`, { cookie: admin.cookie, body: { code: '123456' } }))).code).toBe(
      'TWO_FACTOR_ENROLMENT_REQUIRED',
    );
  });

  it('gives an otpauth URI, its QR code drawn on the server and the secret grouped for typing; the secret is stored sealed', async () => {
    const res = await send(app, 'POST', `${BASE}/enrolment`, { cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const enrolment = (await res.json()) as SecondFactorEnrolment;
    expect(enrolment.secret).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{4}){7}$/);
    secret = enrolment.secret.replace(/ /g, '');
    expect(enrolment.otpauthUri).toBe(
      `otpauth://totp/Toque:${encodeURIComponent(admin.email)}?secret=${secret}&issuer=Toque&algorithm=SHA1&digits=6&period=30`,
    );
    expect(enrolment.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(enrolment.qrCode.split(',')[1]!, 'base64').toString()).toMatch(/^<svg[^>]*>.*<path/s);
    const [row] = await app.db.select().from(adminSecondFactors).where(eq(adminSecondFactors.userId, admin.id));
    expect(row).toMatchObject({ confirmedAt: null });
    expect(row!.secret).not.toContain(secret);
    // Still not enrolled: admin routes stay closed until a first code confirms it.
    expect((await send(app, 'GET', '/api/admin/outbox', { cookie: admin.cookie })).status).toBe(403);
  });

  it('asking again replaces the secret not yet confirmed', async () => {
    const again = (await (await send(app, 'POST', `${BASE}/enrolment`, { cookie: admin.cookie })).json()) as SecondFactorEnrolment;
    const newSecret = again.secret.replace(/ /g, '');
    expect(newSecret).not.toBe(secret);
    // The first secret's code no longer confirms.
    const stale = await send(app, 'POST', `${BASE}/enrolment/confirm`, { cookie: admin.cookie, body: { code: totpCode(secret, now()) } });
    expect(stale.status).toBe(400);
    expect(await errorOf(stale)).toMatchObject({ code: 'TWO_FACTOR_CODE_INVALID', message: expect.stringMatching(/^Code invalide/) });
    secret = newSecret;
  });

  it('a first good code confirms it, verifies this session and gives 10 recovery codes, this once', async () => {
    const res = await send(app, 'POST', `${BASE}/enrolment/confirm`, { cookie: admin.cookie, body: { code: totpCode(secret, now()) } });
    expect(res.status).toBe(200);
    recoveryCodes = ((await res.json()) as SecondFactorConfirmation).recoveryCodes;
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const stored = await app.db.select().from(adminRecoveryCodes).where(eq(adminRecoveryCodes.userId, admin.id));
    expect(stored).toHaveLength(10);
    expect(stored.map((r) => r.codeHash).join()).not.toContain(recoveryCodes[0]!.replace('-', ''));
    expect(await status(admin.cookie)).toEqual({ required: true, enrolled: true, verified: true, recoveryCodesLeft: 10 });
    expect((await send(app, 'GET', '/api/admin/outbox', { cookie: admin.cookie })).status).toBe(200);
    // Once confirmed, neither a new secret nor a second confirmation (which would show new codes).
    for (const path of ['/enrolment', '/enrolment/confirm']) {
      const again = await send(app, 'POST', `${BASE}${path}`, { cookie: admin.cookie, body: path === '/enrolment' ? undefined : { code: '000000' } });
      expect(again.status).toBe(409);
      expect((await errorOf(again)).code).toBe('TWO_FACTOR_ALREADY_ENABLED');
    }
  });

  it('a new session is refused every admin route (TWO_FACTOR_REQUIRED) until it gives a code; a used code is refused', async () => {
    const second = await signIn(app, admin.email, admin.password);
    expect(await status(second)).toMatchObject({ enrolled: true, verified: false });
    await expectEveryAdminRoute(second, 'TWO_FACTOR_REQUIRED');
    // The admin's other powers wait too: meanwhile the session acts as anyone else's (a premium
    // course stays locked to it, as to any learner; the verified first session sees it whole).
    const premium = await createCourse(app.db, { isPremium: true, isLive: false });
    const unlocked = async (cookie: string) =>
      ((await (await send(app, 'GET', `/api/courses/${premium.id}`, { cookie })).json()) as { course: { unlocked: boolean } }).course.unlocked;
    expect(await unlocked(second)).toBe(false);
    expect(await unlocked(admin.cookie)).toBe(true);
    // The code that confirmed the enrolment, replayed in the same 30 s: refused.
    const replay = await send(app, 'POST', `${BASE}/verify`, { cookie: second, body: { code: totpCode(secret, now()) } });
    expect(replay.status).toBe(400);
    expect((await errorOf(replay)).code).toBe('TWO_FACTOR_CODE_INVALID');
    // A wrong code and a code two steps away: refused.
    expect((await send(app, 'POST', `${BASE}/verify`, { cookie: second, body: { code: totpCode(secret, now(), -2) } })).status).toBe(400);
    // The next step's code (the phone a little ahead) is accepted, once.
    const next = totpCode(secret, now(), 1);
    const ok = await send(app, 'POST', `${BASE}/verify`, { cookie: second, body: { code: next } });
    expect(ok.status).toBe(200);
    expect((await ok.json()) as SecondFactorVerification).toEqual({ verified: true, recoveryCodesLeft: 10 });
    expect((await send(app, 'GET', '/api/admin/outbox', { cookie: second })).status).toBe(200);
    // The same code for yet another session: refused (even 30 s later, when it is "now"'s code).
    const third = await signIn(app, admin.email, admin.password);
    clock += 30_000;
    expect((await send(app, 'POST', `${BASE}/verify`, { cookie: third, body: { code: next } })).status).toBe(400);
    // The code of the step after it works.
    expect((await send(app, 'POST', `${BASE}/verify`, { cookie: third, body: { code: totpCode(secret, now(), 1) } })).status).toBe(200);
    // The first session was never affected.
    expect((await send(app, 'GET', '/api/admin/outbox', { cookie: admin.cookie })).status).toBe(200);
  });

  it('a recovery code verifies a session once, typed in capitals or with spaces', async () => {
    const session = await signIn(app, admin.email, admin.password);
    const typed = ` ${recoveryCodes[3]!.toUpperCase().replace('-', ' ')} `;
    const res = await send(app, 'POST', `${BASE}/verify`, { cookie: session, body: { code: typed } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as SecondFactorVerification).recoveryCodesLeft).toBe(9);
    expect((await send(app, 'GET', '/api/admin/outbox', { cookie: session })).status).toBe(200);
    const another = await signIn(app, admin.email, admin.password);
    const reused = await send(app, 'POST', `${BASE}/verify`, { cookie: another, body: { code: recoveryCodes[3] } });
    expect(reused.status).toBe(400);
    expect((await errorOf(reused)).code).toBe('TWO_FACTOR_CODE_INVALID');
    expect((await send(app, 'POST', `${BASE}/verify`, { cookie: another, body: { code: 'abcde-fghjk' } })).status).toBe(400);
    expect(await status(another)).toMatchObject({ verified: false, recoveryCodesLeft: 9 });
  });

  it('signing out ends the verification with the session; signing in again asks for a code', async () => {
    const session = await signIn(app, admin.email, admin.password);
    clock += 60_000;
    expect((await send(app, 'POST', `${BASE}/verify`, { cookie: session, body: { code: totpCode(secret, now()) } })).status).toBe(200);
    const [row] = await app.db.select({ id: sessions.id }).from(sessions).innerJoin(sessionSecondFactors, eq(sessionSecondFactors.sessionId, sessions.id)).where(eq(sessions.userId, admin.id));
    expect(row).toBeDefined();
    const verifiedBefore = (await app.db.select().from(sessionSecondFactors)).length;
    expect((await post(app, '/api/auth/sign-out', {}, session)).status).toBe(200);
    expect((await app.db.select().from(sessionSecondFactors)).length).toBe(verifiedBefore - 1);
    const again = await signIn(app, admin.email, admin.password);
    expect((await errorOf(await send(app, 'GET', '/api/admin/outbox', { cookie: again }))).code).toBe('TWO_FACTOR_REQUIRED');
  });

  it('a password change ends the other sessions, and their verification with them', async () => {
    expect((await send(app, 'GET', '/api/admin/outbox', { cookie: admin.cookie })).status).toBe(200);
    const session = await signIn(app, admin.email, admin.password);
    const changed = await post(app, '/api/auth/change-password', { currentPassword: admin.password, newPassword: 'Nouveau-Mot-2026-Tarte' }, session);
    expect(changed.status).toBe(200);
    admin.password = 'Nouveau-Mot-2026-Tarte';
    expect((await send(app, 'GET', '/api/admin/outbox', { cookie: admin.cookie })).status).toBe(401);
    const verified = await app.db.select({ id: sessionSecondFactors.sessionId }).from(sessionSecondFactors).innerJoin(sessions, eq(sessions.id, sessionSecondFactors.sessionId)).where(eq(sessions.userId, admin.id));
    expect(verified).toEqual([]);
  });
});

describe('guessing', () => {
  it('5 wrong codes, then 429 in French for some minutes, even for the right code', async () => {
    const admin = await newSignedInUser(app, 'Autre Admin');
    await makeAdmin(admin.id);
    const { secret } = await enrol(admin.cookie);
    const session = await newSessionOf(admin.id);
    clock += 30_000;
    for (let i = 0; i < 5; i++) {
      const res = await send(app, 'POST', `${BASE}/verify`, { cookie: session, body: { code: String(100000 + i) } });
      expect(res.status).toBe(400);
    }
    const locked = await send(app, 'POST', `${BASE}/verify`, { cookie: session, body: { code: totpCode(secret, now()) } });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(60);
    expect(await errorOf(locked)).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringMatching(/^Trop de tentatives/) });
    expect((await send(app, 'GET', '/api/admin/outbox', { cookie: session })).status).toBe(403);
  });

  it('rejects a missing or malformed body in French (400)', async () => {
    const admin = await newSignedInUser(app, 'Admin Pressée');
    await makeAdmin(admin.id);
    const res = await send(app, 'POST', `${BASE}/verify`, { cookie: admin.cookie, body: { code: '' } });
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toMatchObject({ code: 'VALIDATION_FAILED', fields: { code: expect.stringMatching(/^Entrez le code/) } });
    expect((await send(app, 'POST', `${BASE}/verify`, { cookie: admin.cookie, body: { code: '123456', role: 'x' } })).status).toBe(400);
  });
});

/** A second session of an account, written as the auth-client helpers write the first one. */
async function newSessionOf(userId: string): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  const at = new Date();
  await app.db.insert(sessions).values({ id: `sess_${randomBytes(8).toString('hex')}`, token, userId, expiresAt: new Date(at.getTime() + 86_400_000), createdAt: at, updatedAt: at });
  return signSessionToken(token, app.deps.config.authSecret);
}

describe('after AUTH_SECRET changed', () => {
  it('an enrolment sealed with the old secret: 409 in French telling what to do, the operator told in the log; recovery codes still work', async () => {
    const admin = await newSignedUpUser(app, 'Cheffe Ancienne Clé');
    await makeAdmin(admin.id);
    const { secret, recoveryCodes } = await enrol(admin.cookie);

    // The same database served with another secret, its log kept.
    const lines: string[] = [];
    const deps = {
      ...app.deps,
      config: { ...app.deps.config, authSecret: `autre-secret-${randomBytes(16).toString('hex')}` },
      logger: createLogger({ logLevel: 'info', env: 'production' }, { write: (line: string) => void lines.push(line) }),
    };
    const realtime = createRealtime(deps);
    const served = createApp(deps, realtime);
    const other = { ...app, app: served, deps, realtime, request: (p: string, init?: RequestInit) => served.request(p, init) } as TestApp;
    try {
      const cookie = await signIn(other, admin.email, admin.password);
      // More tries than the limit allows: no code was checked, so none is counted.
      for (let i = 0; i < 6; i++) {
        clock += 30_000;
        const res = await send(other, 'POST', `${BASE}/verify`, { cookie, body: { code: totpCode(secret, now()) } });
        expect(res.status).toBe(409);
        expect(await errorOf(res)).toMatchObject({ code: 'TWO_FACTOR_UNREADABLE', message: ERROR_MESSAGES.TWO_FACTOR_UNREADABLE });
      }
      expect(ERROR_MESSAGES.TWO_FACTOR_UNREADABLE).toMatch(/exploitant du site de réinitialiser/);
      const logged = lines.map((l) => JSON.parse(l) as { level: number; userId?: string; msg: string }).filter((l) => l.userId === admin.id);
      expect(logged[0]).toMatchObject({ level: 50, msg: expect.stringContaining('AUTH_SECRET') });
      expect((await send(other, 'GET', '/api/admin/outbox', { cookie })).status).toBe(403);

      const rescued = await send(other, 'POST', `${BASE}/verify`, { cookie, body: { code: recoveryCodes[0] } });
      expect(rescued.status).toBe(200);
      expect((await send(other, 'GET', '/api/admin/outbox', { cookie })).status).toBe(200);
    } finally {
      await realtime.stop();
    }
  });
});
