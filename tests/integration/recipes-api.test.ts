// GET /api/recipes and /api/recipes/:id on the real database: search, filters, order, paging,
// the premium lock, and bad input answered in French (never a 500).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@shared/errors';
import type { RecipeListResponse, RecipeResponse } from '@shared/schemas/public';
import { createRecipe } from '../factories';
import { createTestApp, type TestApp } from '../setup/test-app';

let t: TestApp;
const ids: Record<string, string> = {};
const at = (minutesAgo: number) => new Date(Date.UTC(2026, 0, 15, 12) - minutesAgo * 60_000);

beforeAll(async () => {
  t = await createTestApp();
  const free = { ingredients: ['1 tasse de farine'], steps: ['Mélanger.'] };
  const rows = [
    { name: 'Soupe aux pois', category: 'starter', durationMinutes: 29, createdAt: at(60) },
    { name: 'Pouding chômeur', category: 'dessert', durationMinutes: 30, createdAt: at(50) },
    { name: 'Tarte au sucre', category: 'dessert', durationMinutes: 60, createdAt: at(40) },
    { name: 'Tourtière', category: 'main', durationMinutes: 61, createdAt: at(30) },
    { name: 'Caribou 100% maison', category: 'drink', durationMinutes: 10, createdAt: at(20) },
    { name: 'Cidre_chaud épicé', category: 'drink', durationMinutes: 15, createdAt: at(10) },
    {
      name: 'Bûche à l’érable',
      category: 'dessert',
      durationMinutes: 90,
      isPremium: true,
      ingredients: ['SECRET-INGREDIENT sirop d’érable réduit'],
      steps: ['SECRET-STEP monter la crème à l’érable'],
      createdAt: at(0),
    },
  ] as const;
  for (const r of rows) {
    const { ingredients, steps } = 'ingredients' in r ? { ingredients: [...r.ingredients], steps: [...r.steps] } : free;
    ids[r.name] = (await createRecipe(t.db, { ...r, ingredients, steps })).id;
  }
});
afterAll(() => t.close());

const names = (body: RecipeListResponse) => body.recipes.map((r) => r.name);

describe('GET /api/recipes', () => {
  it('lists every recipe, newest first, with the total', async () => {
    const { status, body } = await t.json<RecipeListResponse>('/api/recipes');
    expect(status).toBe(200);
    expect(body.total).toBe(7);
    expect(names(body)).toEqual([
      'Bûche à l’érable',
      'Cidre_chaud épicé',
      'Caribou 100% maison',
      'Tourtière',
      'Tarte au sucre',
      'Pouding chômeur',
      'Soupe aux pois',
    ]);
    // Summaries never carry ingredients or steps.
    expect(body.recipes[0]).not.toHaveProperty('ingredients');
    expect(JSON.stringify(body)).not.toContain('SECRET');
  });

  it('searches names by a part, whatever the case', async () => {
    expect(names((await t.json<RecipeListResponse>('/api/recipes?q=TARTE')).body)).toEqual(['Tarte au sucre']);
    expect(names((await t.json<RecipeListResponse>('/api/recipes?q=%20ouding%20')).body)).toEqual(['Pouding chômeur']);
    const none = await t.json<RecipeListResponse>('/api/recipes?q=lasagne');
    expect(none.body).toEqual({ recipes: [], total: 0 });
  });

  it('takes % and _ in a search literally', async () => {
    expect(names((await t.json<RecipeListResponse>('/api/recipes?q=%25')).body)).toEqual(['Caribou 100% maison']);
    expect(names((await t.json<RecipeListResponse>('/api/recipes?q=_')).body)).toEqual(['Cidre_chaud épicé']);
  });

  it('filters by category and combines with the search', async () => {
    expect(names((await t.json<RecipeListResponse>('/api/recipes?category=drink')).body)).toEqual([
      'Cidre_chaud épicé',
      'Caribou 100% maison',
    ]);
    const both = await t.json<RecipeListResponse>('/api/recipes?category=dessert&q=tarte');
    expect(names(both.body)).toEqual(['Tarte au sucre']);
    expect(both.body.total).toBe(1);
  });

  it('filters by duration: under 30, 30 to 60 inclusive, over 60', async () => {
    expect(names((await t.json<RecipeListResponse>('/api/recipes?duration=lt30')).body)).toEqual([
      'Cidre_chaud épicé',
      'Caribou 100% maison',
      'Soupe aux pois',
    ]);
    expect(names((await t.json<RecipeListResponse>('/api/recipes?duration=30to60')).body)).toEqual([
      'Tarte au sucre',
      'Pouding chômeur',
    ]);
    expect(names((await t.json<RecipeListResponse>('/api/recipes?duration=gt60')).body)).toEqual(['Bûche à l’érable', 'Tourtière']);
  });

  it('pages with limit and offset, the total counting every match', async () => {
    const page = await t.json<RecipeListResponse>('/api/recipes?limit=2&offset=2');
    expect(names(page.body)).toEqual(['Caribou 100% maison', 'Tourtière']);
    expect(page.body.total).toBe(7);
    const past = await t.json<RecipeListResponse>('/api/recipes?limit=2&offset=50&category=dessert');
    expect(past.body).toEqual({ recipes: [], total: 3 });
  });

  it.each([
    ['/api/recipes?category=soupe', 'category', 'Catégorie de recette inconnue.'],
    ['/api/recipes?duration=long', 'duration', 'Filtre de durée inconnu.'],
    ['/api/recipes?sort=name', 'sort', 'Paramètre inconnu.'],
    [`/api/recipes?q=${'a'.repeat(101)}`, 'q', 'La recherche est trop longue (100 caractères au plus).'],
    [`/api/recipes?q=${'é'.repeat(5000)}`, 'q', 'La recherche est trop longue (100 caractères au plus).'],
  ])('refuses %s with a French 400', async (url, field, message) => {
    const { status, body } = await t.json<ApiErrorBody>(url);
    expect(status).toBe(400);
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.message).toBe('Certaines informations sont invalides. Vérifiez les champs indiqués.');
    expect(body.error.fields?.[field]).toBe(message);
  });

  it('refuses a NUL character (which PostgreSQL text cannot hold) with a 400, not a 500', async () => {
    const { status, body } = await t.json<ApiErrorBody>('/api/recipes?q=tar%00te');
    expect(status).toBe(400);
    expect(body.error.fields).toEqual({ q: 'Ce champ contient un caractère non permis.' });
  });

  it('takes a backslash or broken percent-encoding as plain text', async () => {
    for (const q of ['%5C', '%ZZ', '%C0']) {
      const { status, body } = await t.json<RecipeListResponse>(`/api/recipes?q=${q}`);
      expect(status, q).toBe(200);
      expect(body.total).toBe(0);
    }
  });

  it.each(['limit=abc', 'limit=0', 'limit=101', 'offset=-1'])('refuses %s with a 400 in French', async (query) => {
    const { status, body } = await t.json<ApiErrorBody>(`/api/recipes?${query}`);
    expect(status).toBe(400);
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(Object.values(body.error.fields ?? {})[0]).toMatch(/[a-zé]/);
  });
});

describe('GET /api/recipes/:id', () => {
  it('gives a free recipe whole', async () => {
    const { status, body } = await t.json<RecipeResponse>(`/api/recipes/${ids['Tarte au sucre']}`);
    expect(status).toBe(200);
    expect(body.recipe).toMatchObject({
      name: 'Tarte au sucre',
      category: 'dessert',
      durationMinutes: 60,
      isPremium: false,
      locked: false,
      ingredients: ['1 tasse de farine'],
      steps: ['Mélanger.'],
    });
  });

  it('locks a premium recipe for a visitor: no ingredients, no steps, anywhere in the answer', async () => {
    const res = await t.request(`/api/recipes/${ids['Bûche à l’érable']}`);
    const text = await res.text();
    expect(res.status).toBe(200);
    const { recipe } = JSON.parse(text) as RecipeResponse;
    expect(recipe).toMatchObject({ isPremium: true, locked: true, ingredients: null, steps: null });
    expect(text).not.toContain('SECRET');
  });

  it.each(['not-a-uuid', '123', '00000000-0000-4000-8000-000000000000', "1' or '1'='1"])(
    'answers %s with 404 RECIPE_NOT_FOUND',
    async (id) => {
      const { status, body } = await t.json<ApiErrorBody>(`/api/recipes/${encodeURIComponent(id)}`);
      expect(status).toBe(404);
      expect(body.error).toMatchObject({ code: 'RECIPE_NOT_FOUND', message: "Cette recette n'a pas été trouvée." });
    },
  );
});
