// "Supprimer mon compte" (Loi 25): confirmed with SUPPRIMER and the password; every personal row
// deleted or erased in one transaction; orders, receipts and credit notes kept for the tax records
// without a name; the person signed out everywhere; the address free for a new account.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { is } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@shared/errors';
import { AVATAR_FIELD } from '@shared/schemas/account';
import type { CreditResponse } from '@shared/schemas/credit';
import * as schema from '../../src/server/db/schema';
import { accounts, courseProgress, emailDeliveries, favorites, notifications, orders, outboxEmails, profiles, reservations, sandboxSubscriptions, users } from '../../src/server/db/schema';
import { createPaymentProvider } from '../../src/server/integrations/payments';
import { createStripeProvider } from '../../src/server/integrations/payments/stripe';
import { createLogger } from '../../src/server/logger';
import { PERSONAL_DATA_TABLES } from '../../src/server/modules/privacy/coverage';
import { createAccountDeletion } from '../../src/server/modules/privacy/deletion';
import { createProviderCustomerDeletion, customerDeletionJobKey } from '../../src/server/modules/privacy/provider-customers';
import { QUEUE_RETRY, QUEUES } from '../../src/server/jobs/queues';
import { me, newSignedInUser, newSignedUpUser, post, send, sendForm, signUp } from '../setup/auth-client';
import { checkout, setProvince, SUCCESS_CARD } from '../setup/payments';
import { expectLedgersBalanced } from '../setup/credit-ledger';
import { allEntriesOf, appendAlone, balance } from '../../src/server/modules/credit/service';
import { startStripeApi, type StripeApi } from '../setup/stripe-api';
import { createTestApp, type TestApp } from '../setup/test-app';
import { testNow } from '../setup/test-clock';
import { createCourse, createRecipe, createReservation, createSession, createSubscription, setRole } from '../factories';
import { createFeed } from '../factories/calendar';
import { imageBytes } from '../factories/images';
import { createPaidOrder } from '../factories/orders';
import { providerIdOf, subscribeAndPay } from './subscriptions-helpers';

let t: TestApp;
let admin: { id: string; cookie: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = await newSignedInUser(t, 'Cheffe Admin');
  await setRole(t.db, admin.id, 'admin');
});
afterAll(async () => {
  await t?.close();
});

const HOUR = 3_600_000;
const errorOf = async (res: Response) => ((await res.json()) as ApiErrorBody).error;
const deleteAccount = (cookie: string, body: unknown) => send(t, 'POST', '/api/account/delete', { cookie, body });

/** Rows of `userId` in each table referencing users, per table (by every user-referencing column). */
async function rowsPerTable(userId: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const value of Object.values(schema)) {
    if (!is(value, PgTable)) continue;
    const config = getTableConfig(value);
    const columns = config.foreignKeys.filter((fk) => fk.reference().foreignTable === schema.users).flatMap((fk) => fk.reference().columns);
    if (config.name === 'users') columns.push(schema.users.id);
    for (const column of columns) {
      const [row] = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from ${value} where ${column} = ${userId}`).then((r) => ((r as { rows?: unknown }).rows ?? r) as { n: number }[]);
      counts[config.name] = (counts[config.name] ?? 0) + Number(row!.n);
    }
  }
  return counts;
}

async function learnerWithData() {
  const user = await newSignedUpUser(t, 'Rosalie Bergeron');
  await send(t, 'PATCH', '/api/account/profile', {
    cookie: user.cookie,
    body: { fullName: 'Rosalie Bergeron', phone: '514 555-0199', address: '1234 rue Saint-Denis, Montréal', province: 'QC' },
  });
  const form = new FormData();
  form.set(AVATAR_FIELD, new File([new Uint8Array(await imageBytes('png'))], 'moi.png', { type: 'image/png' }));
  const avatar = (await (await sendForm(t, '/api/account/avatar', form, user.cookie)).json()) as { avatarUrl: string };
  const course = await createCourse(t.db, { title: 'Tourtière du Lac' });
  const past = await createSession(t.db, course.id, { startsAt: new Date(testNow().getTime() - 48 * HOUR) });
  await createReservation(t.db, past.id, user.id, { clientName: 'Rosalie Bergeron', status: 'confirmed' });
  const order = await createPaidOrder(t.db, { user: { id: user.id, name: 'Rosalie Bergeron', email: user.email }, items: [{ courseId: course.id, description: 'Tourtière du Lac', amountCents: 4500 }] });
  const recipe = await createRecipe(t.db, { name: 'Pouding chômeur' });
  await t.db.insert(favorites).values({ userId: user.id, recipeId: recipe.id });
  // A place in a full session's « Liste d'attente »: it goes with the account (docs/decisions/0050).
  const full = await createSession(t.db, course.id, { capacity: 1 });
  await t.db.insert(schema.waitlistEntries).values({ userId: user.id, sessionId: full.id, seats: 1 });
  // A note the chef keeps about the person (« Clients »).
  await t.db.insert(schema.adminClientNotes).values({ userId: user.id, body: 'Allergique aux noix.', authorId: 'user_admin', authorEmail: 'cheffe@exemple.test' });
  await t.db.insert(courseProgress).values({ userId: user.id, courseId: course.id, positionSeconds: 120, durationSeconds: 600 });
  await t.db.insert(notifications).values({ userId: user.id, kind: 'booking.confirmed', title: 'Place confirmée', body: 'À bientôt', dedupeKey: `n-${user.id}` });
  await t.db.insert(schema.creditPreferences).values({ userId: user.id, automaticRefundsToCredit: true });
  await t.db.insert(emailDeliveries).values({ dedupeKey: `welcome-x:${user.id}`, kind: 'welcome', to: user.email, userId: user.id, sentAt: testNow() });
  await t.db.insert(outboxEmails).values({ to: user.email, subject: 'Bienvenue chez Toque', text: 'Bonjour Rosalie', html: '<p>Bonjour Rosalie</p>' });
  await send(t, 'PUT', '/api/account/email-preferences', { cookie: user.cookie, body: { reminders: false, prepKit: true, marketing: true } });
  await createFeed(t, user.cookie);
  await post(t, '/api/auth/request-password-reset', { email: user.email }, undefined, {}, '10.98.0.1');
  return { user, order, avatarUrl: avatar.avatarUrl };
}

describe('POST /api/account/delete — refusals change nothing', () => {
  it('without the word SUPPRIMER, without the password, or with a wrong password', async () => {
    const user = await newSignedUpUser(t);
    const wrongWord = await deleteAccount(user.cookie, { confirmation: 'supprimer', password: user.password });
    expect(wrongWord.status).toBe(400);
    expect((await errorOf(wrongWord)).code).toBe('ACCOUNT_DELETION_CONFIRMATION');
    const noPassword = await deleteAccount(user.cookie, { confirmation: 'SUPPRIMER' });
    expect(noPassword.status).toBe(400);
    expect((await errorOf(noPassword)).code).toBe('ACCOUNT_DELETION_CONFIRMATION');
    const wrongPassword = await deleteAccount(user.cookie, { confirmation: 'SUPPRIMER', password: 'pas-le-bon-mot-de-passe' });
    expect(wrongPassword.status).toBe(400);
    expect((await errorOf(wrongPassword)).code).toBe('INVALID_CURRENT_PASSWORD');
    expect((await me(t, user.cookie)).user?.email).toBe(user.email);
  });

  it('a visitor gets 401', async () => {
    expect((await deleteAccount('', { confirmation: 'SUPPRIMER', password: 'x' })).status).toBe(401);
  });

  it('a confirmed seat in a class still to come blocks (409) until the person cancels it', async () => {
    const user = await newSignedUpUser(t);
    const course = await createCourse(t.db);
    const session = await createSession(t.db, course.id, { startsAt: new Date(testNow().getTime() + 72 * HOUR) });
    await createReservation(t.db, session.id, user.id, { status: 'confirmed' });
    const res = await deleteAccount(user.cookie, { confirmation: 'SUPPRIMER', password: user.password });
    expect(res.status).toBe(409);
    expect((await errorOf(res)).code).toBe('ACCOUNT_DELETION_BLOCKED');
    expect((await me(t, user.cookie)).user?.email).toBe(user.email);
  });

  it("the admin's account is not deleted from Mon Compte", async () => {
    const res = await deleteAccount(admin.cookie, { confirmation: 'SUPPRIMER', password: 'x' });
    expect(res.status).toBe(409);
    expect((await errorOf(res)).code).toBe('ACCOUNT_DELETION_BLOCKED');
  });
});

describe('POST /api/account/delete — the deletion', () => {
  it('deletes or erases every personal row, keeps the orders without a name, and signs the person out', async () => {
    const { user, order, avatarUrl } = await learnerWithData();
    const before = await rowsPerTable(user.id);
    // A second device, signed in too.
    const otherDevice = (await post(t, '/api/auth/sign-in/email', { email: user.email, password: user.password }, undefined, {}, '10.99.0.1')).headers.getSetCookie();
    expect(otherDevice.length).toBeGreaterThan(0);

    const res = await deleteAccount(user.cookie, { confirmation: ' SUPPRIMER ', password: user.password });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().join('\n')).toMatch(/toque\.session_token=;.*Max-Age=0/i);

    const after = await rowsPerTable(user.id);
    for (const [table, { deletion }] of Object.entries(PERSONAL_DATA_TABLES)) {
      if (deletion === 'deleted') {
        expect(before[table], `${table} had rows before`).toBeGreaterThan(0);
        expect(after[table], `${table} after`).toBe(0);
      }
    }
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ name: 'Compte supprimé', email: `supprime-${user.id.toLowerCase()}@supprime.invalid`, image: null });
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.userId, user.id));
    expect(profile).toMatchObject({ fullName: 'Compte supprimé', phone: null, address: null, avatarUrl: null, province: null });
    expect(existsSync(path.join(t.deps.config.dataDir, 'uploads', avatarUrl.replace(/^\/media\//, '')))).toBe(false);
    const [kept] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(kept).toMatchObject({ buyerName: 'Client supprimé', buyerEmail: '', totalCents: order.totalCents, number: order.number, province: 'QC' });
    const seats = await t.db.select({ clientName: reservations.clientName }).from(reservations).where(eq(reservations.userId, user.id));
    expect(seats).toEqual([{ clientName: 'Compte supprimé' }]);
    const copies = await t.db.select().from(outboxEmails).where(eq(outboxEmails.subject, 'Bienvenue chez Toque'));
    expect(copies.some((c) => c.to === user.email || c.text.includes('Rosalie'))).toBe(false);
    const deliveries = await t.db.select({ to: emailDeliveries.to }).from(emailDeliveries).where(eq(emailDeliveries.userId, user.id));
    expect(deliveries.every((d) => d.to !== user.email)).toBe(true);

    // Signed out everywhere; the old password opens nothing; the address can sign up anew.
    expect((await me(t, user.cookie)).user).toBeNull();
    const signIn = await post(t, '/api/auth/sign-in/email', { email: user.email, password: user.password }, undefined, {}, '10.99.0.2');
    expect(signIn.status).toBe(401);
    expect((await signUp(t, user.email, 'Nouveau-Depart-2026')).status).toBe(200);
    const fresh = await post(t, '/api/auth/sign-in/email', { email: user.email, password: 'Nouveau-Depart-2026' }, undefined, {}, '10.99.0.3');
    expect(fresh.status).toBe(200);
    const [again] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, user.email));
    expect(again!.id).not.toBe(user.id);

    // Safe to repeat: a second run for the same person changes nothing and does not fail.
    const deletion = createAccountDeletion(t.deps, createPaymentProvider(t.deps));
    await expect(deletion.delete(user.id, { confirmation: 'SUPPRIMER', password: user.password })).resolves.toBeUndefined();
  });

  it('an account made through the identity provider (no password) is deleted with the word alone', async () => {
    const user = await newSignedInUser(t, 'Olivier Gagné');
    await t.db.insert(accounts).values({ id: `acc_${user.id}`, accountId: `sub-${user.id}`, providerId: 'oidc:https://idp.exemple.test', userId: user.id });
    const res = await deleteAccount(user.cookie, { confirmation: 'SUPPRIMER' });
    expect(res.status).toBe(200);
    expect(await t.db.select().from(accounts).where(eq(accounts.userId, user.id))).toEqual([]);
    expect((await me(t, user.cookie)).user).toBeNull();
  });

  it("the admin's receipt, order and lists still work, naming 'Client supprimé'", async () => {
    const { user, order } = await learnerWithData();
    expect((await deleteAccount(user.cookie, { confirmation: 'SUPPRIMER', password: user.password })).status).toBe(200);
    const receipt = await send(t, 'GET', `/api/orders/${order.id}/receipt`, { cookie: admin.cookie });
    expect(receipt.status).toBe(200);
    const html = await receipt.text();
    expect(html).toContain('Client supprimé');
    expect(html).not.toContain('Rosalie');
    const detail = await send(t, 'GET', `/api/admin/orders/${order.id}`, { cookie: admin.cookie });
    expect(detail.status).toBe(200);
    expect(await detail.text()).toContain('Client supprimé');
    for (const list of ['/api/admin/orders', '/api/admin/sales', '/api/admin/reservations', '/api/admin/outbox']) {
      const res = await send(t, 'GET', list, { cookie: admin.cookie });
      expect(res.status, list).toBe(200);
      const text = await res.text();
      expect(text, list).not.toContain(user.email);
      if (list === '/api/admin/outbox') expect(text).toContain('"to":"Compte supprimé"');
    }
  });

  it('an active membership stops renewing at the provider (no refund), then the account goes', async () => {
    const user = await newSignedUpUser(t, 'Marie Membre');
    await setProvince(t, user.id, 'QC');
    await subscribeAndPay(t, user.cookie, SUCCESS_CARD);
    const providerId = await providerIdOf(t, user.id);
    const res = await deleteAccount(user.cookie, { confirmation: 'SUPPRIMER', password: user.password });
    expect(res.status).toBe(200);
    const [atProvider] = await t.db.select().from(sandboxSubscriptions).where(eq(sandboxSubscriptions.id, providerId));
    expect(atProvider!.cancelAtPeriodEnd).toBe(true);
    expect((await me(t, user.cookie)).user).toBeNull();
  });
});

describe('POST /api/account/delete — a « Crédit Toque » balance left (docs/decisions/0044)', () => {
  it('is said with its amount (credit an unpaid order holds included) and must be renounced, that very amount, before the account goes', async () => {
    const user = await newSignedUpUser(t, 'Hélène Crédit');
    await setProvince(t, user.id, 'QC');
    await appendAlone(t.db, { userId: user.id, amountCents: 1250, kind: 'admin_credit', reason: 'Geste', idempotencyKey: `k-${user.id}-1` });
    // An order left unpaid holds all of it (20,00 $ + taxes = 23,00 $: the card would pay the rest).
    const course = await createCourse(t.db, { title: 'Cretons maison', isLive: false, priceCents: 2000 });
    const held = await checkout(t, user.cookie, { items: [{ courseId: course.id }], useCredit: true });
    expect(held.body.order).toMatchObject({ status: 'pending', creditAppliedCents: 1250 });
    await appendAlone(t.db, { userId: user.id, amountCents: 300, kind: 'admin_credit', reason: 'Geste', idempotencyKey: `k-${user.id}-2` });
    const credit = (await (await send(t, 'GET', '/api/account/credit', { cookie: user.cookie })).json()) as CreditResponse;
    expect(credit).toMatchObject({ balanceCents: 300, heldCents: 1250 });

    const unconfirmed = await deleteAccount(user.cookie, { confirmation: 'SUPPRIMER', password: user.password });
    expect(unconfirmed.status).toBe(409);
    const error = await errorOf(unconfirmed);
    expect(error.code).toBe('ACCOUNT_DELETION_CREDIT');
    expect(error.message).toContain('Il vous reste 15,50 $ de crédit Toque.');
    expect(error.message).not.toContain('versement');
    // Another amount than what is left (the balance without the held part) is no confirmation either.
    const wrongAmount = await deleteAccount(user.cookie, { confirmation: 'SUPPRIMER', password: user.password, forfeitCreditCents: 300 });
    expect((await errorOf(wrongAmount)).code).toBe('ACCOUNT_DELETION_CREDIT');
    expect((await me(t, user.cookie)).user?.email).toBe(user.email);
    expect(await balance(t.db, user.id)).toBe(300);

    const done = await deleteAccount(user.cookie, { confirmation: 'SUPPRIMER', password: user.password, forfeitCreditCents: 1550 });
    expect(done.status).toBe(200);
    expect((await me(t, user.cookie)).user).toBeNull();
    const [order] = await t.db.select().from(orders).where(eq(orders.id, held.body.order.id));
    expect(order!.status).toBe('canceled');
    // The held credit came back with the order's close, then the whole balance was renounced: the ledger sums to 0.
    const entries = (await allEntriesOf(t.db, user.id)).map((e) => `${e.kind} ${e.amountCents}`).sort();
    expect(entries).toEqual(['admin_credit 1250', 'admin_credit 300', 'forfeited_at_deletion -1550', 'order_payment -1250', 'order_payment_reversed 1250']);
    expect(await balance(t.db, user.id)).toBe(0);
    await expectLedgersBalanced(t.db);
  });

  it('under 5 $ the message also offers the payout; none left: nothing asked', async () => {
    const user = await newSignedUpUser(t, 'Petit Solde');
    await appendAlone(t.db, { userId: user.id, amountCents: 420, kind: 'admin_credit', reason: 'Geste', idempotencyKey: `k-${user.id}` });
    const res = await deleteAccount(user.cookie, { confirmation: 'SUPPRIMER', password: user.password });
    expect((await errorOf(res)).message).toContain('Il vous reste 4,20 $ de crédit Toque. Vous pouvez l’utiliser avant de partir ou en demander le versement');
    // Paid out on request (« Demander le versement »), the balance is 0 and the account goes without a word.
    expect((await send(t, 'POST', '/api/account/credit/payout', { cookie: user.cookie, body: { key: `payout-${user.id}` } })).status).toBe(200);
    expect((await deleteAccount(user.cookie, { confirmation: 'SUPPRIMER', password: user.password })).status).toBe(200);
    expect((await allEntriesOf(t.db, user.id)).map((e) => e.kind).sort()).toEqual(['admin_credit', 'payout']);
  });
});

describe('the customer at Stripe', () => {
  let api: StripeApi;
  beforeAll(async () => {
    api = await startStripeApi();
  });
  afterAll(() => api.close());

  /** The deletion with the real Stripe adapter, its API a local stand-in; the log kept. */
  function stripeDeletion() {
    const lines: { level: number; msg: string; customerId?: string }[] = [];
    const logger = createLogger({ logLevel: 'info', env: 'production' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    const provider = createStripeProvider(
      { secretKey: 'sk_test_toque_suppression', publishableKey: 'pk_test_toque', webhookSecret: 'whsec_toque_suppression' },
      { now: () => new Date(), endpoint: api.endpoint, maxNetworkRetries: 0 },
    );
    return { deletion: createAccountDeletion({ ...t.deps, logger }, provider), worker: createProviderCustomerDeletion({ ...t.deps, logger }, provider), lines };
  }

  /** The deletion job queued for a Stripe customer (its key names the provider and the customer), if any. */
  const customerJob = (customerId: string) => t.jobs.get(QUEUES.customerDelete, { key: customerDeletionJobKey('stripe', customerId) });

  /** A former member: their membership ended, their customer still at Stripe. */
  async function formerMember(customerId: string) {
    const user = await newSignedUpUser(t, 'Jeanne Ancienne');
    const ended = new Date(testNow().getTime() - 30 * 24 * HOUR);
    await createSubscription(t.db, user.id, { provider: 'stripe', status: 'canceled', providerCustomerId: customerId, currentPeriodEnd: ended, endedAt: ended });
    return user;
  }

  const emailOf = async (userId: string) => (await t.db.select({ email: users.email }).from(users).where(eq(users.id, userId)))[0]!.email;

  it('is deleted at Stripe once the account is', async () => {
    api.reset();
    const user = await formerMember('cus_test_supprime');
    api.on('DELETE', '/v1/customers/cus_test_supprime', () => ({ body: { id: 'cus_test_supprime', object: 'customer', deleted: true } }));
    const { deletion, lines } = stripeDeletion();
    await deletion.delete(user.id, { confirmation: 'SUPPRIMER', password: user.password });
    expect(api.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['DELETE /v1/customers/cus_test_supprime']);
    expect(api.requests[0]!.headers.authorization).toBe('Bearer sk_test_toque_suppression');
    expect(await emailOf(user.id)).toMatch(/@supprime\.invalid$/);
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
    // The job the transaction queued in case this try failed has nothing left to do.
    expect((await customerJob('cus_test_supprime'))?.state).toBe('cancelled');
  });

  it('one Stripe no longer has counts as deleted', async () => {
    api.reset();
    const user = await formerMember('cus_test_disparu');
    api.on('DELETE', '/v1/customers/cus_test_disparu', () => ({
      status: 404,
      body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such customer' } },
    }));
    const { deletion, lines } = stripeDeletion();
    await deletion.delete(user.id, { confirmation: 'SUPPRIMER', password: user.password });
    expect(api.requests).toHaveLength(1);
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
    expect((await customerJob('cus_test_disparu'))?.state).toBe('cancelled');
  });

  it('Stripe failing does not undo the deletion: the queued job tries again until Stripe accepts', async () => {
    api.reset();
    const user = await formerMember('cus_test_reste');
    let stripeUp = false;
    api.on('DELETE', '/v1/customers/cus_test_reste', () =>
      stripeUp ? { body: { id: 'cus_test_reste', object: 'customer', deleted: true } } : { status: 500, body: { error: { type: 'api_error', message: 'Stripe en panne' } } },
    );
    const { deletion, worker, lines } = stripeDeletion();
    const before = Date.now();
    await expect(deletion.delete(user.id, { confirmation: 'SUPPRIMER', password: user.password })).resolves.toBeUndefined();
    expect(api.requests).toHaveLength(1);
    expect(await emailOf(user.id)).toMatch(/@supprime\.invalid$/);
    // Not yet the operator's business: a warning, and the job waiting its turn.
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
    expect(lines.filter((l) => l.level === 40)).toEqual([expect.objectContaining({ customerId: 'cus_test_reste', msg: expect.stringContaining('will try again') })]);
    const job = await customerJob('cus_test_reste');
    expect(job).toMatchObject({ state: 'created', data: { provider: 'stripe', customerId: 'cus_test_reste', userId: user.id } });
    expect(job!.startAfter.getTime()).toBeGreaterThan(before + 5 * 60_000);

    // A retry while Stripe is still down fails the job again (pg-boss waits longer each time).
    await expect(worker.work({ data: job!.data, retryCount: 2 })).rejects.toThrow();
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
    // Stripe back: the next retry deletes the customer.
    stripeUp = true;
    await worker.work({ data: job!.data, retryCount: 3 });
    expect(api.requests.map((r) => `${r.method} ${r.path}`)).toEqual(Array(3).fill('DELETE /v1/customers/cus_test_reste'));
    expect(lines.at(-1)).toMatchObject({ level: 30, customerId: 'cus_test_reste', msg: expect.stringContaining('deleted') });
  });

  it('the last retry failing is an error naming the customer, for the operator', async () => {
    api.reset();
    api.on('DELETE', '/v1/customers/cus_test_perdu', () => ({ status: 500, body: { error: { type: 'api_error', message: 'Stripe en panne' } } }));
    const { worker, lines } = stripeDeletion();
    const data = { provider: 'stripe', customerId: 'cus_test_perdu', userId: 'u_supprime' };
    await expect(worker.work({ data, retryCount: QUEUE_RETRY['payments.customer_delete'].retryLimit })).rejects.toThrow();
    expect(lines.filter((l) => l.level >= 50)).toEqual([expect.objectContaining({ level: 50, customerId: 'cus_test_perdu', msg: expect.stringContaining('NOT deleted') })]);
  });
});
