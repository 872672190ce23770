// The booking page's SQL: what the page adds to the reservation row (the seats' dietary needs, the
// kit and its substitutions), and the owner's change of the needs.
import { and, eq, inArray } from 'drizzle-orm';
import type { SeatNeeds } from '@shared/dietary';
import type { Db } from '../../db/client';
import { courseSessions, courses, reservations } from '../../db/schema';

export async function findPageExtras(db: Db, reservationId: string) {
  const [row] = await db
    .select({
      needs: reservations.dietaryNeeds,
      servings: reservations.servings,
      sessionKit: courseSessions.prepKit,
      courseKit: courses.prepKit,
      kitServings: courses.prepKitServings,
      kitSubstitutions: courses.kitSubstitutions,
    })
    .from(reservations)
    .innerJoin(courseSessions, eq(courseSessions.id, reservations.sessionId))
    .innerJoin(courses, eq(courses.id, courseSessions.courseId))
    .where(eq(reservations.id, reservationId));
  return row ?? null;
}

/** The seats' needs of a live booking of this owner; false when it is no longer live (a race with a cancel). */
export async function setNeeds(db: Db, input: { reservationId: string; userId: string; needs: SeatNeeds[]; now: Date }): Promise<boolean> {
  const rows = await db
    .update(reservations)
    .set({ dietaryNeeds: input.needs, updatedAt: input.now })
    .where(and(eq(reservations.id, input.reservationId), eq(reservations.userId, input.userId), inArray(reservations.status, ['pending_payment', 'confirmed'])))
    .returning({ id: reservations.id });
  return rows.length > 0;
}
