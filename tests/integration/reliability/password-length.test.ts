// Passwords are used whole (checklist A2): after a 100-character password, its first 72 bytes with
// another tail (bcrypt's silent cut) do not sign in; an emoji password signs in whether its accents
// are composed or not (NFKC), and a different emoji does not.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, signIn, signUp } from '../../setup/auth-client';
import { createTestApp, type TestApp } from '../../setup/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const signInStatus = async (email: string, password: string) => (await post(app, '/api/auth/sign-in/email', { email, password })).status;

describe('no truncation', () => {
  it('a 100-character password signs in only whole: the first 72 bytes with another tail are refused', async () => {
    const password = `Érable-${'q7Zp'.repeat(22)}-fin-`; // 100 characters, 101 bytes
    expect(password).toHaveLength(100);
    expect((await signUp(app, 'longue.phrase@exemple.ca', password)).status).toBe(200);
    expect(await signIn(app, 'longue.phrase@exemple.ca', password)).toBeTruthy();
    const first72Bytes = Buffer.from(password).subarray(0, 72).toString();
    expect(await signInStatus('longue.phrase@exemple.ca', `${first72Bytes}AUTRE-QUEUE-DIFFERENTE`)).toBe(401);
    expect(await signInStatus('longue.phrase@exemple.ca', password.slice(0, 99))).toBe(401);
  });

  it('an emoji password is the same password whether the é is composed or not, and no other', async () => {
    const composed = 'Crème-brûlée-🍮-2026'.normalize('NFC');
    expect((await signUp(app, 'dessert@exemple.ca', composed)).status).toBe(200);
    expect(await signIn(app, 'dessert@exemple.ca', composed.normalize('NFD'))).toBeTruthy();
    expect(await signInStatus('dessert@exemple.ca', 'Crème-brûlée-🍰-2026')).toBe(401);
  });
});
