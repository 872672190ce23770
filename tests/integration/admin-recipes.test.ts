// /api/admin/recipes (issue 7 point 2): the admin alone lists, searches, creates, updates and
// deletes recipes and sends their pictures (checked like avatars); every write leaves an audit row
// written with it; blank lines never reach the database; the public pages see each change at once.
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@shared/errors';
import {
  RECIPE_ID_FIELD,
  RECIPE_IMAGE_FIELD,
  RECIPE_IMAGE_MAX_BYTES,

  type AdminRecipeListResponse,
  type AdminRecipeResponse,
} from '@shared/schemas/admin-recipes';
import type { RecipeListResponse, RecipeResponse } from '@shared/schemas/public';
import { auditLog, recipes } from '../../src/server/db/schema';
import { createRecipe, putImage, setRole } from '../factories';
import { gifDeclaring, imageBytes } from '../factories/images';
import { newSignedInUser, send, sendForm } from '../setup/auth-client';
import { createTestApp, type TestApp } from '../setup/test-app';

let t: TestApp;
let admin: { id: string; cookie: string };
let learner: { id: string; cookie: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await newSignedInUser(t, 'Cheffe Admin');
  await setRole(t.db, admin.id, 'admin');
  learner = await newSignedInUser(t, 'Léa Apprenante');
});
afterAll(() => t.close());

const read = async <T>(res: Response) => (await res.json()) as T;
const errorOf = async (res: Response) => (await read<ApiErrorBody>(res)).error;

const valid = (overrides: Record<string, unknown> = {}) => ({
  name: 'Pouding chômeur',
  category: 'dessert',
  durationMinutes: 45,
  servings: 6,
  ingredients: ['250 ml de farine', '500 ml de sirop d’érable'],
  steps: ['Préchauffer le four à 180 °C.', 'Cuire 35 minutes.'],
  isPremium: false,
  description: 'Le dessert du temps des sucres.',
  ...overrides,
});

const create = (body: unknown, cookie = admin.cookie) => send(t, 'POST', '/api/admin/recipes', { cookie, body });
const created = async (overrides: Record<string, unknown> = {}) => {
  const res = await create(valid(overrides));
  expect(res.status).toBe(201);
  return (await read<AdminRecipeResponse>(res)).recipe;
};
const list = async (q?: string) =>
  read<AdminRecipeListResponse>(await send(t, 'GET', `/api/admin/recipes${q === undefined ? '' : `?q=${encodeURIComponent(q)}`}`, { cookie: admin.cookie }));

function imageForm(recipeId: string, bytes: Buffer | string, name = 'photo.png', type = 'image/png'): FormData {
  const form = new FormData();
  form.set(RECIPE_ID_FIELD, recipeId);
  form.set(RECIPE_IMAGE_FIELD, new File([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], name, { type }));
  return form;
}
const upload = (recipeId: string, bytes: Buffer | string, name?: string, type?: string, cookie = admin.cookie) =>
  sendForm(t, '/api/admin/recipes/image', imageForm(recipeId, bytes, name, type), cookie);

const auditOf = (recipeId: string) =>
  t.db.select().from(auditLog).where(and(eq(auditLog.targetType, 'recipe'), eq(auditLog.targetId, recipeId))).orderBy(auditLog.createdAt);

const publicRecipe = async (id: string) => {
  const res = await t.request(`/api/recipes/${id}`);
  return { status: res.status, recipe: res.status === 200 ? (await read<RecipeResponse>(res)).recipe : null };
};

describe('who may call it', () => {
  const someId = '00000000-0000-4000-8000-000000000000';
  const calls: [string, string, unknown?][] = [
    ['GET', '/api/admin/recipes'],
    ['GET', `/api/admin/recipes/${someId}`],
    ['POST', '/api/admin/recipes', valid()],
    ['PUT', `/api/admin/recipes/${someId}`, valid()],
    ['PATCH', `/api/admin/recipes/${someId}`, valid()],
    ['DELETE', `/api/admin/recipes/${someId}`],
    ['DELETE', `/api/admin/recipes/${someId}/image`],
  ];

  it.each(calls)('%s %s: 401 to a visitor, 403 to a learner, and nothing changes', async (method, path, body) => {
    const before = await t.db.select({ id: recipes.id }).from(recipes);
    const visitor = await send(t, method, path, { body });
    expect(visitor.status).toBe(401);
    expect((await errorOf(visitor)).code).toBe('UNAUTHENTICATED');
    const refused = await send(t, method, path, { cookie: learner.cookie, body });
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).code).toBe('FORBIDDEN');
    expect(await t.db.select({ id: recipes.id }).from(recipes)).toHaveLength(before.length);
  });

  it('the image upload: 401 to a visitor, 403 to a learner, the recipe keeps its picture', async () => {
    const recipe = await createRecipe(t.db, { name: 'Soupe aux pois', imageUrl: null });
    const png = await imageBytes('png');
    expect((await sendForm(t, '/api/admin/recipes/image', imageForm(recipe.id, png))).status).toBe(401);
    const refused = await upload(recipe.id, png, 'photo.png', 'image/png', learner.cookie);
    expect(refused.status).toBe(403);
    const [row] = await t.db.select({ imageUrl: recipes.imageUrl }).from(recipes).where(eq(recipes.id, recipe.id));
    expect(row!.imageUrl).toBeNull();
  });

  it('a guest chef is refused too (403)', async () => {
    const chef = await newSignedInUser(t, 'Chef Invité');
    await setRole(t.db, chef.id, 'chef');
    expect((await create(valid(), chef.cookie)).status).toBe(403);
  });
});

describe('list and search', () => {
  it('newest first, case-insensitive part of the name, paged with the total', async () => {
    const a = await created({ name: 'Tourtière du Lac' });
    const b = await created({ name: 'Cretons maison' });
    const c = await created({ name: 'TOURTIÈRE express' });
    const all = await list();
    const ids = all.recipes.map((r) => r.id);
    expect(ids.indexOf(c.id)).toBeLessThan(ids.indexOf(b.id));
    expect(ids.indexOf(b.id)).toBeLessThan(ids.indexOf(a.id));
    const found = await list('tourtière');
    expect(found.recipes.map((r) => r.id)).toEqual([c.id, a.id]);
    expect(found.total).toBe(2);
    // Full recipes for the form: ingredients and steps of a premium one too.
    expect(found.recipes[0]).toMatchObject({ ingredients: valid().ingredients, steps: valid().steps });

    const page = await read<AdminRecipeListResponse>(await send(t, 'GET', '/api/admin/recipes?q=tourti&limit=1&offset=1', { cookie: admin.cookie }));
    expect(page.recipes.map((r) => r.id)).toEqual([a.id]);
    expect(page.total).toBe(2);
    // LIKE's wildcards are plain characters here.
    expect((await list('%')).recipes).toEqual([]);
  });

  it('ignores accents and case on both sides: « erable » finds « érable », « CRÈME » finds « creme »', async () => {
    const maple = await created({ name: 'Tarte à l’ÉRABLE' });
    const cream = await created({ name: 'Soupe creme de celeri' });
    expect((await list('erable')).recipes.map((r) => r.id)).toEqual([maple.id]);
    expect((await list('tarte a l’érable')).recipes.map((r) => r.id)).toEqual([maple.id]);
    expect((await list('CRÈME DE CÉLERI')).recipes.map((r) => r.id)).toEqual([cream.id]);
  });

  it('refuses an unknown parameter or a too long search in French (400)', async () => {
    const unknown = await send(t, 'GET', '/api/admin/recipes?categorie=x', { cookie: admin.cookie });
    expect(unknown.status).toBe(400);
    expect((await errorOf(unknown)).fields).toEqual({ categorie: 'Paramètre inconnu.' });
    const long = await send(t, 'GET', `/api/admin/recipes?q=${'a'.repeat(101)}`, { cookie: admin.cookie });
    expect(long.status).toBe(400);
    expect((await errorOf(long)).fields?.q).toBe('La recherche est trop longue (100 caractères au plus).');
  });
});

describe('create, update, delete', () => {
  it('creates a recipe (201) with an audit row, and the public library and page show it at once', async () => {
    // Read once as a visitor first: the cached answers must be dropped by the write.
    const before = await read<RecipeListResponse>(await t.request('/api/recipes?q=Grands-pères'));
    expect(before.total).toBe(0);
    const recipe = await created({ name: 'Grands-pères au sirop', isPremium: true, servings: 4 });
    expect(recipe).toMatchObject({ name: 'Grands-pères au sirop', category: 'dessert', durationMinutes: 45, servings: 4, isPremium: true, imageUrl: null });

    const after = await read<RecipeListResponse>(await t.request('/api/recipes?q=Grands-pères'));
    expect(after.recipes.map((r) => r.id)).toEqual([recipe.id]);
    const shown = await publicRecipe(recipe.id);
    // Premium: a visitor sees it locked.
    expect(shown.recipe).toMatchObject({ name: 'Grands-pères au sirop', locked: true, ingredients: null, imageUrl: null });
    const page = await t.request(`/recettes/${recipe.id}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Grands-pères au sirop');

    const audit = await auditOf(recipe.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: admin.id, action: 'recipe.create', targetType: 'recipe', targetId: recipe.id });
    expect(audit[0]!.details).toMatchObject({ name: 'Grands-pères au sirop', isPremium: true });
  });

  it('drops blank lines and trims each line, from arrays or textarea text alike', async () => {
    const fromArrays = await created({
      ingredients: ['  2 œufs ', '', '   ', '1 tasse de lait'],
      steps: ['', 'Battre les œufs.', '\t', 'Ajouter le lait.  '],
    });
    expect(fromArrays.ingredients).toEqual(['2 œufs', '1 tasse de lait']);
    expect(fromArrays.steps).toEqual(['Battre les œufs.', 'Ajouter le lait.']);
    const fromText = await created({ ingredients: '2 œufs\r\n\r\n1 tasse de lait\n\n', steps: '\nBattre.\n   \nCuire.' });
    expect(fromText.ingredients).toEqual(['2 œufs', '1 tasse de lait']);
    expect(fromText.steps).toEqual(['Battre.', 'Cuire.']);
    const [row] = await t.db.select().from(recipes).where(eq(recipes.id, fromText.id));
    expect(row!.ingredients).toEqual(['2 œufs', '1 tasse de lait']);
    expect(row!.steps).toEqual(['Battre.', 'Cuire.']);
  });

  it('refuses missing or bad fields with French messages (400), writing nothing', async () => {
    const count = async () => (await t.db.select({ id: recipes.id }).from(recipes)).length;
    const before = await count();
    const res = await create({ name: '  ', category: 'soupe', durationMinutes: '', ingredients: ['', '  '], steps: '\n\n' });
    expect(res.status).toBe(400);
    const error = await errorOf(res);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.message).toBe('Certaines informations sont invalides. Vérifiez les champs indiqués.');
    expect(error.fields).toEqual({
      name: 'Le nom de la recette est requis.',
      category: 'Choisissez une catégorie.',
      durationMinutes: 'La durée doit être un nombre entier de minutes, de 1 à 1 440.',
      ingredients: 'Indiquez au moins un ingrédient.',
      steps: 'Indiquez au moins une étape de préparation.',
    });
    const other = await create(valid({ servings: 0, durationMinutes: 12.5, isPremium: 'oui', role: 'admin' }));
    expect(other.status).toBe(400);
    expect((await errorOf(other)).fields).toEqual({
      servings: 'Le nombre de portions doit être un nombre entier de 1 à 100.',
      durationMinutes: 'La durée doit être un nombre entier de minutes, de 1 à 1 440.',
      isPremium: 'Valeur « premium » invalide.',
      role: 'Paramètre inconnu.',
    });
    const missing = await create({});
    expect((await errorOf(missing)).fields).toMatchObject({ name: 'Le nom de la recette est requis.', ingredients: 'Indiquez au moins un ingrédient.' });
    expect(await count()).toBe(before);
  });

  it('updates with PUT or PATCH (audit row with before and after), the public page follows', async () => {
    const recipe = await created({ name: 'Fèves au lard' });
    expect((await publicRecipe(recipe.id)).recipe?.name).toBe('Fèves au lard'); // now cached
    const res = await send(t, 'PUT', `/api/admin/recipes/${recipe.id}`, {
      cookie: admin.cookie,
      body: valid({ name: 'Fèves au lard à l’érable', category: 'main', durationMinutes: 300, ingredients: 'fèves\n\nlard\nérable' }),
    });
    expect(res.status).toBe(200);
    const updated = (await read<AdminRecipeResponse>(res)).recipe;
    expect(updated).toMatchObject({ id: recipe.id, name: 'Fèves au lard à l’érable', category: 'main', durationMinutes: 300, ingredients: ['fèves', 'lard', 'érable'] });
    expect((await publicRecipe(recipe.id)).recipe).toMatchObject({ name: 'Fèves au lard à l’érable', category: 'main', ingredients: ['fèves', 'lard', 'érable'] });

    const patched = await send(t, 'PATCH', `/api/admin/recipes/${recipe.id}`, { cookie: admin.cookie, body: valid({ name: 'Fèves au lard' }) });
    expect(patched.status).toBe(200);
    const audit = await auditOf(recipe.id);
    expect(audit.map((a) => a.action)).toEqual(['recipe.create', 'recipe.update', 'recipe.update']);
    expect(audit[1]!.details).toMatchObject({ before: { name: 'Fèves au lard' }, after: { name: 'Fèves au lard à l’érable', category: 'main' } });

    const bad = await send(t, 'PUT', `/api/admin/recipes/${recipe.id}`, { cookie: admin.cookie, body: valid({ steps: [] }) });
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).fields).toEqual({ steps: 'Indiquez au moins une étape de préparation.' });
    expect((await auditOf(recipe.id)).length).toBe(3);
  });

  it('deletes (audit row kept), the public page answers 404 after; a second delete is 404 RECIPE_NOT_FOUND', async () => {
    const recipe = await created({ name: 'Tire sur la neige' });
    expect((await publicRecipe(recipe.id)).status).toBe(200);
    const res = await send(t, 'DELETE', `/api/admin/recipes/${recipe.id}`, { cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: recipe.id, deleted: true });
    expect((await publicRecipe(recipe.id)).status).toBe(404);
    expect((await list('Tire sur la neige')).total).toBe(0);
    expect((await auditOf(recipe.id)).map((a) => a.action)).toEqual(['recipe.create', 'recipe.delete']);

    const again = await send(t, 'DELETE', `/api/admin/recipes/${recipe.id}`, { cookie: admin.cookie });
    expect(again.status).toBe(404);
    expect(await errorOf(again)).toMatchObject({ code: 'RECIPE_NOT_FOUND', message: "Cette recette n'a pas été trouvée." });
  });

  it('an unknown or malformed id is 404 RECIPE_NOT_FOUND on read, update, delete and image', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    for (const id of [missing, 'pas-un-uuid']) {
      expect((await send(t, 'GET', `/api/admin/recipes/${id}`, { cookie: admin.cookie })).status).toBe(404);
      const put = await send(t, 'PUT', `/api/admin/recipes/${id}`, { cookie: admin.cookie, body: valid() });
      expect(put.status).toBe(404);
      expect((await errorOf(put)).code).toBe('RECIPE_NOT_FOUND');
      expect((await send(t, 'DELETE', `/api/admin/recipes/${id}`, { cookie: admin.cookie })).status).toBe(404);
      expect((await upload(id, await imageBytes('png'))).status).toBe(404);
    }
  });

  it('a JSON body that is not JSON is a 400 in French', async () => {
    const res = await t.request('/api/admin/recipes', {
      method: 'POST',
      headers: { origin: 'http://toque.test', cookie: `toque.session_token=${admin.cookie}`, 'content-type': 'application/json' },
      body: '{pas du json',
    });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toBe('Le contenu JSON envoyé est illisible.');
  });
});

describe('the picture', () => {
  it('a real PNG is re-encoded as a 1200 × 800 WebP, served under /media, shown by the public page; audited', async () => {
    const recipe = await created({ name: 'Sucre à la crème' });
    const res = await upload(recipe.id, await imageBytes('png', 600, 600), 'sucre.png');
    expect(res.status).toBe(200);
    const { recipe: withImage } = await read<AdminRecipeResponse>(res);
    expect(withImage.imageUrl).toMatch(/^\/media\/recipes\/[0-9a-f-]{36}\.webp$/);
    const served = await t.request(withImage.imageUrl!);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(await sharp(Buffer.from(await served.arrayBuffer())).metadata()).toMatchObject({ format: 'webp', width: 1200, height: 800 });
    expect((await publicRecipe(recipe.id)).recipe?.imageUrl).toBe(withImage.imageUrl);
    expect((await auditOf(recipe.id)).map((a) => a.action)).toEqual(['recipe.create', 'recipe.image']);

    // A second picture replaces the first, whose file goes.
    const second = (await read<AdminRecipeResponse>(await upload(recipe.id, await imageBytes('jpeg'), 'b.jpg', 'image/jpeg'))).recipe.imageUrl!;
    expect(second).not.toBe(withImage.imageUrl);
    expect((await t.request(withImage.imageUrl!)).status).toBe(404);
    // Removing it goes back to the placeholder (null) and removes the file.
    const removed = await send(t, 'DELETE', `/api/admin/recipes/${recipe.id}/image`, { cookie: admin.cookie });
    expect((await read<AdminRecipeResponse>(removed)).recipe.imageUrl).toBeNull();
    expect((await t.request(second)).status).toBe(404);
    expect((await publicRecipe(recipe.id)).recipe?.imageUrl).toBeNull();
  });

  it('deleting a recipe removes its uploaded picture but never a seed picture', async () => {
    const own = await created({ name: 'Beignes' });
    const url = (await read<AdminRecipeResponse>(await upload(own.id, await imageBytes('png')))).recipe.imageUrl!;
    await send(t, 'DELETE', `/api/admin/recipes/${own.id}`, { cookie: admin.cookie });
    expect((await t.request(url)).status).toBe(404);

    const seedUrl = await putImage(t.deps.storage, 'seed/recipes/beignes.webp', 300, 200);
    const seeded = await createRecipe(t.db, { name: 'Beignes de la seed', imageUrl: seedUrl });
    await send(t, 'DELETE', `/api/admin/recipes/${seeded.id}`, { cookie: admin.cookie });
    expect(await t.deps.storage.exists('seed/recipes/beignes.webp')).toBe(true);
  });

  it('a text file named .png → 415 in French, nothing stored', async () => {
    const recipe = await created({ name: 'Galettes' });
    const res = await upload(recipe.id, 'Bonjour, je ne suis pas une image.\n', 'photo.png', 'image/png');
    expect(res.status).toBe(415);
    expect(await errorOf(res)).toMatchObject({ code: 'UNSUPPORTED_IMAGE_TYPE', message: "Ce fichier n'est pas une image JPG, PNG, GIF ou WebP." });
    expect((await publicRecipe(recipe.id)).recipe?.imageUrl).toBeNull();
    expect((await auditOf(recipe.id)).map((a) => a.action)).toEqual(['recipe.create']);
  });

  it('a file over 2 Mo → 413 in French', async () => {
    const recipe = await created({ name: 'Brioche' });
    const over = Buffer.concat([await imageBytes('png'), Buffer.alloc(RECIPE_IMAGE_MAX_BYTES)]).subarray(0, RECIPE_IMAGE_MAX_BYTES + 1);
    const res = await upload(recipe.id, over, 'grande.png');
    expect(res.status).toBe(413);
    expect(await errorOf(res)).toMatchObject({ code: 'FILE_TOO_LARGE', message: 'Le fichier est trop volumineux : 2 Mo au maximum.' });
  });

  it('a pixel bomb → 422 before decoding', async () => {
    const recipe = await created({ name: 'Chômeur bombe' });
    const res = await upload(recipe.id, gifDeclaring(30_000, 30_000), 'bombe.gif', 'image/gif');
    expect(res.status).toBe(422);
    expect((await errorOf(res)).code).toBe('IMAGE_TOO_MANY_PIXELS');
  });

  it('no file, or JSON instead of a form → 400 / 415 in French', async () => {
    const recipe = await created({ name: 'Muffins' });
    const form = new FormData();
    form.set(RECIPE_ID_FIELD, recipe.id);
    const none = await sendForm(t, '/api/admin/recipes/image', form, admin.cookie);
    expect(none.status).toBe(400);
    expect((await errorOf(none)).fields).toEqual({ [RECIPE_IMAGE_FIELD]: 'Choisissez une image à envoyer.' });
    const json = await send(t, 'POST', '/api/admin/recipes/image', { cookie: admin.cookie, body: { recipeId: recipe.id } });
    expect(json.status).toBe(415);
  });
});

