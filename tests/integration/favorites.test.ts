// Favourites: each user's own hearts, idempotent and safe to double-click, in the recipe list's
// shape, newest favourite first; unknown or malformed recipe ids are a French 404.
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@shared/errors';
import type { FavoriteIdsResponse, FavoriteRecipesResponse, FavoriteToggleResponse } from '@shared/schemas/account';
import type { RecipeListResponse } from '@shared/schemas/public';
import { favorites, recipes } from '../../src/server/db/schema';
import { createRecipe } from '../factories';
import { newSignedInUser, send } from '../setup/auth-client';
import { createTestApp, type TestApp } from '../setup/test-app';

let app: TestApp;
let tarte: { id: string };
let soupe: { id: string };
let pouding: { id: string };

beforeAll(async () => {
  app = await createTestApp();
  tarte = await createRecipe(app.db, { name: 'Tarte au sucre' });
  soupe = await createRecipe(app.db, { name: 'Soupe aux pois', category: 'main', isPremium: true });
  pouding = await createRecipe(app.db, { name: 'Pouding chômeur' });
});
afterAll(() => app.close());

const ids = async (cookie: string) =>
  ((await (await send(app, 'GET', '/api/favorites', { cookie })).json()) as FavoriteIdsResponse).recipeIds;

const rowsFor = async (userId: string, recipeId: string) =>
  (await app.db.select({ n: count() }).from(favorites).where(and(eq(favorites.userId, userId), eq(favorites.recipeId, recipeId))))[0]!.n;

describe('PUT and DELETE /api/favorites/:recipeId', () => {
  it('adds and removes, each as many times as asked, with the same answer', async () => {
    const user = await newSignedInUser(app);
    for (let i = 0; i < 2; i++) {
      const res = await send(app, 'PUT', `/api/favorites/${tarte.id}`, { cookie: user.cookie });
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(await res.json()).toEqual({ recipeId: tarte.id, favorite: true } satisfies FavoriteToggleResponse);
    }
    expect(await ids(user.cookie)).toEqual([tarte.id]);
    for (let i = 0; i < 2; i++) {
      const res = await send(app, 'DELETE', `/api/favorites/${tarte.id}`, { cookie: user.cookie });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ recipeId: tarte.id, favorite: false });
    }
    expect(await ids(user.cookie)).toEqual([]);
  });

  it('survives a double click: concurrent PUTs make one row, concurrent DELETEs remove it without error', async () => {
    const user = await newSignedInUser(app);
    const puts = await Promise.all(Array.from({ length: 5 }, () => send(app, 'PUT', `/api/favorites/${soupe.id}`, { cookie: user.cookie })));
    expect(puts.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await rowsFor(user.id, soupe.id)).toBe(1);
    const deletes = await Promise.all(Array.from({ length: 5 }, () => send(app, 'DELETE', `/api/favorites/${soupe.id}`, { cookie: user.cookie })));
    expect(deletes.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await rowsFor(user.id, soupe.id)).toBe(0);
  });

  it('accepts an id in capitals and answers it in its stored form', async () => {
    const user = await newSignedInUser(app);
    const res = await send(app, 'PUT', `/api/favorites/${pouding.id.toUpperCase()}`, { cookie: user.cookie });
    expect(res.status).toBe(200);
    expect(((await res.json()) as FavoriteToggleResponse).recipeId).toBe(pouding.id);
  });

  it.each([
    ['an unknown recipe', '00000000-0000-4000-8000-000000000000'],
    ['a malformed id', 'pas-un-identifiant'],
    ['an injection attempt', "1' OR '1'='1"],
  ])('%s → 404 in French, for PUT and DELETE', async (_label, id) => {
    const user = await newSignedInUser(app);
    for (const method of ['PUT', 'DELETE']) {
      const res = await send(app, method, `/api/favorites/${encodeURIComponent(id)}`, { cookie: user.cookie });
      expect(res.status).toBe(404);
      expect(((await res.json()) as ApiErrorBody).error).toMatchObject({ code: 'RECIPE_NOT_FOUND', message: "Cette recette n'a pas été trouvée." });
    }
  });

  it("one user's hearts are never another's", async () => {
    const alice = await newSignedInUser(app, 'Alice Fortin');
    const bruno = await newSignedInUser(app, 'Bruno Fortin');
    await send(app, 'PUT', `/api/favorites/${tarte.id}`, { cookie: alice.cookie });
    expect(await ids(bruno.cookie)).toEqual([]);
    // Bruno removing "his" favourite of the same recipe leaves Alice's.
    await send(app, 'DELETE', `/api/favorites/${tarte.id}`, { cookie: bruno.cookie });
    expect(await ids(alice.cookie)).toEqual([tarte.id]);
  });

  it('the favourite goes when its recipe is deleted', async () => {
    const user = await newSignedInUser(app);
    const gone = await createRecipe(app.db, { name: 'Recette éphémère' });
    await send(app, 'PUT', `/api/favorites/${gone.id}`, { cookie: user.cookie });
    await app.db.delete(recipes).where(eq(recipes.id, gone.id));
    expect(await ids(user.cookie)).toEqual([]);
    expect((await send(app, 'PUT', `/api/favorites/${gone.id}`, { cookie: user.cookie })).status).toBe(404);
  });
});

describe('GET /api/favorites/recipes', () => {
  it('lists the favourite recipes newest favourite first, in the recipe list shape', async () => {
    let t = Date.parse('2026-03-01T12:00:00Z');
    const clocked = await createTestApp({ now: () => new Date((t += 60_000)) });
    try {
      const [r1, r2, r3] = [
        await createRecipe(clocked.db, { name: 'Cretons' }),
        await createRecipe(clocked.db, { name: 'Tourtière', isPremium: true }),
        await createRecipe(clocked.db, { name: 'Grands-pères' }),
      ];
      const user = await newSignedInUser(clocked);
      for (const r of [r2, r1, r3]) await send(clocked, 'PUT', `/api/favorites/${r!.id}`, { cookie: user.cookie });
      // Adding again does not move a favourite.
      await send(clocked, 'PUT', `/api/favorites/${r2!.id}`, { cookie: user.cookie });

      const res = await send(clocked, 'GET', '/api/favorites/recipes', { cookie: user.cookie });
      expect(res.status).toBe(200);
      const { recipes: list } = (await res.json()) as FavoriteRecipesResponse;
      expect(list.map((r) => r.name)).toEqual(['Grands-pères', 'Cretons', 'Tourtière']);
      const catalogue = ((await (await clocked.request('/api/recipes')).json()) as RecipeListResponse).recipes;
      for (const recipe of list) expect(recipe).toEqual(catalogue.find((c) => c.id === recipe.id));
      const idsRes = (await (await send(clocked, 'GET', '/api/favorites', { cookie: user.cookie })).json()) as FavoriteIdsResponse;
      expect(idsRes.recipeIds).toEqual([r3!.id, r1!.id, r2!.id]);
    } finally {
      await clocked.close();
    }
  });

  it('is empty for a new account', async () => {
    const user = await newSignedInUser(app);
    expect(await (await send(app, 'GET', '/api/favorites/recipes', { cookie: user.cookie })).json()).toEqual({ recipes: [] });
  });
});

describe('access', () => {
  it.each([
    ['GET', '/api/favorites'],
    ['GET', '/api/favorites/recipes'],
    ['PUT', '/api/favorites/00000000-0000-4000-8000-000000000000'],
    ['DELETE', '/api/favorites/00000000-0000-4000-8000-000000000000'],
  ])('%s %s → 401 in French for a visitor', async (method, path) => {
    const res = await send(app, method, path);
    expect(res.status).toBe(401);
    expect(((await res.json()) as ApiErrorBody).error.message).toBe('Connexion requise.');
  });

  it('a cross-site or origin-less PUT changes nothing (403)', async () => {
    const user = await newSignedInUser(app);
    const evil = await app.request(`/api/favorites/${tarte.id}`, {
      method: 'PUT',
      headers: { origin: 'https://evil.example', cookie: `toque.session_token=${user.cookie}` },
    });
    expect(evil.status).toBe(403);
    const bare = await app.request(`/api/favorites/${tarte.id}`, { method: 'PUT', headers: { cookie: `toque.session_token=${user.cookie}` } });
    expect(bare.status).toBe(403);
    expect(await rowsFor(user.id, tarte.id)).toBe(0);
  });
});
