// Turns the demo content into table rows, with dates computed from `now` and fresh ids.
import { randomBytes, randomUUID } from 'node:crypto';
import { addMonths } from 'date-fns';
import type { Storage } from '../../integrations/storage/storage';
import type {
  accounts,
  courseSessions,
  courses as coursesTable,
  profiles,
  purchases,
  recipes as recipesTable,
  reservations,
  subscriptions,
  users,
} from '../schema';
import { courses } from './content/courses';
import { chefs, learners, participants } from './content/people';
import { recipes } from './content/recipes';
import type { SeedPerson } from './content/types';
import { chefImageKey, courseImageKey, recipeImageKey } from './images';
import { sessionStartsAt } from './schedule';

export type SeedPlan = {
  users: (typeof users.$inferInsert)[];
  profiles: (typeof profiles.$inferInsert)[];
  /** Password sign-in for the demo accounts; filled by withDemoCredentials (hashing is async). */
  accounts: (typeof accounts.$inferInsert)[];
  subscriptions: (typeof subscriptions.$inferInsert)[];
  courses: (typeof coursesTable.$inferInsert)[];
  sessions: (typeof courseSessions.$inferInsert)[];
  reservations: (typeof reservations.$inferInsert)[];
  purchases: (typeof purchases.$inferInsert)[];
  recipes: (typeof recipesTable.$inferInsert)[];
};

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A 32-character alphanumeric id, the shape the auth library gives its users. */
export function randomUserId(): string {
  let id = '';
  while (id.length < 32) {
    for (const byte of randomBytes(48)) {
      // 248 = 4 × 62: rejecting the rest keeps every character equally likely.
      if (byte < 248 && id.length < 32) id += ALPHABET[byte % 62];
    }
  }
  return id;
}

const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (now: Date, days: number) => new Date(now.getTime() - days * DAY);

export function buildSeedPlan(now: Date, storage: Storage): SeedPlan {
  const plan: SeedPlan = {
    users: [],
    profiles: [],
    accounts: [],
    subscriptions: [],
    courses: [],
    sessions: [],
    reservations: [],
    purchases: [],
    recipes: [],
  };

  const ids = new Map<string, string>();
  const addPerson = (p: SeedPerson) => {
    const id = randomUserId();
    ids.set(p.key, id);
    const avatarUrl = p.portrait ? storage.publicUrl(chefImageKey(p.fullName)) : null;
    plan.users.push({ id, name: p.fullName, email: p.email, emailVerified: true, image: avatarUrl, createdAt: now, updatedAt: now });
    plan.profiles.push({
      userId: id,
      fullName: p.fullName,
      role: p.role,
      avatarUrl,
      specialty: p.specialty ?? null,
      bio: p.bio ?? null,
      province: p.province ?? null,
      updatedAt: now,
    });
    if (p.subscribed) {
      plan.subscriptions.push({
        userId: id,
        status: 'active',
        provider: 'sandbox',
        providerSubscriptionId: `sandbox_sub_${randomUserId().slice(0, 16)}`,
        currentPeriodStart: now,
        currentPeriodEnd: addMonths(now, 1),
        cancelAtPeriodEnd: false,
        createdAt: now,
        updatedAt: now,
      });
    }
  };
  [...chefs, ...learners, ...participants].forEach(addPerson);

  const userId = (key: string) => {
    const id = ids.get(key);
    if (!id) throw new Error(`Unknown seed person: ${key}`);
    return id;
  };

  let seat = 0;
  for (const c of courses) {
    const courseId = randomUUID();
    const createdAt = daysAgo(now, c.ageDays);
    plan.courses.push({
      id: courseId,
      title: c.title,
      description: c.description,
      imageUrl: storage.publicUrl(courseImageKey(c.slug)),
      priceCents: c.priceCents,
      isLive: c.isLive,
      isPremium: c.isPremium,
      teacherId: userId(c.teacher),
      difficulty: c.difficulty,
      durationMinutes: c.durationMinutes,
      cuisineType: c.cuisineType,
      dietaryInfo: c.dietaryInfo,
      status: 'published',
      createdAt,
      updatedAt: createdAt,
    });
    for (const s of c.sessions ?? []) {
      if (s.booked > s.capacity || s.booked > participants.length) throw new Error(`Too many seats booked in ${c.slug}`);
      const sessionId = randomUUID();
      plan.sessions.push({
        id: sessionId,
        courseId,
        startsAt: sessionStartsAt(now, s.inDays),
        capacity: s.capacity,
        status: 'scheduled',
        createdAt,
        updatedAt: createdAt,
      });
      // Each booked seat is a paid, confirmed reservation by a different participant; the starting
      // participant moves on from session to session so the same names do not fill every class.
      for (let i = 0; i < s.booked; i++) {
        const person = participants[(seat + i) % participants.length] as SeedPerson;
        const bookedAt = daysAgo(now, 1 + ((seat + i) % 5));
        plan.reservations.push({
          userId: userId(person.key),
          sessionId,
          clientName: person.fullName,
          status: 'confirmed',
          createdAt: bookedAt,
          updatedAt: bookedAt,
        });
        plan.purchases.push({
          userId: userId(person.key),
          courseId,
          status: 'succeeded',
          amountCents: c.priceCents,
          createdAt: bookedAt,
          updatedAt: bookedAt,
        });
      }
      seat += s.booked;
    }
  }

  for (const r of recipes) {
    const createdAt = daysAgo(now, r.ageDays);
    plan.recipes.push({
      name: r.name,
      description: r.description,
      category: r.category,
      durationMinutes: r.durationMinutes,
      servings: r.servings,
      ingredients: r.ingredients,
      steps: r.steps,
      imageUrl: storage.publicUrl(recipeImageKey(r.slug)),
      isPremium: r.isPremium,
      createdAt,
      updatedAt: createdAt,
    });
  }
  return plan;
}
