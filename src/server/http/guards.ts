// Who may call a route, decided from the session alone: the role comes from the user's profile row
// and subscriber status from their latest subscription record (getViewer), never from the request.
import type { Context, MiddlewareHandler } from 'hono';
import type { Viewer } from '@shared/access';
import { AppError } from './app-error';
import { getViewer, type SessionViewer } from './viewer';

export type SignedInViewer = SessionViewer & { userId: string; role: NonNullable<Viewer['role']>; sessionId: string };

/** The signed-in viewer; a visitor (no or ended session) gets 401. */
export async function requireUser(c: Context): Promise<SignedInViewer> {
  const viewer = await getViewer(c);
  if (viewer.userId === null || viewer.role === null) throw new AppError('UNAUTHENTICATED');
  return viewer as SignedInViewer;
}

/**
 * The one answer to "is this an admin?": the admin role AND a session that gave the second factor.
 * Every server check of admin power asks this (docs/decisions/0029-fail-closed.md lists them); the
 * viewer of an unverified admin session is also seen as a learner (viewer.ts), a second lock.
 */
export function isAdmin(viewer: Pick<SessionViewer, 'role'> & { adminSecondFactor?: SessionViewer['adminSecondFactor'] }): boolean {
  return viewer.role === 'admin' && viewer.adminSecondFactor === 'verified';
}

/** What an admin account's session lacks before it may use admin power; null when nothing does. */
function missingSecondFactor(viewer: Pick<SessionViewer, 'adminSecondFactor'>): AppError | null {
  if (viewer.adminSecondFactor === 'not_enrolled') return new AppError('TWO_FACTOR_ENROLMENT_REQUIRED');
  if (viewer.adminSecondFactor === 'unverified') return new AppError('TWO_FACTOR_REQUIRED');
  return null;
}

/**
 * For routes open to every account that, on an admin account, act with its power (its public chef
 * profile and picture, a calendar feed of every session): 403 until the session gave the factor.
 */
export function requireSecondFactorOfAdminAccount(viewer: Pick<SessionViewer, 'adminSecondFactor'>): void {
  const missing = missingSecondFactor(viewer);
  if (missing) throw missing;
}

/** A subscriber (or the admin, who sees everything); 401 for a visitor, 403 for anyone else. */
export async function requireSubscriber(c: Context): Promise<SignedInViewer> {
  const viewer = await requireUser(c);
  if (!viewer.isSubscriber && !isAdmin(viewer)) throw new AppError('SUBSCRIPTION_REQUIRED');
  return viewer;
}

/**
 * The admin, in a session that gave the second factor; 401 for a visitor, 403 for a learner, a
 * guest chef or a subscriber, and for the admin 403 TWO_FACTOR_ENROLMENT_REQUIRED (no factor yet)
 * or TWO_FACTOR_REQUIRED (this session has not given it).
 */
export async function requireAdmin(c: Context): Promise<SignedInViewer> {
  const viewer = await requireUser(c);
  requireSecondFactorOfAdminAccount(viewer);
  if (!isAdmin(viewer)) throw new AppError('FORBIDDEN');
  return viewer;
}

/**
 * The same checks as middleware, for a whole group of routes. Answers about one person are never
 * to be kept by a browser or proxy cache.
 */
function guard(check: (c: Context) => Promise<SignedInViewer>): MiddlewareHandler {
  return async (c, next) => {
    await check(c);
    c.header('cache-control', 'no-store');
    await next();
  };
}

export const signedInOnly = guard(requireUser);
export const subscribersOnly = guard(requireSubscriber);
export const adminOnly = guard(requireAdmin);
