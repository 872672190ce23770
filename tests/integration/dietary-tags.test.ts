// Allergen and diet tags (issue 28 point 5): the admin gives them on a recipe and on a course; the
// public lists filter on them (« Sans gluten » only among entries whose allergens were given, a vegan
// dish suits a vegetarian); bad tags are refused in French; the trail keeps them; the recipe's JSON-LD
// says which diets it suits.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIETARY_FILTERS, matchesDietaryFilter } from '@shared/dietary';
import type { ApiErrorBody } from '@shared/errors';
import type { AdminCourseResponse } from '@shared/schemas/admin-courses';
import type { AdminRecipeResponse } from '@shared/schemas/admin-recipes';
import type { CourseListResponse, RecipeListResponse, RecipeResponse } from '@shared/schemas/public';
import { auditLog } from '../../src/server/db/schema';
import { createCourse, createRecipe, setRole } from '../factories';
import { newSignedInUser, send } from '../setup/auth-client';
import { createTestApp, type TestApp } from '../setup/test-app';

let t: TestApp;
let admin: { id: string; cookie: string };
const ids: Record<string, string> = {};
const recipe = { category: 'main', durationMinutes: 30, ingredients: ['1 tasse de farine'], steps: ['Mélanger.'] } as const;

beforeAll(async () => {
  t = await createTestApp();
  admin = await newSignedInUser(t, 'Cheffe Admin');
  await setRole(t.db, admin.id, 'admin');
  const rows = [
    { name: 'Tourtière', allergens: ['gluten', 'eggs'], diets: [] },
    { name: 'Ratatouille', allergens: [], diets: ['vegetarian', 'vegan'] },
    { name: 'Crème brûlée', allergens: ['lactose', 'eggs'], diets: ['vegetarian'] },
    // From before the tags: nobody said what it contains.
    { name: 'Soupe mystère', allergens: null, diets: [] },
  ] as const;
  for (const r of rows) {
    ids[r.name] = (await createRecipe(t.db, { ...recipe, ingredients: [...recipe.ingredients], steps: [...recipe.steps], name: r.name, allergens: r.allergens === null ? null : [...r.allergens], diets: [...r.diets] })).id;
  }
});
afterAll(() => t.close());

const names = (body: RecipeListResponse) => body.recipes.map((r) => r.name).sort();

describe('the library filtered by « Régime et allergies »', () => {
  it('« Sans gluten » lists the recipes said to hold none, never one whose allergens are unknown', async () => {
    const { status, body } = await t.json<RecipeListResponse>('/api/recipes?diet=gluten_free');
    expect(status).toBe(200);
    expect(names(body)).toEqual(['Crème brûlée', 'Ratatouille']);
    expect(body.total).toBe(2);
  });

  it('« Végétarien » takes the vegan one too; « Végétalien » only it', async () => {
    expect(names((await t.json<RecipeListResponse>('/api/recipes?diet=vegetarian')).body)).toEqual(['Crème brûlée', 'Ratatouille']);
    expect(names((await t.json<RecipeListResponse>('/api/recipes?diet=vegan')).body)).toEqual(['Ratatouille']);
  });

  it('every filter lists exactly what the shared rule says (the browser uses the same)', async () => {
    const all = (await t.json<RecipeListResponse>('/api/recipes')).body.recipes;
    for (const diet of DIETARY_FILTERS) {
      const { body } = await t.json<RecipeListResponse>(`/api/recipes?diet=${diet}`);
      expect(names(body), diet).toEqual(all.filter((r) => matchesDietaryFilter(r, diet)).map((r) => r.name).sort());
    }
  });

  it('combines with the other filters and the search', async () => {
    expect(names((await t.json<RecipeListResponse>('/api/recipes?diet=egg_free&q=ratat')).body)).toEqual(['Ratatouille']);
    expect(names((await t.json<RecipeListResponse>('/api/recipes?diet=egg_free&category=dessert')).body)).toEqual([]);
  });

  it('an unknown filter is refused in French (400), not ignored', async () => {
    const { status, body } = await t.json<ApiErrorBody>('/api/recipes?diet=paleo');
    expect(status).toBe(400);
    expect(body.error.fields?.diet).toBe('Filtre « Régime et allergies » inconnu.');
  });

  it('the recipe page carries its tags, and its JSON-LD the diets it suits', async () => {
    const { body } = await t.json<RecipeResponse>(`/api/recipes/${ids['Ratatouille']}`);
    expect(body.recipe).toMatchObject({ allergens: [], diets: ['vegetarian', 'vegan'] });
    expect((await t.json<RecipeResponse>(`/api/recipes/${ids['Soupe mystère']}`)).body.recipe.allergens).toBeNull();
    const html = await (await t.app.request(`/recettes/${ids['Ratatouille']}`)).text();
    const ld = JSON.stringify([...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]));
    expect(ld).toContain('https://schema.org/VeganDiet');
    expect(ld).toContain('https://schema.org/GlutenFreeDiet');
    const unknown = await (await t.app.request(`/recettes/${ids['Soupe mystère']}`)).text();
    expect(unknown).not.toContain('GlutenFreeDiet');
  });
});

describe('the admin gives the tags', () => {
  const body = (over: Record<string, unknown> = {}) => ({
    name: 'Tarte au sucre',
    category: 'dessert',
    durationMinutes: 50,
    servings: 8,
    ingredients: ['1 abaisse de pâte brisée', '1 tasse de cassonade'],
    steps: ['Cuire 35 minutes.'],
    isPremium: false,
    description: '',
    ...over,
  });

  it('a recipe created with them keeps them in the list order, once each; the trail has them', async () => {
    const res = await send(t, 'POST', '/api/admin/recipes', { cookie: admin.cookie, body: body({ allergens: ['eggs', 'gluten', 'eggs'], diets: ['vegetarian'] }) });
    expect(res.status).toBe(201);
    const { recipe: created } = (await res.json()) as AdminRecipeResponse;
    expect(created).toMatchObject({ allergens: ['gluten', 'eggs'], diets: ['vegetarian'] });
    const [row] = await t.db.select().from(auditLog).where(eq(auditLog.targetId, created.id));
    expect(row!.details).toMatchObject({ allergens: ['gluten', 'eggs'], diets: ['vegetarian'] });
  });

  it('without them a new recipe\'s allergens stay unknown; an update without them leaves them as they were', async () => {
    const res = await send(t, 'POST', '/api/admin/recipes', { cookie: admin.cookie, body: body({ name: 'Sans étiquette' }) });
    const { recipe: created } = (await res.json()) as AdminRecipeResponse;
    expect(created).toMatchObject({ allergens: null, diets: [] });
    const given = await send(t, 'PUT', `/api/admin/recipes/${created.id}`, { cookie: admin.cookie, body: body({ name: 'Sans étiquette', allergens: [], diets: ['vegan'] }) });
    expect(((await given.json()) as AdminRecipeResponse).recipe).toMatchObject({ allergens: [], diets: ['vegan'] });
    const kept = await send(t, 'PUT', `/api/admin/recipes/${created.id}`, { cookie: admin.cookie, body: body({ name: 'Sans étiquette', servings: 4 }) });
    expect(((await kept.json()) as AdminRecipeResponse).recipe).toMatchObject({ servings: 4, allergens: [], diets: ['vegan'] });
  });

  it('an unknown tag is refused in French and nothing is written', async () => {
    const res = await send(t, 'POST', '/api/admin/recipes', { cookie: admin.cookie, body: body({ name: 'Refusée', allergens: ['sesame'] }) });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ApiErrorBody).error.fields?.['allergens.0']).toBe('Allergène inconnu.');
    const listed = (await t.json<RecipeListResponse>('/api/recipes?q=Refus')).body;
    expect(listed.total).toBe(0);
  });

  it('a course takes them too, and the catalogue filters on them', async () => {
    const teacher = await newSignedInUser(t, 'Chef Invité');
    await setRole(t.db, teacher.id, 'chef');
    const res = await send(t, 'POST', '/api/admin/courses', {
      cookie: admin.cookie,
      body: {
        title: 'Pâtes fraîches à la main',
        description: 'Farine, œufs et patience : la pâte, le laminage et trois formes.',
        priceCents: 5500,
        isLive: false,
        isPremium: false,
        difficulty: 'intermediate',
        durationMinutes: 120,
        cuisineType: 'Italienne',
        dietaryInfo: null,
        teacherId: teacher.id,
        status: 'draft',
        allergens: ['gluten', 'eggs'],
        diets: ['vegetarian'],
      },
    });
    expect(res.status).toBe(201);
    expect(((await res.json()) as AdminCourseResponse).course).toMatchObject({ allergens: ['gluten', 'eggs'], diets: ['vegetarian'] });
    await createCourse(t.db, { title: 'Salades sans gluten', status: 'published', allergens: ['nuts'], diets: ['vegan'] });
    await createCourse(t.db, { title: 'Cours sans étiquette', status: 'published' });
    const { body: free } = await t.json<CourseListResponse>('/api/courses?diet=gluten_free');
    expect(free.courses.map((c) => c.title)).toEqual(['Salades sans gluten']);
    const { body: veg } = await t.json<CourseListResponse>('/api/courses?diet=vegetarian');
    expect(veg.courses.map((c) => c.title)).toEqual(['Salades sans gluten']);
  });
});
