// What the calendar tests need: a class booked by someone at a given time (a course, one session,
// the reservation in the state asked), the feed URL a user makes, and a feed read as an app would.
import { eq } from 'drizzle-orm';
import type { CalendarFeedCreatedResponse } from '@shared/schemas/calendar';
import type { Db } from '../../src/server/db/client';
import { courseSessions } from '../../src/server/db/schema';
import { invalidatePublicCache } from '../../src/server/web/public-cache';
import { send } from '../setup/auth-client';
import type { TestApp } from '../setup/test-app';
import { createCourse, createReservation, createSession } from './index';

export type Booking = { courseId: string; title: string; sessionId: string; reservationId: string; startsAt: Date };

type BookingOptions = {
  title: string;
  startsAt: Date;
  clientName?: string;
  /** The course's duration (the session's when none is set on it). */
  durationMinutes?: number;
  status?: 'confirmed' | 'pending_payment' | 'expired' | 'cancelled';
  holdExpiresAt?: Date | null;
  cancelReason?: string | null;
  videoLink?: string | null;
};

/** A new live course with one session at `startsAt`, and `userId`'s reservation of it. */
export async function bookClass(db: Db, userId: string, opts: BookingOptions): Promise<Booking> {
  const course = await createCourse(db, { title: opts.title, isLive: true, durationMinutes: opts.durationMinutes ?? 90 });
  const session = await createSession(db, course.id, { startsAt: opts.startsAt, videoLink: opts.videoLink ?? null });
  const reservation = await createReservation(db, session.id, userId, {
    clientName: opts.clientName ?? 'Client Test',
    status: opts.status ?? 'confirmed',
    holdExpiresAt: opts.holdExpiresAt ?? null,
    cancelReason: opts.cancelReason ?? null,
  });
  return { courseId: course.id, title: course.title, sessionId: session.id, reservationId: reservation.id, startsAt: opts.startsAt };
}

/** Another person's reservation of an existing session. */
export async function joinSession(db: Db, sessionId: string, userId: string, clientName: string, status: 'confirmed' | 'cancelled' = 'confirmed') {
  return createReservation(db, sessionId, userId, { clientName, status });
}

export async function setVideoLink(db: Db, sessionId: string, videoLink: string | null): Promise<void> {
  await db.update(courseSessions).set({ videoLink }).where(eq(courseSessions.id, sessionId));
  invalidatePublicCache();
}

/** POST /api/calendar/feed as the user: their new feed URL (and its webcal/Google forms). */
export async function createFeed(app: TestApp, cookie: string): Promise<CalendarFeedCreatedResponse> {
  const res = await send(app, 'POST', '/api/calendar/feed', { cookie });
  if (res.status !== 201) throw new Error(`feed not created: ${res.status} ${await res.text()}`);
  return (await res.json()) as CalendarFeedCreatedResponse;
}

/** A feed URL fetched as a calendar app does: no cookie, no Origin, the path of the URL given out. */
export async function fetchFeed(app: TestApp, url: string): Promise<Response> {
  return app.request(new URL(url).pathname);
}
