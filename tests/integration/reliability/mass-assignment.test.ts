// Mass assignment (checklist C4): every write route that takes a JSON body, sent a valid body plus
// fields a client must never set (role, userId, prices, statuses, ids, dates…). Each is either
// refused (400 naming only those fields) or ignored — never applied: the database says so.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@shared/errors';
import { courses, courseSessions, orders, profiles, recipes, reservations, subscriptions, users } from '../../../src/server/db/schema';
import { createChef, createCourse, createRecipe, createSession, setRole } from '../../factories';
import { newSignedInUser, send } from '../../setup/auth-client';
import { createTestApp, type TestApp } from '../../setup/test-app';
import { testNow } from '../../setup/test-clock';

const INJECTED_ID = '11111111-1111-4111-8111-111111111111';
const LONG_AGO = '2001-01-01T00:00:00.000Z';

let t: TestApp;
let learner: { id: string; cookie: string };
let admin: { id: string; cookie: string };
let victim: { id: string; cookie: string };
let chefId: string;
let courseId: string;
let liveCourseId: string;
let freeCourseId: string;
let sessionId: string;
let recipeId: string;

/** What no client may set. Fields a route legitimately takes (an admin's course price…) are left out per route. */
const forbidden = () => ({
  id: INJECTED_ID,
  userId: victim.id,
  role: 'admin',
  isAdmin: true,
  isSubscriber: true,
  emailVerified: true,
  isPremium: true,
  teacherId: victim.id,
  priceCents: 1,
  amountCents: 1,
  totalCents: 1,
  currency: 'usd',
  status: 'paid',
  paidAt: LONG_AGO,
  createdAt: LONG_AGO,
  seatsTaken: 0,
  capacity: 1000,
});

type Who = 'visitor' | 'learner' | 'admin';
type Row = { route: string; who: Who; body: () => Record<string, unknown> };

const ROWS: Row[] = [
  { route: 'POST /api/auth/sign-up/email', who: 'visitor', body: () => ({ name: 'Nouvelle Personne', email: 'nouvelle@exemple.ca', password: 'Une-Phrase-De-Passe-2026' }) },
  { route: 'POST /api/auth/sign-in/email', who: 'visitor', body: () => ({ email: 'nouvelle@exemple.ca', password: 'Une-Phrase-De-Passe-2026' }) },
  { route: 'POST /api/auth/request-password-reset', who: 'visitor', body: () => ({ email: 'nouvelle@exemple.ca' }) },
  { route: 'PATCH /api/account/profile', who: 'learner', body: () => ({ fullName: 'Léa Modifiée', phone: null, address: null, province: 'QC' }) },
  { route: 'PUT /api/account/email-preferences', who: 'learner', body: () => ({ reminders: true, prepKit: true, marketing: false }) },
  { route: `PUT /api/courses/:freeCourse/progress`, who: 'learner', body: () => ({ positionSeconds: 10, durationSeconds: 600 }) },
  { route: 'POST /api/checkout', who: 'learner', body: () => ({ items: [{ courseId }], province: 'QC', idempotencyKey: 'masse-assignation-1' }) },
  { route: 'POST /api/subscription/checkout', who: 'learner', body: () => ({ province: 'QC', idempotencyKey: 'masse-assignation-2' }) },
  { route: 'POST /api/booking/holds', who: 'learner', body: () => ({ sessionId, servings: 2 }) },
  { route: 'POST /api/calendar/feed', who: 'learner', body: () => ({}) },
  { route: 'POST /api/notifications/read-all', who: 'learner', body: () => ({}) },
  { route: 'PATCH /api/account/chef-profile', who: 'admin', body: () => ({ specialty: 'Cuisine du marché', bio: 'Une biographie.' }) },
  {
    route: 'POST /api/admin/courses',
    who: 'admin',
    body: () => ({ title: 'Pains du dimanche', description: 'Des pains simples pour la semaine.', priceCents: 3900, isLive: false, isPremium: false, difficulty: 'beginner', teacherId: chefId, status: 'draft' }),
  },
  { route: 'PATCH /api/admin/courses/:course', who: 'admin', body: () => ({ title: 'Tourtière revisitée' }) },
  { route: 'POST /api/admin/courses/:liveCourse/sessions', who: 'admin', body: () => ({ startsAt: new Date(testNow().getTime() + 9 * 86_400_000).toISOString(), capacity: 8 }) },
  { route: 'PATCH /api/admin/sessions/:session', who: 'admin', body: () => ({ videoLink: 'https://meet.exemple.ca/toque' }) },
  {
    route: 'POST /api/admin/recipes',
    who: 'admin',
    body: () => ({ name: 'Soupe aux pois', category: 'starter', durationMinutes: 90, servings: 6, ingredients: ['Pois jaunes'], steps: ['Cuire lentement.'], isPremium: false, description: '' }),
  },
  { route: 'PATCH /api/admin/recipes/:recipe', who: 'admin', body: () => ({ name: 'Soupe aux pois revisitée', category: 'starter', durationMinutes: 90, servings: 6, ingredients: ['Pois jaunes'], steps: ['Cuire lentement.'], isPremium: false, description: '' }) },
];

function pathOf(route: string): [method: string, path: string] {
  const [method, template] = route.split(' ') as [string, string];
  const ids: Record<string, string> = { course: courseId, freeCourse: freeCourseId, liveCourse: liveCourseId, session: sessionId, recipe: recipeId };
  return [method, template.replace(/:([A-Za-z]+)/g, (_, name: string) => ids[name]!)];
}

/** What the injected fields would have changed, read back from the database. */
async function applied(): Promise<string[]> {
  const found: string[] = [];
  const count = async (label: string, query: Promise<unknown[]>) => {
    if ((await query).length) found.push(label);
  };
  for (const table of [users, courses, courseSessions, recipes, orders, reservations, subscriptions] as const) {
    await count(`a row of ${table === users ? 'users' : 'a table'} with the injected id`, t.db.select({ x: sql`1` }).from(table).where(sql`${table.id}::text = ${INJECTED_ID}`));
  }
  await count('a role changed', t.db.select({ x: sql`1` }).from(profiles).where(and(eq(profiles.userId, learner.id), sql`${profiles.role} <> 'learner'`)));
  await count('a role changed', t.db.select({ x: sql`1` }).from(profiles).where(and(eq(profiles.userId, victim.id), sql`${profiles.role} <> 'learner'`)));
  await count('an e-mail marked verified', t.db.select({ x: sql`1` }).from(users).where(and(eq(users.id, learner.id), eq(users.emailVerified, true))));
  await count('a paid order', t.db.select({ x: sql`1` }).from(orders).where(sql`${orders.status} <> 'pending'`));
  await count('an order for someone else', t.db.select({ x: sql`1` }).from(orders).where(eq(orders.userId, victim.id)));
  await count('an order not at the catalogue price', t.db.select({ x: sql`1` }).from(orders).where(sql`${orders.subtotalCents} not in (4500, 0) and ${orders.subtotalCents} < 1000`));
  await count('a subscription', t.db.select({ x: sql`1` }).from(subscriptions).where(sql`${subscriptions.status} in ('active', 'trialing')`));
  await count('a reservation not on hold', t.db.select({ x: sql`1` }).from(reservations).where(sql`${reservations.status} <> 'pending_payment'`));
  await count('a reservation for someone else', t.db.select({ x: sql`1` }).from(reservations).where(eq(reservations.userId, victim.id)));
  await count('a course taught by the victim', t.db.select({ x: sql`1` }).from(courses).where(eq(courses.teacherId, victim.id)));
  await count('a course at 1 cent', t.db.select({ x: sql`1` }).from(courses).where(eq(courses.priceCents, 1)));
  await count('a premium course or recipe', t.db.select({ x: sql`1` }).from(courses).where(eq(courses.isPremium, true)));
  await count('a premium recipe', t.db.select({ x: sql`1` }).from(recipes).where(eq(recipes.isPremium, true)));
  await count('a session for 1000', t.db.select({ x: sql`1` }).from(courseSessions).where(eq(courseSessions.capacity, 1000)));
  await count('a row dated 2001', t.db.select({ x: sql`1` }).from(courses).where(sql`${courses.createdAt} < '2010-01-01'`));
  await count('a recipe dated 2001', t.db.select({ x: sql`1` }).from(recipes).where(sql`${recipes.createdAt} < '2010-01-01'`));
  return found;
}

beforeAll(async () => {
  t = await createTestApp();
  learner = await newSignedInUser(t, 'Léa Apprenante');
  victim = await newSignedInUser(t, 'Victor Victime');
  admin = await newSignedInUser(t, 'Cheffe Admin');
  await setRole(t.db, admin.id, 'admin');
  chefId = (await createChef(t.db)).id;
  courseId = (await createCourse(t.db, { isLive: false, status: 'published', teacherId: chefId, videoKey: 'seed/videos/cours.mp4' })).id;
  // Free: anyone signed in may watch it and save their place.
  freeCourseId = (await createCourse(t.db, { isLive: false, status: 'published', teacherId: chefId, priceCents: 0, videoKey: 'seed/videos/cours.mp4' })).id;
  liveCourseId = (await createCourse(t.db, { isLive: true, status: 'published', teacherId: chefId, priceCents: 6000 })).id;
  sessionId = (await createSession(t.db, liveCourseId)).id;
  recipeId = (await createRecipe(t.db)).id;
  expect(await applied()).toEqual([]);
});
afterAll(() => t.close());

describe('fields a client must never set', () => {
  it.each(ROWS.map((r) => [r.route, r] as const))('%s: refused or ignored, never applied', async (_route, row) => {
    const [method, path] = pathOf(row.route);
    const base = row.body();
    const extras = Object.fromEntries(Object.entries(forbidden()).filter(([key]) => !(key in base)));
    const cookie = row.who === 'visitor' ? undefined : row.who === 'learner' ? learner.cookie : admin.cookie;
    const res = await send(t, method, path, { cookie, body: { ...base, ...extras } });
    const text = await res.text();
    if (res.status === 400) {
      // Refused because of the extra fields, not because the valid part was wrong.
      const error = (JSON.parse(text) as ApiErrorBody).error;
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(Object.keys(error.fields ?? {}).filter((f) => !(f in extras))).toEqual([]);
    } else {
      expect({ status: res.status, text }).toEqual({ status: expect.toSatisfy((s: number) => s >= 200 && s < 300), text });
    }
    expect(await applied()).toEqual([]);
  });

  it('a refused body changed nothing; an accepted one kept only its own fields', async () => {
    // The admin's course PATCH took its title, not the creation date or the id sent with it.
    const [course] = await t.db.select().from(courses).where(eq(courses.id, courseId));
    expect(course?.id).toBe(courseId);
    expect(course?.priceCents).toBe(4500);
    expect(course?.teacherId).toBe(chefId);
  });
});
