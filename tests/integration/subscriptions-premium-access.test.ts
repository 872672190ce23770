// Premium content reaches subscribers only, decided on the server by spec §4's rule: the latest
// subscription record with status active, trialing or past_due, and only while its period end is
// in the future. A non-subscriber's answers — recipe and course details and lists (JSON), and the
// HTML pages that carry the same data for the first paint — never hold a premium recipe's
// ingredients or steps, nor a course's video; a subscriber's hold the recipe in full.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseResponse, RecipeResponse } from '@shared/schemas/public';
import { createCourse, createRecipe, createSubscription } from '../factories';
import { newSignedInUser, send } from '../setup/auth-client';
import { createTestApp, type TestApp } from '../setup/test-app';
import { testNow } from '../setup/test-clock';

const DAY = 24 * 3_600_000;
const SECRET_INGREDIENT = 'INGRÉDIENT-PRIVÉ sirop d’érable réduit au bois';
const SECRET_STEP = 'ÉTAPE-PRIVÉE monter la crème à l’érable';
const VIDEO_KEY = 'videos/cours-prive-macarons.mp4';

let t: TestApp;
let recipeId: string;
let courseId: string;

type Viewer = { label: string; cookie?: string };
const viewers: Record<string, Viewer> = {};

beforeAll(async () => {
  t = await createTestApp();
  recipeId = (await createRecipe(t.db, { name: 'Bûche à l’érable', isPremium: true, ingredients: [SECRET_INGREDIENT], steps: [SECRET_STEP] })).id;
  courseId = (await createCourse(t.db, { title: 'Macarons parisiens', isLive: false, isPremium: true, priceCents: 3000, videoKey: VIDEO_KEY })).id;
  const now = testNow().getTime();

  viewers.visitor = { label: 'visiteur' };
  viewers.learner = { label: 'apprenant sans abonnement', cookie: (await newSignedInUser(t, 'Léa Apprenante')).cookie };

  const canceled = await newSignedInUser(t, 'Carl Annulé');
  await createSubscription(t.db, canceled.id, { status: 'canceled', currentPeriodEnd: new Date(now + 10 * DAY) });
  viewers.canceled = { label: 'abonnement annulé (période future)', cookie: canceled.cookie };

  const lapsed = await newSignedInUser(t, 'Lise Expirée');
  await createSubscription(t.db, lapsed.id, { status: 'active', currentPeriodStart: new Date(now - 31 * DAY), currentPeriodEnd: new Date(now - 60_000) });
  viewers.lapsed = { label: 'actif mais période terminée', cookie: lapsed.cookie };

  const incomplete = await newSignedInUser(t, 'Ines Impayée');
  await createSubscription(t.db, incomplete.id, { status: 'incomplete', currentPeriodStart: null, currentPeriodEnd: null });
  viewers.incomplete = { label: 'premier paiement jamais fait', cookie: incomplete.cookie };

  const active = await newSignedInUser(t, 'Alice Abonnée');
  await createSubscription(t.db, active.id, { status: 'active' });
  viewers.active = { label: 'abonnée active', cookie: active.cookie };

  const pastDue = await newSignedInUser(t, 'Paul Enretard');
  await createSubscription(t.db, pastDue.id, { status: 'past_due', currentPeriodEnd: new Date(now + 5 * DAY) });
  viewers.pastDue = { label: 'paiement en retard, période future', cookie: pastDue.cookie };

  // An older active record and a newer cancelled one (an earlier membership that ended): the
  // access record is the active one, so access stays.
  const both = await newSignedInUser(t, 'Bea Deuxfois');
  await createSubscription(t.db, both.id, { status: 'active', createdAt: new Date(now - 20 * DAY) });
  await createSubscription(t.db, both.id, { status: 'canceled', createdAt: new Date(now - DAY), currentPeriodEnd: new Date(now - 2 * DAY) });
  viewers.olderActive = { label: 'actif plus ancien, annulé plus récent', cookie: both.cookie };
});
afterAll(() => t.close());

async function text(path: string, cookie?: string): Promise<{ status: number; body: string }> {
  const res = await send(t, 'GET', path, { cookie });
  return { status: res.status, body: await res.text() };
}

const NOT_SUBSCRIBERS = ['visitor', 'learner', 'canceled', 'lapsed', 'incomplete'] as const;
const SUBSCRIBERS = ['active', 'pastDue', 'olderActive'] as const;

describe('a non-subscriber never receives premium content', () => {
  it.each(NOT_SUBSCRIBERS)('%s: recipe locked, course locked, nothing secret in any answer', async (who) => {
    const { cookie } = viewers[who]!;
    const recipe = await text(`/api/recipes/${recipeId}`, cookie);
    expect(recipe.status).toBe(200);
    expect((JSON.parse(recipe.body) as RecipeResponse).recipe).toMatchObject({ locked: true, ingredients: null, steps: null });

    const course = await text(`/api/courses/${courseId}`, cookie);
    expect(course.status).toBe(200);
    expect((JSON.parse(course.body) as CourseResponse).course.unlocked).toBe(false);

    const answers = [
      recipe,
      course,
      await text('/api/recipes', cookie),
      await text('/api/recipes?q=%C3%A9rable', cookie),
      await text('/api/courses', cookie),
      await text('/api/home', cookie),
      await text(`/recettes/${recipeId}`, cookie),
      await text(`/cours/${courseId}`, cookie),
    ];
    for (const { status, body } of answers) {
      expect(status).toBe(200);
      for (const secret of [SECRET_INGREDIENT, SECRET_STEP, 'INGRÉDIENT-PRIVÉ', 'ÉTAPE-PRIVÉE', VIDEO_KEY, 'cours-prive-macarons']) {
        expect(body).not.toContain(secret);
      }
    }
    const me = JSON.parse((await text('/api/me', cookie)).body) as { user: { isSubscriber: boolean } | null };
    expect(me.user?.isSubscriber ?? false).toBe(false);
  });
});

describe('a subscriber receives it', () => {
  it.each(SUBSCRIBERS)('%s: the recipe in full, the course unlocked', async (who) => {
    const { cookie } = viewers[who]!;
    const recipe = JSON.parse((await text(`/api/recipes/${recipeId}`, cookie)).body) as RecipeResponse;
    expect(recipe.recipe).toMatchObject({ locked: false, ingredients: [SECRET_INGREDIENT], steps: [SECRET_STEP] });
    expect((JSON.parse((await text(`/api/courses/${courseId}`, cookie)).body) as CourseResponse).course.unlocked).toBe(true);
    // The page's first paint carries the same data.
    const page = await text(`/recettes/${recipeId}`, cookie);
    expect(page.body).toContain('INGRÉDIENT-PRIVÉ');
    // The storage key of a video is never part of any answer, even a subscriber's.
    expect((await text(`/api/courses/${courseId}`, cookie)).body).not.toContain(VIDEO_KEY);
    const me = JSON.parse((await text('/api/me', cookie)).body) as { user: { isSubscriber: boolean } };
    expect(me.user.isSubscriber).toBe(true);
  });

  it('a subscriber sees the page fresh, never a visitor’s cached copy (and the reverse)', async () => {
    // A visitor's answer first (cached for visitors), then a subscriber's, then the visitor's again.
    expect((await text(`/api/recipes/${recipeId}`)).body).not.toContain('INGRÉDIENT-PRIVÉ');
    expect((await text(`/api/recipes/${recipeId}`, viewers.active!.cookie)).body).toContain('INGRÉDIENT-PRIVÉ');
    expect((await text(`/api/recipes/${recipeId}`)).body).not.toContain('INGRÉDIENT-PRIVÉ');
  });
});
