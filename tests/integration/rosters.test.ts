// « Liste des participants » on the real database: the admin's roster of a session (attendees with
// what they paid and their servings, running holds, cancellations with their refund), its CSV read
// back as a spreadsheet does (SheetJS), « Écrire aux participants » sent once under a concurrent
// double submit (e-mails, notifications, the saved message, the audit), and the guest chef who
// reads his own sessions' rosters only, without e-mails or amounts, and nothing else of the admin's.
import { and, eq, isNull, like } from 'drizzle-orm';
import * as XLSX from 'xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES, type ApiErrorBody } from '@shared/errors';
import type { CalendarResponse } from '@shared/schemas/reservations';
import type { ChefSessionsResponse, RosterResponse, SessionMessageResponse } from '@shared/schemas/rosters';
import { auditLog, emailDeliveries, notifications, outboxEmails, reservations, sessionMessages } from '../../src/server/db/schema';
import { createCourse, createReservation, createSession, setRole } from '../factories';
import { createSignedInLearners, type SignedInLearner } from '../factories/accounts';
import { createPaidSeat } from '../factories/bookings';
import { send } from '../setup/auth-client';
import { deliverEvents, newKey } from '../setup/payments';
import { createTestApp, type TestApp } from '../setup/test-app';
import { testNow } from '../setup/test-clock';
import { until } from '../setup/until';

const HOUR = 3_600_000;
const MINUTE = 60_000;
const clock = testNow().getTime();
const now = () => new Date(clock);

let t: TestApp;
let admin: SignedInLearner;
let chef: SignedInLearner;
let otherChef: SignedInLearner;
let course: { id: string; title: string };
let otherCourse: { id: string; title: string };
let sessionId: string;
let ana: SignedInLearner;
let ben: SignedInLearner;
let carla: SignedInLearner;
let dan: SignedInLearner;

const read = async <T>(res: Response) => (await res.json()) as T;
const roster = async (who: SignedInLearner, id = sessionId) => send(t, 'GET', `/api/admin/sessions/${id}/roster`, { cookie: who.cookie });
const write = (who: SignedInLearner, body: Record<string, unknown>, id = sessionId) =>
  send(t, 'POST', `/api/admin/sessions/${id}/messages`, { cookie: who.cookie, body });

beforeAll(async () => {
  t = await createTestApp({ now });
  await t.jobs.start();
  [admin, chef, otherChef, ana, ben, carla, dan] = (await createSignedInLearners(t, 7)) as SignedInLearner[] as [
    SignedInLearner, SignedInLearner, SignedInLearner, SignedInLearner, SignedInLearner, SignedInLearner, SignedInLearner,
  ];
  await setRole(t.db, admin.id, 'admin');
  await setRole(t.db, chef.id, 'chef');
  await setRole(t.db, otherChef.id, 'chef');
  course = await createCourse(t.db, { title: 'Pâtes fraîches à la main', isLive: true, priceCents: 6000, durationMinutes: 90, teacherId: chef.id });
  otherCourse = await createCourse(t.db, { title: 'Cabane à sucre', isLive: true, priceCents: 5000, teacherId: otherChef.id });
  sessionId = (await createSession(t.db, course.id, { startsAt: new Date(clock + 72 * HOUR), capacity: 10 })).id;
  // Ana and Ben paid (Ben cooks for 4); Carla holds a seat 10 more minutes; Dan paid, then was refunded by the admin.
  await createPaidSeat(t.db, { user: ana, course, sessionId, amountCents: 6000 });
  const benSeat = await createPaidSeat(t.db, { user: ben, course, sessionId, amountCents: 5100 });
  await t.db.update(reservations).set({ servings: 4 }).where(eq(reservations.id, benSeat.reservationId));
  await createReservation(t.db, sessionId, carla.id, { status: 'pending_payment', clientName: carla.fullName, holdExpiresAt: new Date(clock + 10 * MINUTE) });
  const danSeat = await createPaidSeat(t.db, { user: dan, course, sessionId, amountCents: 6000 });
  const refunded = await send(t, 'POST', `/api/admin/orders/${danSeat.orderId}/refunds`, {
    cookie: admin.cookie,
    body: { idempotencyKey: newKey(), lines: [{ orderLineId: danSeat.orderLineId }] },
  });
  expect(refunded.status).toBe(201);
  // The sandbox's refund event: the seat is cancelled and its refund done.
  await deliverEvents(t);
});
afterAll(async () => {
  await t.close();
});

describe('the admin’s roster', () => {
  it('says the session, seats taken / capacity, who comes with what they paid, the holds and the cancellations', async () => {
    const res = await roster(admin);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = await read<RosterResponse>(res);
    expect(body.view).toBe('admin');
    expect(body.session).toMatchObject({ id: sessionId, courseTitle: course.title, capacity: 10, seatsTaken: 3, status: 'scheduled', teacherName: chef.fullName });
    expect(Date.parse(body.session.endsAt) - Date.parse(body.session.startsAt)).toBe(90 * MINUTE);
    expect(body.attendees.map((a) => [a.name, a.email, a.seats, a.servings, a.paidCents])).toEqual([
      [ana.fullName, `${ana.id}@exemple.test`, 1, null, 6000],
      [ben.fullName, `${ben.id}@exemple.test`, 1, 4, 5100],
    ]);
    expect(body.holds).toEqual([
      expect.objectContaining({ name: carla.fullName, email: `${carla.id}@exemple.test`, expiresAt: new Date(clock + 10 * MINUTE).toISOString() }),
    ]);
    expect(body.cancellations).toEqual([
      expect.objectContaining({ name: dan.fullName, reason: 'admin_refunded', refund: 'refunded', refundedCents: 6000 }),
    ]);
  });

  it('a hold whose time is up is no longer listed, nor counted', async () => {
    const late = (await createSignedInLearners(t, 1))[0]!;
    const other = (await createSession(t.db, course.id, { startsAt: new Date(clock + 96 * HOUR), capacity: 4 })).id;
    await createReservation(t.db, other, late.id, { status: 'pending_payment', clientName: late.fullName, holdExpiresAt: new Date(clock - MINUTE) });
    const body = await read<RosterResponse>(await roster(admin, other));
    expect(body.holds).toEqual([]);
    expect(body.session.seatsTaken).toBe(0);
  });

  it('an unknown or malformed session is a 404 in French', async () => {
    for (const id of ['6f1d4c8e-0000-4000-8000-000000000000', 'pas-un-id']) {
      const res = await roster(admin, id);
      expect(res.status).toBe(404);
      expect((await read<ApiErrorBody>(res)).error).toMatchObject({ code: 'SESSION_NOT_FOUND', message: ERROR_MESSAGES.SESSION_NOT_FOUND });
    }
  });

  it('« Télécharger (CSV) »: UTF-8 with BOM, « ; », decimal comma — a spreadsheet reads the columns and rows, the dietary needs with them', async () => {
    // Ben said what his seat needs, in the list and in his own words (restored after: other tests read his row).
    const [benRow] = await t.db.select().from(reservations).where(and(eq(reservations.userId, ben.id), eq(reservations.sessionId, sessionId)));
    await t.db.update(reservations).set({ dietaryNeeds: [{ needs: ['gluten_free', 'vegetarian'], note: 'pas de coriandre' }] }).where(eq(reservations.id, benRow!.id));
    const res = await send(t, 'GET', `/api/admin/sessions/${sessionId}/roster.csv`, { cookie: admin.cookie });
    await t.db.update(reservations).set({ dietaryNeeds: benRow!.dietaryNeeds }).where(eq(reservations.id, benRow!.id));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="participants-pates-fraiches-a-la-main-\d{4}-\d{2}-\d{2}\.csv"$/);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8');
    expect(text.split('\r\n')[0]).toContain(';');

    // As Excel opens it: SheetJS, with « ; » as the separator.
    const book = XLSX.read(bytes, { type: 'buffer', FS: ';', raw: true });
    const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1, raw: false, defval: '' });
    expect(rows[0]).toEqual(['Nom', 'Courriel', 'Statut', 'Places', 'Portions', 'Payé avant taxes (CAD)', 'Réservé le', 'Place retenue jusqu’à', 'Annulée le', 'Remboursement', 'Besoins alimentaires']);
    const byName = new Map(rows.slice(1).map((r) => [r[0], r]));
    expect(byName.get(ana.fullName)!.slice(1, 6)).toEqual([`${ana.id}@exemple.test`, 'Confirmée', '1', '', '60,00']);
    expect(byName.get(ben.fullName)!.slice(2, 6)).toEqual(['Confirmée', '1', '4', '51,00']);
    expect(byName.get(ben.fullName)![10]).toBe(`${ben.fullName} : Sans gluten, Végétarien, pas de coriandre`);
    expect(byName.get(ana.fullName)![10]).toBe('');
    expect(byName.get(carla.fullName)![2]).toBe('En attente de paiement');
    expect(byName.get(carla.fullName)![7]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(byName.get(dan.fullName)!.slice(2, 4)).toEqual(["Remboursée par l'administration", '0']);
    expect(byName.get(dan.fullName)![9]).toBe('Remboursée');
    expect(rows).toHaveLength(5);
  });
});

describe('« Écrire aux participants »', () => {
  it('a concurrent double submit sends once: one message saved, one e-mail and one notification per attendee, audited', async () => {
    const key = newKey();
    const message = { subject: 'Apportez votre rouleau', body: "Bonjour à tous !\n\nPensez à apporter un rouleau à pâtisserie et un tablier. À jeudi !", idempotencyKey: key };
    const [first, second] = await Promise.all([write(admin, message), write(admin, message)]);
    expect([first.status, second.status].sort()).toEqual([200, 201]);
    const answers = await Promise.all([read<SessionMessageResponse>(first), read<SessionMessageResponse>(second)]);
    expect(answers[0]!.message.id).toBe(answers[1]!.message.id);
    expect(answers.map((a) => a.created).sort()).toEqual([false, true]);
    // A retry later: still the same message, nothing more sent.
    const retry = await write(admin, message);
    expect(retry.status).toBe(200);
    expect((await read<SessionMessageResponse>(retry)).created).toBe(false);

    const saved = await t.db.select().from(sessionMessages).where(eq(sessionMessages.sessionId, sessionId));
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ subject: message.subject, recipientCount: 2, sentBy: admin.id, sentByEmail: `${admin.id}@exemple.test` });

    // Each confirmed attendee (Ana, Ben) once; neither the hold (Carla) nor the cancelled (Dan).
    await until(
      'the messages e-mailed',
      async () => (await t.db.select().from(emailDeliveries).where(and(like(emailDeliveries.dedupeKey, 'session.message:%'), isNull(emailDeliveries.sentAt)))).length,
      (n) => n === 0,
    );
    const mails = await t.db.select().from(outboxEmails).where(eq(outboxEmails.subject, message.subject));
    expect(mails.map((m) => m.to).sort()).toEqual([`${ana.id}@exemple.test`, `${ben.id}@exemple.test`].sort());
    expect(mails[0]!.text).toContain('Pensez à apporter un rouleau');
    expect(mails[0]!.text).toContain(course.title);
    const notices = await t.db.select().from(notifications).where(eq(notifications.kind, 'session.message'));
    expect(notices.map((n) => n.userId).sort()).toEqual([ana.id, ben.id].sort());
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, 'session.message'));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: admin.id, targetType: 'session', targetId: sessionId, details: { subject: message.subject, recipients: 2 } });

    // Listed on the roster: who sent it, when, to how many.
    const body = await read<RosterResponse>(await roster(admin));
    expect(body.messages).toEqual([expect.objectContaining({ subject: message.subject, sentByEmail: `${admin.id}@exemple.test`, recipientCount: 2, createdAt: now().toISOString() })]);
  });

  it('bad input is a 400 in French naming the field; a session without attendee is a 409', async () => {
    const res = await write(admin, { subject: 'A', body: 'court', idempotencyKey: newKey() });
    expect(res.status).toBe(400);
    const error = (await read<ApiErrorBody>(res)).error;
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.fields).toMatchObject({ subject: "L'objet doit contenir au moins 3 caractères.", body: 'Le message doit contenir au moins 10 caractères.' });
    const empty = (await createSession(t.db, course.id, { startsAt: new Date(clock + 120 * HOUR) })).id;
    const none = await write(admin, { subject: 'Bonjour', body: 'Un message pour personne.', idempotencyKey: newKey() }, empty);
    expect(none.status).toBe(409);
    expect((await read<ApiErrorBody>(none)).error.message).toBe(ERROR_MESSAGES.NO_ATTENDEES);
  });
});

describe('the guest chef', () => {
  it('lists his own sessions with seats taken / capacity, and reads their roster read-only: names, seats and servings', async () => {
    const mine = await read<ChefSessionsResponse>(await send(t, 'GET', '/api/chef/sessions', { cookie: chef.cookie }));
    expect(mine.sessions.find((s) => s.id === sessionId)).toMatchObject({ courseTitle: course.title, seatsTaken: 3, capacity: 10 });
    expect(mine.sessions.every((s) => s.courseTitle === course.title)).toBe(true);

    const res = await send(t, 'GET', `/api/chef/sessions/${sessionId}/roster`, { cookie: chef.cookie });
    expect(res.status).toBe(200);
    const body = await read<RosterResponse>(res);
    expect(body.view).toBe('chef');
    expect(body.attendees.map((a) => [a.name, a.seats, a.servings, a.email, a.paidCents])).toEqual([
      [ana.fullName, 1, null, null, null],
      [ben.fullName, 1, 4, null, null],
    ]);
    expect(body).toMatchObject({ holds: [], cancellations: [], messages: [] });
    expect(body.session).toMatchObject({ videoLink: null, recordingUrl: null });
  });

  it('gets 403 in French for another chef’s session, for every admin route, and cannot write to attendees', async () => {
    const other = (await createSession(t.db, otherCourse.id, { startsAt: new Date(clock + 50 * HOUR) })).id;
    const foreign = await send(t, 'GET', `/api/chef/sessions/${other}/roster`, { cookie: chef.cookie });
    expect(foreign.status).toBe(403);
    expect((await read<ApiErrorBody>(foreign)).error).toMatchObject({ code: 'ROSTER_NOT_YOURS', message: ERROR_MESSAGES.ROSTER_NOT_YOURS });
    const adminRoutes: [string, string, unknown?][] = [
      ['GET', `/api/admin/sessions/${sessionId}/roster`],
      ['GET', `/api/admin/sessions/${sessionId}/roster.csv`],
      ['POST', `/api/admin/sessions/${sessionId}/messages`, { subject: 'Bonjour', body: 'Un message du chef invité.', idempotencyKey: newKey() }],
      ['GET', '/api/admin/reservations'],
      ['GET', `/api/admin/sessions/${sessionId}`],
      ['GET', '/api/admin/orders'],
      ['GET', '/api/admin/sales'],
    ];
    for (const [method, path, body] of adminRoutes) {
      const res = await send(t, method, path, { cookie: chef.cookie, body });
      expect(res.status, path).toBe(403);
      expect((await read<ApiErrorBody>(res)).error.message, path).toBe(ERROR_MESSAGES.FORBIDDEN);
    }
    expect(await t.db.select().from(sessionMessages).where(eq(sessionMessages.sessionId, sessionId))).toHaveLength(1);
  });

  it('his calendar shows his sessions, « seats taken / capacity », though he booked none; the admin’s shows sessions too', async () => {
    const range = `from=${new Date(clock).toISOString()}&to=${new Date(clock + 7 * 24 * HOUR).toISOString()}`;
    const his = await read<CalendarResponse>(await send(t, 'GET', `/api/calendar/reservations?${range}`, { cookie: chef.cookie }));
    expect(his.reservations).toEqual([]);
    expect(his.sessions!.find((x) => x.id === sessionId)).toMatchObject({ courseTitle: course.title, seatsTaken: 3, capacity: 10, status: 'scheduled' });
    expect(his.sessions!.every((x) => x.courseTitle === course.title)).toBe(true);
    const admins = await read<CalendarResponse>(await send(t, 'GET', `/api/calendar/reservations?${range}`, { cookie: admin.cookie }));
    expect(admins.sessions!.find((x) => x.id === sessionId)).toMatchObject({ seatsTaken: 3, capacity: 10 });
    // A learner's calendar stays his reservations alone.
    expect((await read<CalendarResponse>(await send(t, 'GET', `/api/calendar/reservations?${range}`, { cookie: ana.cookie }))).sessions).toBeUndefined();
  });

  it('a learner or the admin gets 403 on the guest chef’s routes, a visitor 401', async () => {
    for (const who of [ana, admin]) {
      const res = await send(t, 'GET', `/api/chef/sessions/${sessionId}/roster`, { cookie: who.cookie });
      expect(res.status).toBe(403);
      expect((await read<ApiErrorBody>(res)).error.message).toBe(ERROR_MESSAGES.GUEST_CHEF_ONLY);
    }
    expect((await send(t, 'GET', '/api/chef/sessions', {})).status).toBe(401);
  });
});
