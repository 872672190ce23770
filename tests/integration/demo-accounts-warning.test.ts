// The admin area's warning (docs/decisions/0029-fail-closed.md): the demo accounts that still open
// with the password the README prints are listed to the admin — and to nobody else.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DemoAccountsResponse } from '@shared/schemas/admin';
import { DEMO_PASSWORDS } from '../../src/server/db/seed/content/demo-passwords';
import { setRole } from '../factories';
import { newSignedInUser, post, send } from '../setup/auth-client';
import { createTestApp, type TestApp } from '../setup/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('demo accounts with public passwords', () => {
  it('are named to the admin while their password is the public one, and hidden from others', async () => {
    const signUp = (email: string, password: string, from: string) =>
      post(t, '/api/auth/sign-up/email', { name: 'Compte Démo', email, password }, undefined, {}, from);
    expect((await signUp('apprenant@toque.demo', DEMO_PASSWORDS['apprenant@toque.demo']!, '10.3.0.1')).status).toBe(200);
    // A demo address whose password was changed is not a risk any more.
    expect((await signUp('abonne@toque.demo', 'Un-Autre-Mot-De-Passe-42', '10.3.0.2')).status).toBe(200);

    const admin = await newSignedInUser(t, 'Cheffe Admin');
    await setRole(t.db, admin.id, 'admin');
    const res = await send(t, 'GET', '/api/admin/demo-accounts', { cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect((await res.json()) as DemoAccountsResponse).toEqual({ accounts: ['apprenant@toque.demo'] });

    const learner = await newSignedInUser(t, 'Léa Apprenante');
    expect((await send(t, 'GET', '/api/admin/demo-accounts', { cookie: learner.cookie })).status).toBe(403);
  });
});
