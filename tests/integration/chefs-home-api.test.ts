// GET /api/chefs, /api/chefs/:id and /api/home on the real database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@shared/errors';
import type { ChefListResponse, ChefResponse, HomeData } from '@shared/schemas/public';
import { createChef, createCourse, createRecipe, createSession, createUser } from '../factories';
import { createTestApp, type TestApp } from '../setup/test-app';

const NOW = new Date('2026-03-01T12:00:00.000Z');
const inHours = (h: number) => new Date(NOW.getTime() + h * 3_600_000);
const at = (minutesAgo: number) => new Date(NOW.getTime() - minutesAgo * 60_000);
const PRIVATE = ['514-555-0199', '7 rue du Secret', '418-555-0000', 'phone', 'address', 'province'];

let t: TestApp;
let admin: { id: string };
let guest: { id: string };
const courseIds: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
  guest = await createChef(t.db, { fullName: 'Marc Gagnon', specialty: null, bio: null, phone: '418-555-0000' });
  admin = await createChef(t.db, {
    fullName: 'Julie Tremblay',
    role: 'admin',
    specialty: 'Cuisine du terroir',
    phone: '514-555-0199',
    address: '7 rue du Secret',
    province: 'QC',
  });
  await createChef(t.db, { fullName: 'Amélie Roy' });
  await createUser(t.db, { fullName: 'Aaron Apprenant', role: 'learner', phone: '514-555-0199' });

  // Five live courses with sessions (home shows the 3 soonest), one live without a session, one recorded.
  const live = [
    ['Cours à J+5', 120],
    ['Cours à J+1', 24],
    ['Cours à J+3', 72],
    ['Cours à J+2', 48],
    ['Cours à J+9', 216],
  ] as const;
  for (const [i, [title, hours]] of live.entries()) {
    const id = (await createCourse(t.db, { title, isLive: true, teacherId: admin.id, createdAt: at(100 - i) })).id;
    await createSession(t.db, id, { startsAt: inHours(hours) });
    courseIds[title] = id;
  }
  await createCourse(t.db, { title: 'En direct sans séance', isLive: true, teacherId: admin.id, createdAt: at(5) });
  courseIds.recorded = (await createCourse(t.db, { title: 'Vidéo de Marc', isLive: false, teacherId: guest.id, createdAt: at(3) })).id;
  courseIds.liveOld = (await createCourse(t.db, { title: 'Ancien cours en direct de Marc', isLive: true, teacherId: guest.id, createdAt: at(300) })).id;
  await createCourse(t.db, { title: 'Brouillon de Marc', isLive: false, teacherId: guest.id, status: 'draft', createdAt: at(1) });

  for (const [i, name] of ['Recette 1', 'Recette 2', 'Recette 3', 'Recette 4'].entries()) {
    await createRecipe(t.db, { name, createdAt: at(50 - i) });
  }
});
afterAll(() => t.close());

describe('GET /api/chefs', () => {
  it('lists chefs and the admin by full name, public fields only', async () => {
    const res = await t.request('/api/chefs');
    const text = await res.text();
    expect(res.status).toBe(200);
    for (const secret of PRIVATE) expect(text).not.toContain(secret);
    const { chefs } = JSON.parse(text) as ChefListResponse;
    expect(chefs.map((c) => c.fullName)).toEqual(['Amélie Roy', 'Julie Tremblay', 'Marc Gagnon']);
    expect(Object.keys(chefs[1]!).sort()).toEqual(['avatarUrl', 'bio', 'fullName', 'id', 'specialty']);
    expect(chefs.find((c) => c.id === guest.id)).toMatchObject({ specialty: null, bio: null });
  });

  it('refuses unknown parameters', async () => {
    const { status, body } = await t.json<ApiErrorBody>('/api/chefs?role=admin');
    expect(status).toBe(400);
    expect(body.error.fields).toEqual({ role: 'Paramètre inconnu.' });
  });
});

describe('GET /api/chefs/:id', () => {
  it('gives a chef and their published courses, newest first (live or not)', async () => {
    const res = await t.request(`/api/chefs/${guest.id}`);
    const text = await res.text();
    expect(res.status).toBe(200);
    for (const secret of PRIVATE) expect(text).not.toContain(secret);
    const body = JSON.parse(text) as ChefResponse;
    expect(body.chef).toMatchObject({ id: guest.id, fullName: 'Marc Gagnon' });
    expect(body.courses.map((c) => c.title)).toEqual(['Vidéo de Marc', 'Ancien cours en direct de Marc']);
  });

  it.each([
    ['a learner', async () => (await t.db.query.profiles.findFirst({ where: (p, { eq }) => eq(p.role, 'learner') }))!.userId],
    ['an unknown id', async () => 'user_inconnu'],
    ['a malformed id', async () => 'pas un id!'],
    ['a too long id', async () => 'a'.repeat(65)],
  ])('answers %s with 404 CHEF_NOT_FOUND', async (_label, id) => {
    const { status, body } = await t.json<ApiErrorBody>(`/api/chefs/${encodeURIComponent(await id())}`);
    expect(status).toBe(404);
    expect(body.error).toMatchObject({ code: 'CHEF_NOT_FOUND', message: 'Chef non trouvé.' });
  });
});

describe('GET /api/home', () => {
  it('gives the 3 soonest live courses, the 3 newest recipes and the admin chef', async () => {
    const res = await t.request('/api/home');
    const text = await res.text();
    expect(res.status).toBe(200);
    for (const secret of PRIVATE) expect(text).not.toContain(secret);
    const home = JSON.parse(text) as HomeData;
    expect(home.courses.map((c) => c.title)).toEqual(['Cours à J+1', 'Cours à J+2', 'Cours à J+3']);
    expect(home.courses[0]?.nextSessionAt).toBe(inHours(24).toISOString());
    expect(home.recipes.map((r) => r.name)).toEqual(['Recette 4', 'Recette 3', 'Recette 2']);
    expect(home.chef).toMatchObject({ id: admin.id, fullName: 'Julie Tremblay', specialty: 'Cuisine du terroir' });
  });
});
