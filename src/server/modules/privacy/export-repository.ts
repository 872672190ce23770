// Reads of one person's rows for their data export. Each function takes the user id from the
// session; no secret column (password hash, tokens, TOTP secret, recovery code hashes) is selected.
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  adminClientNotes,
  accounts,
  adminRecoveryCodes,
  adminSecondFactors,
  auditLog,
  calendarFeeds,
  courseProgress,
  courseSessions,
  courses,
  emailDeliveries,
  emailPreferences,
  favorites,
  notifications,
  orderLines,
  orders,
  outboxEmails,
  passwordResetTokens,
  profiles,
  purchases,
  recipes,
  refunds,
  reservations,
  sessions,
  subscriptions,
  users,
} from '../../db/schema';

export async function account(db: Db, userId: string) {
  const [row] = await db
    .select({ id: users.id, name: users.name, email: users.email, emailVerified: users.emailVerified, createdAt: users.createdAt, updatedAt: users.updatedAt })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

export async function profile(db: Db, userId: string) {
  const [row] = await db
    .select({
      fullName: profiles.fullName,
      role: profiles.role,
      avatarUrl: profiles.avatarUrl,
      specialty: profiles.specialty,
      bio: profiles.bio,
      phone: profiles.phone,
      address: profiles.address,
      province: profiles.province,
      updatedAt: profiles.updatedAt,
    })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  return row ?? null;
}

/** The ways to sign in: provider names and dates only (never the hash or the provider's tokens). */
export function signInMethods(db: Db, userId: string) {
  return db
    .select({ provider: accounts.providerId, createdAt: accounts.createdAt, updatedAt: accounts.updatedAt })
    .from(accounts)
    .where(eq(accounts.userId, userId))
    .orderBy(asc(accounts.createdAt));
}

/** Open sessions, without their token. */
export function openSessions(db: Db, userId: string) {
  return db
    .select({ createdAt: sessions.createdAt, expiresAt: sessions.expiresAt, ipAddress: sessions.ipAddress, userAgent: sessions.userAgent })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(asc(sessions.createdAt));
}

export function passwordResets(db: Db, userId: string) {
  return db
    .select({ createdAt: passwordResetTokens.createdAt, expiresAt: passwordResetTokens.expiresAt, usedAt: passwordResetTokens.usedAt })
    .from(passwordResetTokens)
    .where(eq(passwordResetTokens.userId, userId))
    .orderBy(asc(passwordResetTokens.createdAt));
}

/** Whether a second factor is set up, and how many recovery codes are left (not the secret, not the codes). */
export async function secondFactor(db: Db, userId: string) {
  const [factor] = await db
    .select({ createdAt: adminSecondFactors.createdAt, confirmedAt: adminSecondFactors.confirmedAt })
    .from(adminSecondFactors)
    .where(eq(adminSecondFactors.userId, userId));
  if (!factor) return null;
  const unused = await db
    .select({ id: adminRecoveryCodes.id })
    .from(adminRecoveryCodes)
    .where(and(eq(adminRecoveryCodes.userId, userId), isNull(adminRecoveryCodes.usedAt)));
  return { ...factor, unusedRecoveryCodes: unused.length };
}

export function coursesTaught(db: Db, userId: string) {
  return db.select({ id: courses.id, title: courses.title, createdAt: courses.createdAt }).from(courses).where(eq(courses.teacherId, userId));
}

/** Refunds this person issued as the admin (their own orders' refunds are under orders). */
export function refundsIssued(db: Db, userId: string) {
  return db
    .select({ creditNoteNumber: refunds.number, orderId: refunds.orderId, totalCents: refunds.totalCents, createdAt: refunds.createdAt })
    .from(refunds)
    .where(eq(refunds.createdBy, userId));
}

export function favoriteRecipes(db: Db, userId: string) {
  return db
    .select({ recipeId: favorites.recipeId, recipe: recipes.name, createdAt: favorites.createdAt })
    .from(favorites)
    .innerJoin(recipes, eq(recipes.id, favorites.recipeId))
    .where(eq(favorites.userId, userId))
    .orderBy(asc(favorites.createdAt));
}

export function subscriptionHistory(db: Db, userId: string) {
  return db
    .select({
      id: subscriptions.id,
      status: subscriptions.status,
      provider: subscriptions.provider,
      currentPeriodStart: subscriptions.currentPeriodStart,
      currentPeriodEnd: subscriptions.currentPeriodEnd,
      cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
      endedAt: subscriptions.endedAt,
      createdAt: subscriptions.createdAt,
      updatedAt: subscriptions.updatedAt,
    })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(asc(subscriptions.createdAt));
}

export function coursePurchases(db: Db, userId: string) {
  return db
    .select({ courseId: purchases.courseId, course: courses.title, status: purchases.status, amountCents: purchases.amountCents, createdAt: purchases.createdAt })
    .from(purchases)
    .innerJoin(courses, eq(courses.id, purchases.courseId))
    .where(eq(purchases.userId, userId))
    .orderBy(asc(purchases.createdAt));
}

export function seatReservations(db: Db, userId: string) {
  return db
    .select({
      id: reservations.id,
      course: courses.title,
      startsAt: courseSessions.startsAt,
      nameGiven: reservations.clientName,
      status: reservations.status,
      servings: reservations.servings,
      seats: reservations.seats,
      guestNames: reservations.guestNames,
      dietaryNeeds: reservations.dietaryNeeds,
      cancelReason: reservations.cancelReason,
      cancelledAt: reservations.cancelledAt,
      createdAt: reservations.createdAt,
    })
    .from(reservations)
    .innerJoin(courseSessions, eq(courseSessions.id, reservations.sessionId))
    .innerJoin(courses, eq(courses.id, courseSessions.courseId))
    .where(eq(reservations.userId, userId))
    .orderBy(asc(reservations.createdAt));
}

export async function calendarFeed(db: Db, userId: string) {
  const [row] = await db
    .select({ createdAt: calendarFeeds.createdAt, lastFetchedAt: calendarFeeds.lastFetchedAt })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.userId, userId));
  return row ?? null;
}

/** Orders with their lines and refunds (credit notes); card data is the brand and last four digits only. */
export async function ordersWithLines(db: Db, userId: string) {
  const rows = await db
    // The receipt's columns repeated on purpose: this list is what leaves the site, and must not grow when the receipt does.
    .select({
      id: orders.id,
      receiptNumber: orders.number,
      status: orders.status,
      currency: orders.currency,
      province: orders.province,
      taxStatus: orders.taxStatus,
      subtotalCents: orders.subtotalCents,
      discountCents: orders.discountCents,
      taxCents: orders.taxCents,
      totalCents: orders.totalCents,
      taxLines: orders.taxLines,
      buyerName: orders.buyerName,
      buyerEmail: orders.buyerEmail,
      paymentMethodType: orders.paymentMethodType,
      paymentMethodBrand: orders.paymentMethodBrand,
      paymentMethodLast4: orders.paymentMethodLast4,
      periodStart: orders.periodStart,
      periodEnd: orders.periodEnd,
      paidAt: orders.paidAt,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(asc(orders.createdAt));
  const ids = rows.map((o) => o.id);
  const lines = ids.length
    ? await db
        .select({
          orderId: orderLines.orderId,
          position: orderLines.position,
          kind: orderLines.kind,
          description: orderLines.description,
          amountCents: orderLines.amountCents,
          discountCents: orderLines.discountCents,
          refundedCents: orderLines.refundedCents,
        })
        .from(orderLines)
        .where(inArray(orderLines.orderId, ids))
        .orderBy(asc(orderLines.position))
    : [];
  const credits = ids.length
    ? await db
        .select({
          orderId: refunds.orderId,
          creditNoteNumber: refunds.number,
          status: refunds.status,
          subtotalCents: refunds.subtotalCents,
          taxLines: refunds.taxLines,
          taxCents: refunds.taxCents,
          totalCents: refunds.totalCents,
          reason: refunds.reason,
          succeededAt: refunds.succeededAt,
          createdAt: refunds.createdAt,
        })
        .from(refunds)
        .where(inArray(refunds.orderId, ids))
        .orderBy(asc(refunds.createdAt))
    : [];
  return rows.map((o) => ({
    ...o,
    lines: lines.filter((l) => l.orderId === o.id).map(({ orderId: _, ...l }) => l),
    refunds: credits.filter((r) => r.orderId === o.id).map(({ orderId: _, ...r }) => r),
  }));
}

export function progress(db: Db, userId: string) {
  return db
    .select({
      courseId: courseProgress.courseId,
      course: courses.title,
      positionSeconds: courseProgress.positionSeconds,
      durationSeconds: courseProgress.durationSeconds,
      completedAt: courseProgress.completedAt,
      updatedAt: courseProgress.updatedAt,
    })
    .from(courseProgress)
    .innerJoin(courses, eq(courses.id, courseProgress.courseId))
    .where(eq(courseProgress.userId, userId));
}

export function inbox(db: Db, userId: string) {
  return db
    .select({ kind: notifications.kind, title: notifications.title, body: notifications.body, link: notifications.link, readAt: notifications.readAt, createdAt: notifications.createdAt })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(asc(notifications.createdAt));
}

export async function preferences(db: Db, userId: string) {
  const [row] = await db
    .select({ reminders: emailPreferences.reminders, prepKit: emailPreferences.prepKit, marketing: emailPreferences.marketing, updatedAt: emailPreferences.updatedAt })
    .from(emailPreferences)
    .where(eq(emailPreferences.userId, userId));
  return row ?? null;
}

/** E-mails the site decided to send this person (by id) and the copies kept in the outbox (by address). */
export async function emailsSent(db: Db, userId: string, email: string) {
  const deliveries = await db
    .select({ kind: emailDeliveries.kind, to: emailDeliveries.to, sentAt: emailDeliveries.sentAt, skippedReason: emailDeliveries.skippedReason, createdAt: emailDeliveries.createdAt })
    .from(emailDeliveries)
    .where(eq(emailDeliveries.userId, userId))
    .orderBy(asc(emailDeliveries.createdAt));
  const copies = await db
    .select({ subject: outboxEmails.subject, createdAt: outboxEmails.createdAt })
    .from(outboxEmails)
    .where(eq(outboxEmails.to, email))
    .orderBy(asc(outboxEmails.createdAt));
  return { deliveries, copies };
}

/** Back-office entries by this person, or about them, their orders or their seats. */
export function auditEntries(db: Db, userId: string, targetIds: string[]) {
  const targets = [userId, ...targetIds];
  return db
    .select({ action: auditLog.action, targetType: auditLog.targetType, targetId: auditLog.targetId, details: auditLog.details, createdAt: auditLog.createdAt, byYou: sql<boolean>`${auditLog.actorId} = ${userId}` })
    .from(auditLog)
    .where(or(eq(auditLog.actorId, userId), inArray(auditLog.targetId, targets)))
    .orderBy(asc(auditLog.createdAt));
}

/** The chef's notes about the person (« Clients »), with who wrote them. */
export async function notesAboutYou(db: Db, userId: string) {
  return db
    .select({ body: adminClientNotes.body, authorEmail: adminClientNotes.authorEmail, createdAt: adminClientNotes.createdAt, editedAt: adminClientNotes.editedAt })
    .from(adminClientNotes)
    .where(eq(adminClientNotes.userId, userId))
    .orderBy(asc(adminClientNotes.createdAt));
}
