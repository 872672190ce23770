// /api/account/chef-profile: a chef's or the admin's specialty and bio, as their public chef page
// shows them. Visitor 401; a learner 403 on read and write, nothing stored; validated by the shared
// schema (80 and 2000 characters, blank clears, left out keeps); the public page shows the change
// at once (cache cleared); the admin's change is in the audit trail, in the same transaction.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@shared/errors';
import type { ChefProfileResponse } from '@shared/schemas/account';
import type { ChefResponse } from '@shared/schemas/public';
import { listAudit } from '../../src/server/modules/audit/repository';
import { auditLog, profiles } from '../../src/server/db/schema';
import { setRole } from '../factories';
import { newSignedInUser, send } from '../setup/auth-client';
import { createTestApp, type TestApp } from '../setup/test-app';

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

type Who = { id: string; cookie: string };
const read = (who: Who | undefined) => send(app, 'GET', '/api/account/chef-profile', { cookie: who?.cookie });
const save = (who: Who | undefined, body: unknown) => send(app, 'PATCH', '/api/account/chef-profile', { cookie: who?.cookie, body });
const fieldsOf = async (res: Response) => ((await res.json()) as ChefProfileResponse).chefProfile;
const errorOf = async (res: Response) => ((await res.json()) as ApiErrorBody).error;
const publicPage = async (id: string) => (await app.json<ChefResponse>(`/api/chefs/${id}`)).body.chef;
const stored = async (id: string) =>
  (await app.db.select({ specialty: profiles.specialty, bio: profiles.bio }).from(profiles).where(eq(profiles.userId, id)))[0]!;
const auditOf = (id: string) => listAudit(app.db, { targetType: 'profile', targetId: id, limit: 10, offset: 0 });

async function chefAs(role: 'chef' | 'admin', name: string): Promise<Who> {
  const user = await newSignedInUser(app, name);
  await setRole(app.db, user.id, role);
  return user;
}

describe('who may', () => {
  it('a visitor gets 401 on read and write', async () => {
    expect((await read(undefined)).status).toBe(401);
    expect((await save(undefined, { specialty: 'Pirate' })).status).toBe(401);
  });

  it('a learner gets 403 in French on read and write, and nothing is stored', async () => {
    const learner = await newSignedInUser(app, 'Léa Apprenante');
    const got = await read(learner);
    expect(got.status).toBe(403);
    expect(await errorOf(got)).toMatchObject({ code: 'FORBIDDEN', message: expect.stringContaining('Seuls les chefs') });
    const res = await save(learner, { specialty: 'Cheffe étoilée', bio: 'Je me fais passer pour une cheffe.' });
    expect(res.status).toBe(403);
    expect((await errorOf(res)).code).toBe('FORBIDDEN');
    expect(await stored(learner.id)).toEqual({ specialty: null, bio: null });
    // Even an invalid body: the role is refused first (a learner learns nothing of the rules).
    expect((await save(learner, { specialty: 'x'.repeat(500) })).status).toBe(403);
  });
});

describe('a guest chef', () => {
  it('reads and saves both fields; the public page shows them at once; no audit entry (not an admin)', async () => {
    const chef = await chefAs('chef', 'Julie Tremblay');
    expect(await fieldsOf(await read(chef))).toEqual({ specialty: null, bio: null });
    // Read once so the public cache holds the old answer.
    expect((await publicPage(chef.id)).specialty).toBeNull();
    const res = await save(chef, { specialty: '  Pâtisserie québécoise ', bio: 'Formée à Montréal.\nElle enseigne les desserts du terroir.' });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const expected = { specialty: 'Pâtisserie québécoise', bio: 'Formée à Montréal.\nElle enseigne les desserts du terroir.' };
    expect(await fieldsOf(res)).toEqual(expected);
    expect(await fieldsOf(await read(chef))).toEqual(expected);
    expect(await publicPage(chef.id)).toMatchObject(expected);
    expect(await auditOf(chef.id)).toEqual([]);
  });

  it('a field left out keeps its value; blank or null clears it (the page then says the defaults)', async () => {
    const chef = await chefAs('chef', 'Marc Gagnon');
    await save(chef, { specialty: 'Fumoir', bio: 'Maître fumeur.' });
    expect(await fieldsOf(await save(chef, { bio: 'Maître fumeur depuis 20 ans.' }))).toEqual({ specialty: 'Fumoir', bio: 'Maître fumeur depuis 20 ans.' });
    expect(await fieldsOf(await save(chef, { specialty: '   ' }))).toEqual({ specialty: null, bio: 'Maître fumeur depuis 20 ans.' });
    expect(await fieldsOf(await save(chef, { bio: null }))).toEqual({ specialty: null, bio: null });
    expect(await publicPage(chef.id)).toMatchObject({ specialty: null, bio: null });
  });

  it.each([
    ['a specialty of 81 characters', { specialty: 'x'.repeat(81) }, 'specialty', 'La spécialité ne peut pas dépasser 80 caractères.'],
    ['a bio of 2001 characters', { bio: 'x'.repeat(2001) }, 'bio', 'La biographie ne peut pas dépasser 2000 caractères.'],
    ['a specialty that is not text', { specialty: 42 }, 'specialty', expect.any(String)],
    ['an empty body', {}, '_', 'Rien à modifier.'],
    ['an unknown field (a role)', { specialty: 'Grillades', role: 'admin' }, 'role', 'Paramètre inconnu.'],
  ])('%s is refused with 400 naming the field, and nothing changes', async (_label, body, field, message) => {
    const chef = await chefAs('chef', 'Paul Roy');
    await save(chef, { specialty: 'Avant', bio: 'Bio avant.' });
    const res = await save(chef, body);
    expect(res.status).toBe(400);
    const error = await errorOf(res);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.fields?.[field]).toEqual(message);
    expect(await stored(chef.id)).toEqual({ specialty: 'Avant', bio: 'Bio avant.' });
  });

  it('takes exactly 80 and 2000 characters', async () => {
    const chef = await chefAs('chef', 'Nadia Côté');
    const res = await save(chef, { specialty: 'é'.repeat(80), bio: 'b'.repeat(2000) });
    expect(res.status).toBe(200);
    expect(await stored(chef.id)).toEqual({ specialty: 'é'.repeat(80), bio: 'b'.repeat(2000) });
  });
});

describe('the admin', () => {
  it("saves theirs; each change is audited with who, what changed, and the bio's length only", async () => {
    const admin = await chefAs('admin', 'Cheffe Admin');
    const res = await save(admin, { specialty: 'Cuisine québécoise de saison', bio: 'Vingt ans de cuisine.' });
    expect(res.status).toBe(200);
    const [entry] = await auditOf(admin.id);
    expect(entry).toMatchObject({
      actorId: admin.id,
      action: 'profile.chef_update',
      targetType: 'profile',
      targetId: admin.id,
      details: { changed: ['specialty', 'bio'], specialty: 'Cuisine québécoise de saison', bioLength: 21 },
    });
    expect(entry!.actorEmail).toMatch(/@exemple\.ca$/);

    // Only what changed is named; the same text again changes nothing and records nothing.
    await save(admin, { specialty: 'Cuisine québécoise de saison', bio: 'Trente ans de cuisine.' });
    const entries = await auditOf(admin.id);
    expect(entries).toHaveLength(2);
    expect(entries[0]!.details).toEqual({ changed: ['bio'], bioLength: 22 });
    await save(admin, { specialty: 'Cuisine québécoise de saison' });
    expect(await auditOf(admin.id)).toHaveLength(2);
  });

  it('a refused change leaves no audit entry', async () => {
    const admin = await chefAs('admin', 'Autre Admin');
    expect((await save(admin, { bio: 'x'.repeat(2001) })).status).toBe(400);
    const rows = await app.db.select().from(auditLog).where(and(eq(auditLog.targetType, 'profile'), eq(auditLog.targetId, admin.id)));
    expect(rows).toEqual([]);
  });
});
