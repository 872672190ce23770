// Names for what the trail's entries point at (a course's title, an order's number…), read in one
// query per kind of target for a page of entries.
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { courseSessions, courses, orders, profiles, recipes, users } from '../../db/schema';

export async function courseTitles(db: Db, ids: string[]) {
  if (!ids.length) return [];
  return db.select({ id: courses.id, name: courses.title }).from(courses).where(inArray(courses.id, ids));
}

export async function recipeNames(db: Db, ids: string[]) {
  if (!ids.length) return [];
  return db.select({ id: recipes.id, name: recipes.name }).from(recipes).where(inArray(recipes.id, ids));
}

export async function sessionNames(db: Db, ids: string[]) {
  if (!ids.length) return [];
  return db
    .select({ id: courseSessions.id, title: courses.title, startsAt: courseSessions.startsAt })
    .from(courseSessions)
    .innerJoin(courses, eq(courses.id, courseSessions.courseId))
    .where(inArray(courseSessions.id, ids));
}

export async function orderNumbers(db: Db, ids: string[]) {
  if (!ids.length) return [];
  return db.select({ id: orders.id, number: orders.number, buyerName: orders.buyerName }).from(orders).where(inArray(orders.id, ids));
}

export async function personNames(db: Db, ids: string[]) {
  if (!ids.length) return [];
  return db
    .select({ id: users.id, name: users.name, fullName: profiles.fullName })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(inArray(users.id, ids));
}
