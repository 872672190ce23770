// The password policy at the API (sign-up and change), and sign-up telling nothing about who has an account.
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashingLoad } from '../../src/server/modules/auth/password-hash';
import { users } from '../../src/server/db/schema';
import { post, signIn, signUp } from '../setup/auth-client';
import { createTestApp, type TestApp } from '../setup/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

describe('password policy at sign-up', () => {
  it.each([
    { label: '7 characters', password: 'Zq4-vR8', status: 400 },
    { label: '8 characters', password: 'Zq4-vR8k', status: 200 },
    { label: '128 characters', password: 'Zq4-vR8k'.repeat(16), status: 200 },
    { label: '129 characters', password: `${'Zq4-vR8k'.repeat(16)}x`, status: 400 },
    { label: 'a very common password', password: 'Password123', status: 400 },
  ])('$label → $status', async ({ password, status }) => {
    const email = `politique-${password.length}-${status}-${Math.random().toString(36).slice(2)}@exemple.ca`;
    const res = await signUp(app, email, password);
    expect(res.status).toBe(status);
    if (status === 400) {
      const body = (await res.json()) as ErrorBody;
      expect(body.error.code).toBe('VALIDATION_FAILED');
      expect(body.error.fields!.password).toMatch(/mot de passe/);
      expect((await app.db.select({ n: count() }).from(users).where(eq(users.email, email)))[0]!.n).toBe(0);
    } else {
      expect(await signIn(app, email, password)).toBeTruthy();
    }
  });

  it('uses the agreed message for a short password, and refuses a one-letter full name', async () => {
    const res = await signUp(app, 'court@exemple.ca', 'abc', 'A');
    const body = (await res.json()) as ErrorBody;
    expect(body.error.fields).toEqual({
      name: 'Le nom complet doit contenir au moins 2 caractères.',
      password: 'Le mot de passe doit contenir au moins 8 caractères.',
    });
  });

  it('applies at password change too', async () => {
    await signUp(app, 'change@exemple.ca', 'Zq4-vR8k-Bleuets');
    const cookie = await signIn(app, 'change@exemple.ca', 'Zq4-vR8k-Bleuets');
    const res = await post(app, '/api/auth/change-password', { currentPassword: 'Zq4-vR8k-Bleuets', newPassword: 'qwerty123' }, cookie);
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).error.fields!.newPassword).toBe('Ce mot de passe est trop courant. Choisissez-en un autre.');
  });
});

describe('no enumeration through sign-up', { timeout: 120_000 }, () => {
  it('answers a taken address exactly like a new one, and leaves the existing account untouched', async () => {
    const fresh = await signUp(app, 'premiere@exemple.ca', 'Zq4-vR8k-Sapin', 'Première Personne');
    const taken = await signUp(app, 'Premiere@Exemple.ca', 'Autre-Mot-2-Passe', 'Usurpateur');
    expect(taken.status).toBe(fresh.status);
    expect(await taken.text()).toBe(await fresh.text());
    expect(taken.headers.getSetCookie()).toEqual(fresh.headers.getSetCookie());
    expect(await signIn(app, 'premiere@exemple.ca', 'Zq4-vR8k-Sapin')).toBeTruthy();
    await expect(signIn(app, 'premiere@exemple.ca', 'Autre-Mot-2-Passe')).rejects.toThrow();
  });

  it('costs the same work for a taken address as for a new one: one password hash each, counted (not timed)', async () => {
    const hashesOf = async (email: string) => {
      const before = hashingLoad().started;
      expect((await signUp(app, email, 'Zq4-vR8k-Erable')).status).toBe(200);
      return hashingLoad().started - before;
    };
    await signUp(app, 'deja-compte@exemple.ca', 'Zq4-vR8k-Erable');
    const fresh = await hashesOf('neuve-compte@exemple.ca');
    const taken = await hashesOf('deja-compte@exemple.ca');
    // Without the stand-in hash a taken address would answer without hashing: several times faster.
    expect(fresh).toBeGreaterThan(0);
    expect(taken).toBe(fresh);
  });
});
