// Rows for tests, inserted with drizzle and sensible French defaults; each call can override any
// column. Every insert clears the public response cache, as the app's own writes will.
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { Db } from '../../src/server/db/client';
import { eq } from 'drizzle-orm';
import {
  courseSessions,
  courses,
  profiles,
  purchases,
  recipes,
  reservations,
  subscriptions,
  users,
} from '../../src/server/db/schema';
import type { Storage } from '../../src/server/integrations/storage/storage';
import { invalidatePublicCache } from '../../src/server/web/public-cache';
import { enrolAdmin, verifyAdminSessions } from './second-factor';
import { testNow } from '../setup/test-clock';

export { enrolAdmin, FACTORY_ADMIN_SECRET, totpCode, verifyAdminSessions } from './second-factor';

type Insert<T extends { $inferInsert: unknown }> = Partial<T['$inferInsert']>;

const uid = () => randomBytes(6).toString('hex');
const HOUR = 3_600_000;

export type Person = { id: string; fullName: string };

/** An account and its profile (role learner unless told). */
export async function createUser(
  db: Db,
  profile: Insert<typeof profiles> = {},
  user: Insert<typeof users> = {},
): Promise<Person> {
  const id = profile.userId ?? user.id ?? `user_${uid()}`;
  const fullName = profile.fullName ?? user.name ?? `Personne ${id.slice(-4)}`;
  await db.insert(users).values({ id, name: fullName, email: `${id}@exemple.test`, ...user });
  await db.insert(profiles).values({ fullName, role: 'learner', ...profile, userId: id });
  invalidatePublicCache();
  return { id, fullName };
}

export function createChef(db: Db, profile: Insert<typeof profiles> = {}): Promise<Person> {
  return createUser(db, {
    fullName: 'Julie Tremblay',
    role: 'chef',
    specialty: 'Pâtisserie québécoise',
    bio: 'Cheffe pâtissière formée à Montréal, elle enseigne les desserts du terroir.',
    ...profile,
  });
}

export async function createCourse(db: Db, values: Insert<typeof courses> = {}) {
  const [row] = await db
    .insert(courses)
    .values({
      title: 'Tourtière du Lac-Saint-Jean',
      description: 'Apprenez la tourtière traditionnelle, de la pâte à la cuisson lente.',
      priceCents: 4500,
      isLive: true,
      difficulty: 'intermediate',
      durationMinutes: 120,
      cuisineType: 'Québécoise',
      imageUrl: '/media/seed/courses/tourtiere.webp',
      // A recorded course is on sale only with its video (shared/entitlements.ts): one by default; pass videoKey: null for none.
      ...(values.isLive === false && !('videoKey' in values) ? { videoKey: 'videos/courses/factory.mp4', videoContentType: 'video/mp4' } : {}),
      ...values,
    })
    .returning({ id: courses.id, title: courses.title });
  invalidatePublicCache();
  return row!;
}

/** A scheduled live session, by default two days after `now`. */
export async function createSession(
  db: Db,
  courseId: string,
  values: Insert<typeof courseSessions> & { now?: Date } = {},
) {
  const { now = testNow(), ...rest } = values;
  const [row] = await db
    .insert(courseSessions)
    .values({ courseId, startsAt: new Date(now.getTime() + 48 * HOUR), capacity: 10, ...rest })
    .returning({ id: courseSessions.id, startsAt: courseSessions.startsAt });
  invalidatePublicCache();
  return row!;
}

export async function createReservation(db: Db, sessionId: string, userId: string, values: Insert<typeof reservations> = {}) {
  const [row] = await db
    .insert(reservations)
    .values({ sessionId, userId, clientName: 'Client Test', status: 'confirmed', ...values })
    .returning({ id: reservations.id });
  invalidatePublicCache();
  return row!;
}

export async function createPurchase(db: Db, userId: string, courseId: string, values: Insert<typeof purchases> = {}) {
  const [row] = await db
    .insert(purchases)
    .values({ userId, courseId, status: 'succeeded', amountCents: 4500, ...values })
    .returning({ id: purchases.id });
  invalidatePublicCache();
  return row!;
}

export async function createRecipe(db: Db, values: Insert<typeof recipes> = {}) {
  const [row] = await db
    .insert(recipes)
    .values({
      name: 'Tarte au sucre',
      description: 'La tarte au sucre de grand-mère, fondante et dorée.',
      category: 'dessert',
      durationMinutes: 50,
      servings: 8,
      ingredients: ['1 abaisse de pâte brisée', '250 ml de cassonade', '250 ml de crème 35 %'],
      steps: ['Préchauffer le four à 180 °C.', 'Mélanger la cassonade et la crème.', 'Verser dans la pâte et cuire 40 minutes.'],
      imageUrl: '/media/seed/recipes/tarte-au-sucre.webp',
      ...values,
    })
    .returning({ id: recipes.id, name: recipes.name });
  invalidatePublicCache();
  return row!;
}

/** Puts a generated image of the given size in storage; returns its /media path. */
export async function putImage(storage: Storage, key: string, width = 1600, height = 900): Promise<string> {
  const png = await sharp({ create: { width, height, channels: 3, background: { r: 190, g: 90, b: 40 } } }).png().toBuffer();
  await storage.put(key, png, 'image/png');
  return storage.publicUrl(key);
}

/**
 * Gives an existing account another role (roles are never set through the API). An admin comes
 * enrolled in the second factor with their current sessions verified (a session started later
 * gives a code: totpCode()).
 */
export async function setRole(db: Db, userId: string, role: 'learner' | 'chef' | 'admin'): Promise<void> {
  await db.update(profiles).set({ role }).where(eq(profiles.userId, userId));
  if (role === 'admin') {
    await enrolAdmin(db, userId);
    await verifyAdminSessions(db, userId);
  }
  invalidatePublicCache();
}

/** A subscription record, by default active for the next 30 days. */
export async function createSubscription(db: Db, userId: string, values: Insert<typeof subscriptions> = {}) {
  const now = testNow();
  const [row] = await db
    .insert(subscriptions)
    .values({
      userId,
      status: 'active',
      provider: 'sandbox',
      providerSubscriptionId: `sub_${uid()}`,
      currentPeriodStart: now,
      currentPeriodEnd: new Date(now.getTime() + 30 * 24 * HOUR),
      ...values,
    })
    .returning({ id: subscriptions.id });
  return row!;
}
