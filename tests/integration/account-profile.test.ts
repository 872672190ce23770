// Mon Compte's profile: read and saved for the session's user only, French validation, the role
// never writable, and a chef's new name shown at once on the public pages.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProfileResponse } from '@shared/schemas/account';
import type { ApiErrorBody } from '@shared/errors';
import { profiles, users } from '../../src/server/db/schema';
import { setRole } from '../factories';
import { me, newSignedInUser, send } from '../setup/auth-client';
import { createTestApp, type TestApp } from '../setup/test-app';

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const profileOf = async (res: Response) => ((await res.json()) as ProfileResponse).profile;
const errorOf = async (res: Response) => ((await res.json()) as ApiErrorBody).error;

describe('GET /api/account/profile', () => {
  it('answers the signed-in user their own profile, never cached', async () => {
    const user = await newSignedInUser(app, 'Émilie Gagnon');
    const res = await send(app, 'GET', '/api/account/profile', { cookie: user.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await profileOf(res)).toEqual({
      fullName: 'Émilie Gagnon',
      email: user.email,
      role: 'learner',
      avatarUrl: null,
      phone: null,
      address: null,
      province: null,
    });
  });

  it('refuses a visitor and an ended session with 401 in French', async () => {
    const visitor = await send(app, 'GET', '/api/account/profile');
    expect(visitor.status).toBe(401);
    expect(await errorOf(visitor)).toMatchObject({ code: 'UNAUTHENTICATED', message: 'Connexion requise.' });
    const forged = await send(app, 'GET', '/api/account/profile', { cookie: 'pas-une-session.signature' });
    expect(forged.status).toBe(401);
  });
});

describe('PATCH /api/account/profile', () => {
  it('saves the card and keeps the account name (users.name, /api/me) in step', async () => {
    const user = await newSignedInUser(app);
    const res = await send(app, 'PATCH', '/api/account/profile', {
      cookie: user.cookie,
      body: { fullName: '  Jean-Philippe Côté ', phone: '+1 514 555-0199', address: '1234, rue Saint-Denis, Montréal', province: 'QC' },
    });
    expect(res.status).toBe(200);
    expect(await profileOf(res)).toMatchObject({
      fullName: 'Jean-Philippe Côté',
      phone: '+1 514 555-0199',
      address: '1234, rue Saint-Denis, Montréal',
      province: 'QC',
    });
    const [row] = await app.db.select({ name: users.name }).from(users).where(eq(users.id, user.id));
    expect(row!.name).toBe('Jean-Philippe Côté');
    expect((await me(app, user.cookie)).user!.fullName).toBe('Jean-Philippe Côté');
  });

  it('clears a field sent blank or null, and keeps a field left out', async () => {
    const user = await newSignedInUser(app);
    await send(app, 'PATCH', '/api/account/profile', {
      cookie: user.cookie,
      body: { fullName: 'Léa Roy', phone: '514-555-0100', address: '12 rue Principale', province: 'ON' },
    });
    const res = await send(app, 'PATCH', '/api/account/profile', {
      cookie: user.cookie,
      body: { fullName: 'Léa Roy-Bélanger', phone: '', address: null },
    });
    expect(await profileOf(res)).toMatchObject({ fullName: 'Léa Roy-Bélanger', phone: null, address: null, province: 'ON' });
  });

  it.each([
    [{ fullName: 'A' }, 'fullName', 'Le nom complet doit contenir au moins 2 caractères.'],
    [{ fullName: '   ' }, 'fullName', 'Le nom complet doit contenir au moins 2 caractères.'],
    [{ fullName: 'x'.repeat(121) }, 'fullName', 'Le nom complet ne peut pas dépasser 120 caractères.'],
    [{ fullName: 'Léa Roy', phone: 'appelez-moi' }, 'phone', 'Numéro de téléphone invalide.'],
    [{ fullName: 'Léa Roy', address: 'a'.repeat(201) }, 'address', "L'adresse ne peut pas dépasser 200 caractères."],
    [{ fullName: 'Léa Roy', province: 'ZZ' }, 'province', 'Choisissez une province dans la liste.'],
  ])('refuses %j with 400 and a French message on the field', async (body, field, message) => {
    const user = await newSignedInUser(app, 'Nom Inchangé');
    const res = await send(app, 'PATCH', '/api/account/profile', { cookie: user.cookie, body });
    expect(res.status).toBe(400);
    const error = await errorOf(res);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.message).toBe('Certaines informations sont invalides. Vérifiez les champs indiqués.');
    expect(error.fields?.[field]).toBe(message);
    const [row] = await app.db.select({ fullName: profiles.fullName }).from(profiles).where(eq(profiles.userId, user.id));
    expect(row!.fullName).toBe('Nom Inchangé');
  });

  it('refuses a body that is not JSON with 400 in French', async () => {
    const user = await newSignedInUser(app);
    const res = await send(app, 'PATCH', '/api/account/profile', {
      cookie: user.cookie,
      headers: { 'content-type': 'application/json' },
    });
    // An empty body announced as JSON.
    expect(res.status).toBe(400);
    const broken = await app.request('/api/account/profile', {
      method: 'PATCH',
      headers: { origin: 'http://toque.test', cookie: `toque.session_token=${user.cookie}`, 'content-type': 'application/json' },
      body: '{"fullName": ',
    });
    expect(broken.status).toBe(400);
    expect((await errorOf(broken)).message).toBe('Le contenu JSON envoyé est illisible.');
  });

  it('never lets the body choose a role, an e-mail or another user', async () => {
    const user = await newSignedInUser(app, 'Paul Martin');
    const other = await newSignedInUser(app, 'Autre Personne');
    const res = await send(app, 'PATCH', '/api/account/profile', {
      cookie: user.cookie,
      body: { fullName: 'Paul Martin', role: 'admin', email: 'cheffe@toque.demo', userId: other.id, avatarUrl: '/media/x.svg', isSubscriber: true },
    });
    expect(res.status).toBe(200);
    expect(await profileOf(res)).toMatchObject({ role: 'learner', email: user.email, avatarUrl: null });
    expect((await me(app, user.cookie)).user).toMatchObject({ role: 'learner', isSubscriber: false });
    const [otherRow] = await app.db.select({ fullName: profiles.fullName }).from(profiles).where(eq(profiles.userId, other.id));
    expect(otherRow!.fullName).toBe('Autre Personne');
  });

  it("shows a chef's new name on the public chef list at once (public cache cleared)", async () => {
    const chef = await newSignedInUser(app, 'Chef Ancien Nom');
    await setRole(app.db, chef.id, 'chef');
    const names = async () => ((await (await app.request('/api/chefs')).json()) as { chefs: { fullName: string }[] }).chefs.map((c) => c.fullName);
    expect(await names()).toContain('Chef Ancien Nom');
    expect(await names()).toContain('Chef Ancien Nom'); // now served from the visitor cache
    await send(app, 'PATCH', '/api/account/profile', { cookie: chef.cookie, body: { fullName: 'Chef Nouveau Nom' } });
    const after = await names();
    expect(after).toContain('Chef Nouveau Nom');
    expect(after).not.toContain('Chef Ancien Nom');
  });
});
