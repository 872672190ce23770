// The class preparation kit, from a real payment on the sandbox to a real SMTP server: a confirmed
// seat gets, 72 h before its class, the kit scaled to the servings chosen when booking (the
// session's own kit over the course's), once; a learner who turned these e-mails off gets none (the
// ledger says 'preference'). The admin previews the e-mail for N servings, sets the session's kit,
// and re-sends it to every confirmed attendee — once per press. Admin only; French messages.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionPrepKitView } from '@shared/schemas/prep-kit';
import { auditLog, courses, emailDeliveries, notifications, reservations } from '../../src/server/db/schema';
import { QUEUES } from '../../src/server/jobs/queues';
import { prepKitJobKey, prepKitWorker } from '../../src/server/modules/prep-kit/job';
import { createCourse, createReservation, createSession, setRole } from '../factories';
import { newSignedInUser, send } from '../setup/auth-client';
import { parseMail } from '../setup/mime';
import { checkout, confirm, deliverEvents, newKey, setProvince, SUCCESS_CARD } from '../setup/payments';
import { startSmtpServer } from '../setup/smtp';
import { createTestApp, type TestApp } from '../setup/test-app';
import { idle, until } from '../setup/until';
import { testNow } from '../setup/test-clock';

const SECOND = 1000;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// The app's clock stands still; the database's runs: a job due 3 s after the payment runs then.
const clock = testNow().getTime();
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let admin: { id: string; cookie: string };

const CREPES_KIT = ['250 g de farine', '4 œufs', '1/2 l de lait', 'Sel au goût', 'Matériel :', 'Un grand bol', '2 poêles à crêpes'].join('\n');

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ now: () => new Date(clock), config: { smtpUrl: smtp.url } });
  await t.jobs.start();
  admin = await newSignedInUser(t, 'Cheffe Admin');
  await setRole(t.db, admin.id, 'admin');
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

type Learner = { id: string; email: string; cookie: string };

async function learner(name: string): Promise<Learner> {
  const user = await newSignedInUser(t, name);
  await setProvince(t, user.id, 'QC');
  return user;
}

async function kitCourse(title: string, kit: string | null = CREPES_KIT, servings: number | null = 4) {
  return createCourse(t.db, { title, isLive: true, priceCents: 5000, prepKit: kit, prepKitServings: servings });
}

/** Holds (choosing `servings`), pays and confirms a seat. */
async function paidSeat(user: Learner, courseId: string, sessionId: string, servings: number) {
  const held = await send(t, 'POST', '/api/booking/holds', { cookie: user.cookie, body: { sessionId, servings } });
  expect(held.status).toBe(201);
  const hold = (await held.json()) as { hold: { id: string } };
  const [stored] = await t.db.select({ servings: reservations.servings }).from(reservations).where(eq(reservations.id, hold.hold.id));
  expect(stored!.servings).toBe(servings);
  const order = await checkout(t, user.cookie, { idempotencyKey: newKey(), items: [{ courseId, sessionId }] });
  expect(order.status).toBe(201);
  expect((await confirm(t, user.cookie, order.body.payment!, SUCCESS_CARD)).body.status).toBe('succeeded');
  expect((await deliverEvents(t)).statuses.every((s) => s === 200)).toBe(true);
  return hold.hold.id;
}

/** The kit job of a seat (its key names the seat and the class's start), if one was sent. */
const kitJob = (reservationId: string, startsAt: Date) => t.jobs.get(QUEUES.prepKit, { key: prepKitJobKey(reservationId, startsAt) });

const delivery = async (key: string) => (await t.db.select().from(emailDeliveries).where(eq(emailDeliveries.dedupeKey, key)))[0] ?? null;
const kitMailsTo = (address: string) =>
  smtp.inbox
    .filter((m) => m.to.includes(address))
    .map((m) => parseMail(m.raw))
    .filter((m) => m.subject.startsWith('Trousse de préparation'));
const kitNotices = (userId: string) => t.db.select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.kind, 'prep_kit')));
const sentDeliveries = (userId: string) =>
  t.db.select().from(emailDeliveries).where(and(eq(emailDeliveries.userId, userId), eq(emailDeliveries.kind, 'prep_kit')));

describe('the kit e-mailed 72 h before', () => {
  it('runs when due, scaled to the servings chosen when booking, once (the job run twice)', async () => {
    const user = await learner('Marie Tremblay');
    const course = await kitCourse('Crêpes de la Chandeleur');
    const session = await createSession(t.db, course.id, { startsAt: new Date(clock + 72 * HOUR + 3 * SECOND) });
    const reservationId = await paidSeat(user, course.id, session.id, 6);

    expect(await kitJob(reservationId, session.startsAt)).toMatchObject({ data: { reservationId } });
    const row = await until('kit sent', () => delivery(`prep_kit:${reservationId}`), (d) => !!d?.sentAt);
    expect(row).toMatchObject({ kind: 'prep_kit', to: user.email, userId: user.id, skippedReason: null });

    // The same job once more (at least once delivery): nothing new.
    expect(await prepKitWorker(t.deps)({ data: { reservationId } })).toBe('already');
    await until('kit job done', () => kitJob(reservationId, session.startsAt), (job) => job?.state === 'completed');
    await idle(t.jobs, [QUEUES.emailSend]);
    const mails = kitMailsTo(user.email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe('Trousse de préparation : Crêpes de la Chandeleur');
    expect(mail.text).toContain('Bonjour Marie Tremblay,');
    expect(mail.text).toContain('Ingrédients (pour 6 personnes) :');
    for (const line of ['• 375 g de farine', '• 6 œufs', '• 750 ml de lait', '• Sel au goût', '• Un grand bol', '• 2 poêles à crêpes']) expect(mail.text).toContain(line);
    expect(mail.text).toMatch(/Date : \S+ \d+ \S+ 20\d\d à \d\d\sh\s\d\d\s(HNE|HAE)/);
    expect(mail.text).toContain('Bonne cuisine !');
    expect(mail.text).toContain('Ne plus recevoir les trousses de préparation : http://toque.test/desabonnement?token=');
    expect(mail.html).toContain('375 g de farine');
    expect(mail.headers['list-unsubscribe']).toMatch(/^<http:\/\/toque\.test\/api\/unsubscribe\?token=/);
    expect(await kitNotices(user.id)).toMatchObject([{ title: 'Trousse de préparation : Crêpes de la Chandeleur', link: '/calendrier' }]);
  });

  it('waits until 72 h before a later class, and the session’s own kit replaces the course’s', async () => {
    const user = await learner('Julien Gagnon');
    const course = await kitCourse('Tourtière en famille');
    const startsAt = new Date(clock + 10 * DAY);
    const session = await createSession(t.db, course.id, { startsAt });
    const own = await send(t, 'PUT', `/api/admin/sessions/${session.id}/prep-kit`, { cookie: admin.cookie, body: { prepKit: '500 g de porc haché\n1 oignon\nMatériel : un rouleau à pâte' } });
    expect(own.status).toBe(200);
    const reservationId = await paidSeat(user, course.id, session.id, 2);

    const job = await kitJob(reservationId, startsAt);
    expect(job).toMatchObject({ state: 'created' });
    expect(job!.startAfter.getTime() - Date.now()).toBeGreaterThan(7 * DAY - HOUR);
    // Run early (a session moved later): sent again for its moment, nothing sent.
    expect(await prepKitWorker(t.deps)({ data: { reservationId } })).toBe('rescheduled');
    expect(await delivery(`prep_kit:${reservationId}`)).toBeNull();

    const due = prepKitWorker({ ...t.deps, now: () => new Date(startsAt.getTime() - 72 * HOUR) });
    expect(await due({ data: { reservationId } })).toBe('queued');
    expect(await due({ data: { reservationId } })).toBe('already');
    await until('kit sent', () => delivery(`prep_kit:${reservationId}`), (d) => !!d?.sentAt);
    const mails = kitMailsTo(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Ingrédients (pour 2 personnes) :');
    expect(mails[0]!.text).toContain('• 250 g de porc haché');
    expect(mails[0]!.text).toContain('• 1/2 oignon');
    expect(mails[0]!.text).toContain('• un rouleau à pâte');
    expect(mails[0]!.text).not.toContain('farine');
  });

  it('turned off in the preferences: no e-mail, the ledger says why; no kit or a cancelled seat: nothing', async () => {
    const user = await learner('Paul Sanstrousse');
    const off = await send(t, 'PUT', '/api/account/email-preferences', { cookie: user.cookie, body: { reminders: true, prepKit: false, marketing: false } });
    expect(off.status).toBe(200);
    const course = await kitCourse('Pouding chômeur');
    const session = await createSession(t.db, course.id, { startsAt: new Date(clock + 2 * DAY) });
    const seat = await createReservation(t.db, session.id, user.id, { servings: 3 });
    const run = prepKitWorker(t.deps);
    expect(await run({ data: { reservationId: seat.id } })).toBe('preference');
    expect(await delivery(`prep_kit:${seat.id}`)).toMatchObject({ skippedReason: 'preference', sentAt: null });
    expect(await run({ data: { reservationId: seat.id } })).toBe('already');

    const bare = await kitCourse('Cours sans trousse', null, null);
    const bareSession = await createSession(t.db, bare.id, { startsAt: new Date(clock + 2 * DAY) });
    const other = await learner('Léa Sanskit');
    const bareSeat = await createReservation(t.db, bareSession.id, other.id);
    expect(await run({ data: { reservationId: bareSeat.id } })).toBe('no_kit');
    const cancelled = await createReservation(t.db, session.id, other.id, { status: 'cancelled' });
    expect(await run({ data: { reservationId: cancelled.id } })).toBe('not_confirmed');
    await idle(t.jobs, [QUEUES.emailSend]);
    expect(kitMailsTo(user.email)).toEqual([]);
    expect(kitMailsTo(other.email)).toEqual([]);
  });
});

describe('the admin’s kit tools', () => {
  it('previews the e-mail for N servings, with the course’s kit until the session has its own', async () => {
    const course = await kitCourse('Soupe aux pois');
    const session = await createSession(t.db, course.id, { startsAt: new Date(clock + 5 * DAY) });
    const res = await send(t, 'GET', `/api/admin/sessions/${session.id}/prep-kit?servings=8`, { cookie: admin.cookie });
    expect(res.status).toBe(200);
    const { prepKit } = (await res.json()) as { prepKit: { hasKit: boolean; kitServings: number; sessionKit: string | null; courseKit: string; preview: { servings: number; subject: string; html: string; text: string } } };
    expect(prepKit).toMatchObject({ hasKit: true, kitServings: 4, sessionKit: null, courseKit: CREPES_KIT });
    expect(prepKit.preview.servings).toBe(8);
    expect(prepKit.preview.subject).toBe('Trousse de préparation : Soupe aux pois');
    expect(prepKit.preview.text).toContain('Ingrédients (pour 8 personnes) :');
    expect(prepKit.preview.text).toContain('• 500 g de farine');
    expect(prepKit.preview.text).toContain('• 1 l de lait');
    expect(prepKit.preview.html).toContain('8 œufs');

    const byDefault = (await (await send(t, 'GET', `/api/admin/sessions/${session.id}/prep-kit`, { cookie: admin.cookie })).json()) as { prepKit: { preview: { servings: number; text: string } } };
    expect(byDefault.prepKit.preview.servings).toBe(4);
    expect(byDefault.prepKit.preview.text).toContain('• 250 g de farine');

    const bad = await send(t, 'GET', `/api/admin/sessions/${session.id}/prep-kit?servings=13`, { cookie: admin.cookie });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain('Choisissez entre 1 et 12 portions.');
    const tooLong = await send(t, 'PUT', `/api/admin/sessions/${session.id}/prep-kit`, { cookie: admin.cookie, body: { prepKit: 'x'.repeat(4001) } });
    expect(tooLong.status).toBe(400);
    expect(JSON.stringify(await tooLong.json())).toContain('La trousse de préparation ne peut pas dépasser 4000 caractères.');
    const unknown = await send(t, 'GET', '/api/admin/sessions/00000000-0000-4000-8000-000000000000/prep-kit', { cookie: admin.cookie });
    expect(unknown.status).toBe(404);

    // The session's own kit, then back to the course's (blank), each change in the trail.
    const set = await send(t, 'PUT', `/api/admin/sessions/${session.id}/prep-kit`, { cookie: admin.cookie, body: { prepKit: '2 tasses de pois jaunes' } });
    expect(((await set.json()) as { prepKit: { sessionKit: string; preview: { text: string } } }).prepKit).toMatchObject({ sessionKit: '2 tasses de pois jaunes' });
    const cleared = await send(t, 'PUT', `/api/admin/sessions/${session.id}/prep-kit`, { cookie: admin.cookie, body: { prepKit: '  ' } });
    expect(((await cleared.json()) as { prepKit: { sessionKit: string | null } }).prepKit.sessionKit).toBeNull();
    const trail = await t.db.select().from(auditLog).where(and(eq(auditLog.targetId, session.id), eq(auditLog.action, 'session.prep_kit_update')));
    expect(trail).toHaveLength(2);
  });

  it('the preview carries the substitutions the attendees need, and says how many bookings get each', async () => {
    const course = await kitCourse('Tarte au sucre');
    await t.db.update(courses).set({ kitSubstitutions: { gluten_free: 'Farine de riz au lieu de la farine de blé', vegetarian: 'Beurre végétal', shellfish_free: 'Pas de crevettes' } }).where(eq(courses.id, course.id));
    const session = await createSession(t.db, course.id, { startsAt: new Date(clock + 5 * DAY) });
    const preview = async () => ((await (await send(t, 'GET', `/api/admin/sessions/${session.id}/prep-kit`, { cookie: admin.cookie })).json()) as { prepKit: SessionPrepKitView }).prepKit;
    // Nobody needs anything yet: the kit alone.
    expect((await preview()).substitutions).toEqual([]);
    expect((await preview()).preview!.text).not.toContain('Farine de riz');
    // Two bookings without gluten (one of them also vegan: the vegetarian substitution too), one with no needs.
    const needs = [[{ needs: ['gluten_free'], note: '' }], [{ needs: [], note: '' }, { needs: ['gluten_free', 'vegan'], note: '' }], [{ needs: [], note: '' }]] as const;
    for (const [i, seats] of needs.entries()) {
      const user = await learner(`Personne ${i}`);
      await createReservation(t.db, session.id, user.id, { status: 'confirmed', clientName: user.email, seats: seats.length, dietaryNeeds: seats.map((x) => ({ needs: [...x.needs], note: x.note })) });
    }
    const view = await preview();
    expect(view.attendees).toBe(3);
    expect(view.substitutions).toEqual([
      { label: 'Sans gluten', text: 'Farine de riz au lieu de la farine de blé', bookings: 2 },
      { label: 'Végétarien', text: 'Beurre végétal', bookings: 1 },
    ]);
    expect(view.preview!.text).toContain('Farine de riz au lieu de la farine de blé');
    expect(view.preview!.text).toContain('Beurre végétal');
    expect(view.preview!.text).not.toContain('Pas de crevettes');
  });

  it('re-sends to every confirmed attendee, scaled to each one’s servings, once per press', async () => {
    const course = await kitCourse('Cipaille du Bas-du-Fleuve');
    const session = await createSession(t.db, course.id, { startsAt: new Date(clock + 4 * DAY) });
    const [a, b, c] = [await learner('Anne Deux'), await learner('Bruno Huit'), await learner('Chloé Partie')];
    await createReservation(t.db, session.id, a.id, { servings: 2 });
    await createReservation(t.db, session.id, b.id, { servings: 8 });
    await createReservation(t.db, session.id, c.id, { status: 'cancelled', servings: 4 });

    const first = await send(t, 'POST', `/api/admin/sessions/${session.id}/prep-kit/send`, { cookie: admin.cookie });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ sent: 2, skipped: 0 });
    await until('both sent', async () => (await sentDeliveries(a.id)).concat(await sentDeliveries(b.id)), (rows) => rows.length === 2 && rows.every((r) => !!r.sentAt));
    await idle(t.jobs, [QUEUES.emailSend]);
    expect(kitMailsTo(a.email)).toHaveLength(1);
    expect(kitMailsTo(a.email)[0]!.text).toContain('• 125 g de farine');
    expect(kitMailsTo(b.email)[0]!.text).toContain('• 500 g de farine');
    expect(kitMailsTo(c.email)).toEqual([]);

    const second = await send(t, 'POST', `/api/admin/sessions/${session.id}/prep-kit/send`, { cookie: admin.cookie });
    expect(await second.json()).toEqual({ sent: 2, skipped: 0 });
    await until('sent again', () => sentDeliveries(a.id), (rows) => rows.length === 2 && rows.every((r) => !!r.sentAt));
    await idle(t.jobs, [QUEUES.emailSend]);
    expect(kitMailsTo(a.email)).toHaveLength(2);
    expect(kitMailsTo(b.email)).toHaveLength(2);
    const trail = await t.db.select().from(auditLog).where(and(eq(auditLog.targetId, session.id), eq(auditLog.action, 'session.prep_kit_sent')));
    expect(trail.map((r) => r.details)).toEqual([{ sent: 2, skipped: 0 }, { sent: 2, skipped: 0 }]);
  });

  it('refuses to send without a kit, for a cancelled or started session (409, in French)', async () => {
    const bare = await kitCourse('Sans trousse', null, null);
    const noKit = await createSession(t.db, bare.id, { startsAt: new Date(clock + 4 * DAY) });
    const res = await send(t, 'POST', `/api/admin/sessions/${noKit.id}/prep-kit/send`, { cookie: admin.cookie });
    expect(res.status).toBe(409);
    expect(JSON.stringify(await res.json())).toContain("Cette séance n'a pas de trousse de préparation");

    const course = await kitCourse('Bouilli de légumes');
    const cancelled = await createSession(t.db, course.id, { startsAt: new Date(clock + 4 * DAY), status: 'cancelled' });
    const r2 = await send(t, 'POST', `/api/admin/sessions/${cancelled.id}/prep-kit/send`, { cookie: admin.cookie });
    expect(r2.status).toBe(409);
    expect(JSON.stringify(await r2.json())).toContain('Cette séance a été annulée.');
    const past = await createSession(t.db, course.id, { startsAt: new Date(clock - HOUR) });
    const r3 = await send(t, 'POST', `/api/admin/sessions/${past.id}/prep-kit/send`, { cookie: admin.cookie });
    expect(r3.status).toBe(409);
    expect(JSON.stringify(await r3.json())).toContain('Cette séance a déjà commencé');
  });

  it('is the admin’s only: 401 to a visitor, 403 to a learner', async () => {
    const course = await kitCourse('Fèves au lard');
    const session = await createSession(t.db, course.id, { startsAt: new Date(clock + 4 * DAY) });
    const user = await learner('Curieux Apprenant');
    const calls: [string, string, unknown?][] = [
      ['GET', `/api/admin/sessions/${session.id}/prep-kit?servings=2`],
      ['PUT', `/api/admin/sessions/${session.id}/prep-kit`, { prepKit: '1 citron' }],
      ['POST', `/api/admin/sessions/${session.id}/prep-kit/send`],
    ];
    for (const [method, path, body] of calls) {
      expect((await send(t, method, path, { body })).status).toBe(401);
      expect((await send(t, method, path, { cookie: user.cookie, body })).status).toBe(403);
    }
  });

  it('keeps the kit and its servings on the course (admin course API), audited; the hold refuses 13 servings', async () => {
    const created = await send(t, 'POST', '/api/admin/courses', {
      cookie: admin.cookie,
      body: { title: 'Beignes de grand-mère', description: 'Des beignes comme autrefois, à la maison.', priceCents: 3000, isLive: true, isPremium: false, difficulty: 'beginner', teacherId: admin.id, status: 'draft', prepKit: '3 tasses de farine\nMatériel : une friteuse', prepKitServings: 6 },
    });
    expect(created.status).toBe(201);
    const { course } = (await created.json()) as { course: { id: string; prepKit: string; prepKitServings: number } };
    expect(course).toMatchObject({ prepKit: '3 tasses de farine\nMatériel : une friteuse', prepKitServings: 6 });

    const patched = await send(t, 'PATCH', `/api/admin/courses/${course.id}`, { cookie: admin.cookie, body: { prepKit: '4 tasses de farine', prepKitServings: 8 } });
    expect(patched.status).toBe(200);
    expect(((await patched.json()) as { course: { prepKit: string; prepKitServings: number } }).course).toMatchObject({ prepKit: '4 tasses de farine', prepKitServings: 8 });
    const [audit] = await t.db.select().from(auditLog).where(and(eq(auditLog.targetId, course.id), eq(auditLog.action, 'course.update')));
    expect(audit!.details).toMatchObject({ prepKit: { changed: true }, prepKitServings: { from: 6, to: 8 } });

    const bad = await send(t, 'PATCH', `/api/admin/courses/${course.id}`, { cookie: admin.cookie, body: { prepKitServings: 13 } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain('Entre 1 et 12 portions.');

    const user = await learner('Trop Nombreux');
    const live = await kitCourse('Tire sur la neige');
    const session = await createSession(t.db, live.id, { startsAt: new Date(clock + 4 * DAY) });
    const hold = await send(t, 'POST', '/api/booking/holds', { cookie: user.cookie, body: { sessionId: session.id, servings: 13 } });
    expect(hold.status).toBe(400);
    expect(JSON.stringify(await hold.json())).toContain('Choisissez entre 1 et 12 personnes.');
  });
});
