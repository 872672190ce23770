// "Télécharger mes données" (Loi 25): GET /api/account/data-export gives the signed-in person every
// row that names them, as one JSON attachment, and never a secret. The schema is read to find every
// table referencing users: one missing from the privacy coverage fails here (deny by default).
import { randomBytes } from 'node:crypto';
import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../src/server/db/schema';
import {
  accounts,
  adminRecoveryCodes,
  adminSecondFactors,
  auditLog,
  courseProgress,
  emailDeliveries,
  creditPreferences,
  emailPreferences,
  favorites,
  notifications,
  outboxEmails,
  passwordResetTokens,
  refunds,
  sessions,
} from '../../src/server/db/schema';
import { PERSONAL_DATA_TABLES } from '../../src/server/modules/privacy/coverage';
import { newSignedUpUser, send } from '../setup/auth-client';
import { createTestApp, type TestApp } from '../setup/test-app';
import { testNow } from '../setup/test-clock';
import { createCourse, createRecipe, createReservation, createSession, createSubscription } from '../factories';
import { createFeed } from '../factories/calendar';
import { createPaidOrder } from '../factories/orders';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** Every table with a column referencing users.id (and users itself): what the coverage must name. */
function tablesReferencingUsers(): string[] {
  const names = new Set<string>(['users']);
  for (const value of Object.values(schema)) {
    if (!is(value, PgTable)) continue;
    const config = getTableConfig(value);
    if (config.foreignKeys.some((fk) => fk.reference().foreignTable === schema.users)) names.add(config.name);
  }
  return [...names].sort();
}

const HOUR = 3_600_000;

/** A person with a row in every table the coverage lists, and the secrets those rows hold. */
async function personWithEverything() {
  const user = await newSignedUpUser(t, 'Rosalie Bergeron');
  await send(t, 'PATCH', '/api/account/profile', {
    cookie: user.cookie,
    body: { fullName: 'Rosalie Bergeron', phone: '514 555-0199', address: '1234 rue Saint-Denis, Montréal', province: 'QC' },
  });
  const course = await createCourse(t.db, { title: 'Tourtière du Lac', teacherId: user.id });
  const session = await createSession(t.db, course.id, { startsAt: new Date(testNow().getTime() - 48 * HOUR) });
  const seat = await createReservation(t.db, session.id, user.id, { clientName: 'Rosalie Bergeron', status: 'confirmed' });
  // A gift of the seat to a friend, still waiting (docs/decisions/0051).
  await t.db.insert(schema.reservationTransfers).values({ reservationId: seat.id, kind: 'gift', status: 'pending', fromUserId: user.id, toEmail: 'jules.ami@example.com', fromSessionId: session.id, idempotencyKey: `g-${randomBytes(4).toString('hex')}` });
  const order = await createPaidOrder(t.db, { user: { id: user.id, name: 'Rosalie Bergeron', email: user.email }, items: [{ courseId: course.id, description: 'Tourtière du Lac', amountCents: 4500 }] });
  await t.db.insert(refunds).values({
    orderId: order.id,
    lines: [],
    subtotalCents: 1000,
    taxLines: [],
    taxCents: 150,
    totalCents: 1150,
    createdBy: user.id,
    idempotencyKey: `k-${randomBytes(4).toString('hex')}`,
  });
  await createSubscription(t.db, user.id);
  // « Crédit Toque »: a credit the chef gave.
  await t.db.insert(schema.creditEntries).values({ userId: user.id, amountCents: 1500, kind: 'admin_credit', reason: 'Geste commercial', idempotencyKey: `c-${randomBytes(4).toString('hex')}` });
  // A gift card the person bought for a friend (paid: it has its code).
  const giftLine = order.lines[0]!;
  const [giftCard] = await t.db.insert(schema.giftCards).values({
    code: `TEST${randomBytes(6).toString('hex').toUpperCase()}`.slice(0, 16),
    orderId: order.id,
    orderLineId: giftLine.id,
    buyerId: user.id,
    status: 'active',
    amountCents: 2500,
    recipientName: 'Jules Ami',
    recipientEmail: 'jules.ami@example.com',
    message: 'Bonne fête !',
    deliverAt: testNow(),
  }).returning();
  // Months of membership the person was given (a membership gift card, decision 0042).
  await t.db.insert(schema.membershipGrants).values({ userId: user.id, giftCardId: giftCard!.id, months: 3, startsAt: testNow(), endsAt: new Date(testNow().getTime() + 90 * 24 * HOUR) });
  const recipe = await createRecipe(t.db, { name: 'Pouding chômeur' });
  await t.db.insert(favorites).values({ userId: user.id, recipeId: recipe.id });
  // A place in another session's « Liste d'attente » (docs/decisions/0050).
  const fullSession = await createSession(t.db, course.id, { capacity: 1 });
  await t.db.insert(schema.waitlistEntries).values({ userId: user.id, sessionId: fullSession.id, seats: 2 });
  // A note the chef keeps about the person (« Clients »).
  await t.db.insert(schema.adminClientNotes).values({ userId: user.id, body: 'Allergique aux noix.', authorId: 'user_admin', authorEmail: 'cheffe@exemple.test' });
  await t.db.insert(courseProgress).values({ userId: user.id, courseId: course.id, positionSeconds: 120, durationSeconds: 600 });
  await t.db.insert(notifications).values({ userId: user.id, kind: 'booking.confirmed', title: 'Place confirmée', body: 'À bientôt', dedupeKey: `n-${user.id}` });
  await t.db.insert(emailPreferences).values({ userId: user.id, marketing: true });
  await t.db.insert(creditPreferences).values({ userId: user.id, automaticRefundsToCredit: true });
  await t.db.insert(emailDeliveries).values({ dedupeKey: `welcome-x:${user.id}`, kind: 'welcome', to: user.email, userId: user.id, sentAt: testNow() });
  await t.db.insert(outboxEmails).values({ to: user.email, subject: 'Bienvenue chez Toque', text: 'Bonjour Rosalie', html: '<p>Bonjour Rosalie</p>' });
  await t.db.insert(auditLog).values({ actorId: 'admin_x', actorEmail: 'cheffe@toque.test', action: 'order.refund', targetType: 'order', targetId: order.id });
  const resetHash = randomBytes(32).toString('hex');
  await t.db.insert(passwordResetTokens).values({ userId: user.id, tokenHash: resetHash, expiresAt: new Date(testNow().getTime() + HOUR) });
  const totpSecret = `TOTP-SECRET-${randomBytes(8).toString('hex')}`;
  const recoveryHash = randomBytes(32).toString('hex');
  await t.db.insert(adminSecondFactors).values({ userId: user.id, secret: totpSecret, confirmedAt: testNow() });
  await t.db.insert(adminRecoveryCodes).values({ userId: user.id, codeHash: recoveryHash });
  const feed = await createFeed(t, user.cookie);
  const [credential] = await t.db.select({ password: accounts.password }).from(accounts).where(eq(accounts.userId, user.id));
  const [session0] = await t.db.select({ token: sessions.token }).from(sessions).where(eq(sessions.userId, user.id));
  const secrets = [credential!.password!, session0!.token, resetHash, totpSecret, recoveryHash, feed.url.split('/').pop()!.replace(/\.ics$/, '')];
  return { user, order, secrets };
}

async function download(cookie?: string) {
  return send(t, 'GET', '/api/account/data-export', { cookie });
}

describe('GET /api/account/data-export', () => {
  it('every table referencing users is covered by the export and the deletion (deny by default)', () => {
    expect(Object.keys(PERSONAL_DATA_TABLES).sort()).toEqual(tablesReferencingUsers());
  });

  it('is one JSON attachment, never stored by a cache, with every covered section filled', async () => {
    const { user, order, secrets } = await personWithEverything();
    const res = await download(user.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="toque-mes-donnees-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const text = await res.text();
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the export's JSON, walked by the assertions below
    const data = JSON.parse(text) as Record<string, unknown> & Record<string, any>;

    for (const [table, { export: coverage }] of Object.entries(PERSONAL_DATA_TABLES)) {
      if ('excluded' in coverage) continue;
      const section = data[coverage.section];
      expect(section, `section ${coverage.section} (${table})`).toBeTruthy();
      if (Array.isArray(section)) expect(section.length, `section ${coverage.section} (${table})`).toBeGreaterThan(0);
    }
    expect(data.account).toMatchObject({ id: user.id, name: 'Rosalie Bergeron', email: user.email });
    expect(data.profile).toMatchObject({ phone: '514 555-0199', address: '1234 rue Saint-Denis, Montréal', province: 'QC' });
    expect(data.signInMethods).toEqual([expect.objectContaining({ provider: 'credential' })]);
    expect(data.sessions[0]).toEqual(expect.objectContaining({ createdAt: expect.any(String) }));
    expect(Object.keys(data.sessions[0]).sort()).toEqual(['createdAt', 'expiresAt', 'ipAddress', 'userAgent']);
    const exportedOrder = data.orders.find((o: { id: string }) => o.id === order.id);
    expect(exportedOrder).toMatchObject({ receiptNumber: order.number, totalCents: order.totalCents, province: 'QC' });
    expect(exportedOrder.lines).toEqual([expect.objectContaining({ description: 'Tourtière du Lac', amountCents: 4500 })]);
    expect(exportedOrder.refunds).toEqual([expect.objectContaining({ totalCents: 1150, creditNoteNumber: expect.any(Number) })]);
    expect(data.reservations).toEqual([expect.objectContaining({ course: 'Tourtière du Lac', status: 'confirmed' })]);
    expect(data.favorites).toEqual([expect.objectContaining({ recipe: 'Pouding chômeur' })]);
    expect(data.storeCredit).toEqual({
      balanceCents: 1500,
      entries: [expect.objectContaining({ amountCents: 1500, kind: 'admin_credit', label: 'Crédit offert par Toque', reason: 'Geste commercial' })],
      automaticRefundsToCredit: true,
    });
    expect(data.notesAboutYou).toEqual([expect.objectContaining({ body: 'Allergique aux noix.', authorEmail: 'cheffe@exemple.test' })]);
    expect(data.calendarFeed).toMatchObject({ exists: true });
    expect(data.emailsSent.copies).toEqual([expect.objectContaining({ subject: 'Bienvenue chez Toque' })]);
    expect(data.emailPreferences).toMatchObject({ marketing: true });
    expect(data.secondFactor).toMatchObject({ unusedRecoveryCodes: 1 });
    expect(data.auditEntries).toEqual([expect.objectContaining({ action: 'order.refund', targetId: order.id })]);

    // No secret, in any form: password hash, session token, reset and recovery hashes, TOTP secret, feed token.
    for (const secret of secrets) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/"(password|token|tokenHash|secret|codeHash|accessToken|refreshToken|idToken)"\s*:/);
  });

  it("holds only the signed-in person's rows", async () => {
    const other = await newSignedUpUser(t, 'Yannick Côté');
    await createPaidOrder(t.db, { user: { id: other.id, name: 'Yannick Côté', email: other.email }, items: [{ courseId: null, description: 'Autre', amountCents: 1000 }] });
    const me = await newSignedUpUser(t, 'Léa Fortin');
    const text = await (await download(me.cookie)).text();
    expect(text).toContain('Léa Fortin');
    expect(text).not.toContain('Yannick');
    expect(text).not.toContain(other.email);
  });

  it('a visitor gets 401', async () => {
    const res = await download();
    expect(res.status).toBe(401);
  });
});

describe('GET /api/legal/privacy', () => {
  it('names the configured privacy officer and the retention periods', async () => {
    const res = await send(t, 'GET', '/api/legal/privacy');
    expect(res.status).toBe(200);
    const body = (await res.json()) as { privacyOfficer: { name: string; email: string }; retention: unknown[] };
    expect(body.privacyOfficer).toEqual(t.deps.config.privacyOfficer);
    expect(body.retention.length).toBeGreaterThan(3);
  });

  it('the privacy page carries it in its first HTML', async () => {
    const html = await (await t.request('/privacy-policy')).text();
    expect(html).toContain(t.deps.config.privacyOfficer.email);
  });
});
