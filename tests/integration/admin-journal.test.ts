// « Journal » (GET /api/admin/journal) on the real database: every kind of admin action, done through
// the real API, shows in the trail with its French label, what it points at and its changes before →
// after; the refunds of a cancelled session are in the trail (and in Ventes' « Derniers
// remboursements ») like a refund made from an order's page; filters by kind and by person, paging
// on the server, and the admin alone reads it.
import path from 'node:path';
import { readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@shared/errors';
import type { AdminCourseResponse } from '@shared/schemas/admin-courses';
import type { CheckoutResponse } from '@shared/schemas/checkout';
import type { AdminGiftCardsResponse } from '@shared/schemas/gift-cards';
import { AUDIT_ACTION_KINDS, AUDIT_ACTION_LABELS, type JournalResponse } from '@shared/schemas/admin-journal';
import type { SalesResponse } from '@shared/schemas/admin-sales';
import type { SecondFactorEnrolment } from '@shared/schemas/second-factor';
import { profiles, users } from '../../src/server/db/schema';
import { createPaymentProvider } from '../../src/server/integrations/payments';
import { createMinimumEnrolment } from '../../src/server/modules/minimum-enrolment/service';
import { createChef, createCourse, createRecipe, createSession, setRole, totpCode } from '../factories';
import { createSignedInLearners, type SignedInLearner } from '../factories/accounts';
import { createPaidSeat } from '../factories/bookings';
import { createPaidOrder } from '../factories/orders';
import { imageBytes } from '../factories/images';
import { ORIGIN, SESSION_COOKIE, send, sendForm } from '../setup/auth-client';
import { deliverEvents, newKey, setProvince, SUCCESS_CARD } from '../setup/payments';
import { createTestApp, type TestApp } from '../setup/test-app';
import { rootDir } from '../setup/test-db';
import { testNow } from '../setup/test-clock';
import { subscribeAndPay } from './subscriptions-helpers';

const HOUR = 3_600_000;
const clock = testNow().getTime();
const now = () => new Date(clock);

let t: TestApp;
let admin: SignedInLearner;
let other: SignedInLearner;
let member: SignedInLearner;

async function ok(res: Response, status = 200) {
  const body = await res.text();
  expect(res.status, body).toBe(status);
  return body ? JSON.parse(body) : null;
}

async function journal(query = '', cookie = admin.cookie) {
  const res = await send(t, 'GET', `/api/admin/journal${query}`, { cookie });
  return { status: res.status, body: (await res.json()) as JournalResponse & ApiErrorBody };
}

beforeAll(async () => {
  t = await createTestApp({ now });
  [admin, other, member] = (await createSignedInLearners(t, 3)) as [SignedInLearner, SignedInLearner, SignedInLearner];
  await setRole(t.db, admin.id, 'admin');
  const as = { cookie: admin.cookie };
  const chef = await createChef(t.db);

  // Courses: created, changed, unpublished, its image, a session added and moved, its kit written and sent.
  const body = {
    title: 'Pâtes fraîches à la main',
    description: 'Farine, œufs et patience.',
    priceCents: 5500,
    isLive: true,
    isPremium: false,
    difficulty: 'intermediate',
    durationMinutes: 120,
    cuisineType: 'Italienne',
    dietaryInfo: null,
    teacherId: chef.id,
    status: 'published',
  };
  const course = ((await ok(await send(t, 'POST', '/api/admin/courses', { ...as, body }), 201)) as AdminCourseResponse).course;
  await ok(await send(t, 'PATCH', `/api/admin/courses/${course.id}`, { ...as, body: { priceCents: 6000 } }));
  const form = new FormData();
  form.set('courseId', course.id);
  form.set('image', new File([new Uint8Array(await imageBytes('png', 800, 500))], 'photo.png', { type: 'image/png' }));
  await ok(await sendForm(t, '/api/admin/courses/image', form, admin.cookie));
  const added = await ok(await send(t, 'POST', `/api/admin/courses/${course.id}/sessions`, { ...as, body: { startsAt: new Date(clock + 72 * HOUR).toISOString(), capacity: 8 } }), 201);
  const sessionId = (added as { session: { id: string } }).session.id;
  await ok(await send(t, 'PATCH', `/api/admin/courses/${course.id}/sessions/${sessionId}`, { ...as, body: { capacity: 10, minSeats: 4 } }));
  await ok(await send(t, 'PUT', `/api/admin/sessions/${sessionId}/prep-kit`, { ...as, body: { prepKit: '500 g de farine\n5 œufs' } }));
  await ok(await send(t, 'POST', `/api/admin/sessions/${sessionId}/prep-kit/send`, as));
  await ok(await send(t, 'PATCH', `/api/admin/sessions/${sessionId}`, { ...as, body: { videoLink: 'https://meet.exemple.ca/pates' } }));
  await ok(await send(t, 'POST', `/api/admin/courses/${course.id}/unpublish`, as));

  // A recorded course: its video; then deleted (never sold) — course.delete.
  const recorded = await createCourse(t.db, { title: 'Sushis maison', isLive: false, videoKey: null, priceCents: 3000 });
  const mp4 = await readFile(path.join(rootDir, 'tests/fixtures/videos/tiny.mp4'));
  await ok(
    await t.request(`/api/admin/courses/${recorded.id}/video`, {
      method: 'PUT',
      headers: { origin: ORIGIN, cookie: `${SESSION_COOKIE}=${admin.cookie}`, 'content-type': 'video/mp4' },
      body: Uint8Array.from(mp4),
    }),
  );
  await ok(await send(t, 'DELETE', `/api/admin/courses/${recorded.id}`, as));

  // A course with a sale is archived rather than deleted — course.archive.
  const macarons = await createCourse(t.db, { title: 'Macarons', isLive: false });
  const order = await createPaidOrder(t.db, { user: { id: member.id }, items: [{ courseId: macarons.id, description: 'Macarons', amountCents: 2000 }] });
  await ok(await send(t, 'DELETE', `/api/admin/courses/${macarons.id}`, as));
  const sold = await createCourse(t.db, { title: 'Tourtière', isLive: true });

  // A past session's recording.
  const past = await createSession(t.db, sold.id, { now: now(), startsAt: new Date(clock - 5 * HOUR) });
  const webm = await readFile(path.join(rootDir, 'tests/fixtures/videos/tiny.webm'));
  await ok(
    await t.request(`/api/admin/sessions/${past.id}/recording-video`, {
      method: 'PUT',
      headers: { origin: ORIGIN, cookie: `${SESSION_COOKIE}=${admin.cookie}`, 'content-type': 'video/webm' },
      body: Uint8Array.from(webm),
    }),
  );

  // Cancelling a session with two paid seats: one line in the trail, two seats waiting for their
  // learner's choice (decision 0043); each learner then chooses (the card, the credit): not the admin's doing.
  const cancelled = await createSession(t.db, sold.id, { now: now(), startsAt: new Date(clock + 96 * HOUR) });
  const cancelledSeats: { learner: typeof member; reservationId: string }[] = [];
  for (const learner of [member, other]) {
    const seat = await createPaidSeat(t.db, { user: { id: learner.id, fullName: learner.fullName }, course: sold, sessionId: cancelled.id, amountCents: 4500 });
    cancelledSeats.push({ learner, reservationId: seat.reservationId });
  }
  await ok(await send(t, 'POST', `/api/admin/sessions/${cancelled.id}/cancel`, { ...as, body: { reason: 'La cheffe est malade.', idempotencyKey: newKey() } }));
  // The same again: nothing new, nothing logged twice.
  await ok(await send(t, 'POST', `/api/admin/sessions/${cancelled.id}/cancel`, { ...as, body: { reason: 'La cheffe est malade.', idempotencyKey: newKey() } }));
  for (const [i, seat] of cancelledSeats.entries()) {
    const refundTo = i === 0 ? 'credit' : 'card';
    await ok(await send(t, 'POST', `/api/booking/reservations/${seat.reservationId}/refund-choice`, { cookie: seat.learner.cookie, body: { refundTo } }));
  }

  // Two sessions under their minimum (decision 0048), their chef asked: one kept, one cancelled, from « Aperçu ».
  const minimum = createMinimumEnrolment(t.deps, createPaymentProvider(t.deps));
  for (const [answer, hours] of [['keep', 80], ['cancel', 86]] as const) {
    const startsAt = new Date(clock + hours * HOUR);
    const made = (await ok(await send(t, 'POST', `/api/admin/courses/${sold.id}/sessions`, { ...as, body: { startsAt: startsAt.toISOString(), capacity: 6, minSeats: 3 } }), 201)) as { session: { id: string } };
    expect(await minimum.check({ sessionId: made.session.id, startsAt: startsAt.toISOString() })).toBe('asked');
    await ok(await send(t, 'POST', `/api/admin/sessions/${made.session.id}/minimum/${answer}`, as));
  }

  // The chef's note on a customer, added then changed; the order's receipt e-mailed again.
  const note = (await ok(await send(t, 'POST', `/api/admin/clients/${member.id}/notes`, { ...as, body: { body: 'Allergique aux noix.' } }), 201)) as { note: { id: string } };
  await ok(await send(t, 'PATCH', `/api/admin/clients/${member.id}/notes/${note.note.id}`, { ...as, body: { body: 'Allergique aux noix et aux arachides.' } }));
  await ok(await send(t, 'POST', `/api/admin/clients/${member.id}/orders/${order.id}/receipt-email`, { ...as, body: { requestKey: newKey() } }));
  // « Ajouter un crédit »: « Crédit Toque » given with its reason.
  await ok(await send(t, 'POST', `/api/admin/clients/${member.id}/credit`, { ...as, body: { amountCents: 1500, reason: 'Séance écourtée', key: newKey() } }), 201);

  // A refund from an order's page.
  await ok(await send(t, 'POST', `/api/admin/orders/${order.id}/refunds`, { ...as, body: { idempotencyKey: newKey(), lines: [{ orderLineId: order.lines[0]!.id }], reason: 'Geste commercial' } }), 201);
  await deliverEvents(t);

  // Recipes: created, changed, its image set and removed, deleted.
  const recipe = (await ok(await send(t, 'POST', '/api/admin/recipes', {
    ...as,
    body: { name: 'Pouding chômeur', category: 'dessert', durationMinutes: 45, servings: 6, ingredients: ['250 ml de farine'], steps: ['Cuire.'], isPremium: false, description: 'Le dessert du temps des sucres.' },
  }), 201)) as { recipe: { id: string } };
  await ok(await send(t, 'PATCH', `/api/admin/recipes/${recipe.recipe.id}`, {
    ...as,
    body: { name: 'Pouding chômeur', category: 'dessert', durationMinutes: 50, servings: 8, ingredients: ['250 ml de farine'], steps: ['Cuire.'], isPremium: false, description: 'Le dessert du temps des sucres.' },
  }));
  const recipeForm = new FormData();
  recipeForm.set('recipeId', recipe.recipe.id);
  recipeForm.set('image', new File([new Uint8Array(await imageBytes('png', 800, 500))], 'photo.png', { type: 'image/png' }));
  await ok(await sendForm(t, '/api/admin/recipes/image', recipeForm, admin.cookie));
  await ok(await send(t, 'DELETE', `/api/admin/recipes/${recipe.recipe.id}/image`, as));
  const doomed = await createRecipe(t.db, { name: 'Tarte au sucre' });
  const deleted = await send(t, 'DELETE', `/api/admin/recipes/${doomed.id}`, as);
  expect([200, 204]).toContain(deleted.status);

  // A message to a session's attendees; the books' filing period changed and a period exported.
  const messaged = await createSession(t.db, sold.id, { now: now(), startsAt: new Date(clock + 120 * HOUR) });
  await createPaidSeat(t.db, { user: { id: member.id, fullName: member.fullName }, course: sold, sessionId: messaged.id, amountCents: 4500 });
  // Its link set (the attendee told), changed, then the attendee told of the change on request.
  await ok(await send(t, 'PATCH', `/api/admin/sessions/${messaged.id}`, { ...as, body: { videoLink: 'https://meet.exemple.ca/tourtiere' } }));
  await ok(await send(t, 'PATCH', `/api/admin/sessions/${messaged.id}`, { ...as, body: { videoLink: 'https://meet.exemple.ca/tourtiere-2' } }));
  await ok(await send(t, 'POST', `/api/admin/sessions/${messaged.id}/notify-link`, as));
  await ok(await send(t, 'POST', `/api/admin/sessions/${messaged.id}/messages`, { ...as, body: { subject: 'Votre tablier', body: 'Apportez un tablier et un rouleau à pâte.', idempotencyKey: newKey() } }), 201);
  await ok(await send(t, 'PUT', '/api/admin/books/filing-frequency', { ...as, body: { filingFrequency: 'monthly' } }));
  // The membership's settings: the annual price, the trial, the save offer.
  await ok(await send(t, 'PUT', '/api/admin/membership', { ...as, body: { annualPriceCents: 18_990, trialDays: 14, saveOfferPercent: 50, saveOfferLabel: 'Le mois prochain à 50 %' } }));
  // « Politique d'annulation » (changed, then back to the default), and a booking the admin offers
  // to someone from the roster, then takes back (docs/decisions/0051).
  await ok(await send(t, 'PUT', '/api/admin/cancellation-policy', { ...as, body: { refundNoticeHours: 48, transferUntilHours: 72 } }));
  await ok(await send(t, 'PUT', '/api/admin/cancellation-policy', { ...as, body: { refundNoticeHours: 48, transferUntilHours: 48 } }));
  // « Minimum d'inscriptions »: checked five days before, then back to the default.
  await ok(await send(t, 'PUT', '/api/admin/minimum-policy', { ...as, body: { checkHours: 120, answerHours: 12 } }));
  await ok(await send(t, 'PUT', '/api/admin/minimum-policy', { ...as, body: { checkHours: 96, answerHours: 12 } }));
  const giftCourse = await createCourse(t.db, { title: 'Cipaille', isLive: true, priceCents: 4500 });
  const giftSession = await createSession(t.db, giftCourse.id, { startsAt: new Date(clock + 96 * HOUR) });
  const [giver] = await createSignedInLearners(t, 1);
  const seat = await createPaidSeat(t.db, { user: giver!, course: giftCourse, sessionId: giftSession.id });
  const offered = (await ok(await send(t, 'POST', `/api/booking/reservations/${seat.reservationId}/transfer`, { ...as, body: { kind: 'gift', email: 'ami.cipaille@exemple.ca', idempotencyKey: newKey() } }))) as { transfer: { id: string } };
  await ok(await send(t, 'POST', `/api/booking/transfers/${offered.transfer.id}/revoke`, { ...as, body: {} }));
  const month = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto', year: 'numeric', month: '2-digit' }).format(now());
  const exported = await send(t, 'GET', `/api/admin/books/export?period=${month}&format=standard`, as);
  expect(exported.status, await exported.clone().text()).toBe(200);

  // « Codes promo »: created, changed, deactivated and reactivated.
  const promo = (await ok(await send(t, 'POST', '/api/admin/promo-codes', {
    ...as,
    body: { code: 'NOEL20', percentOff: 20, amountOffCents: null, kinds: ['live_class'], courseIds: [], maxUses: 2, maxUsesPerCustomer: null, startsAt: null, endsAt: null, audience: 'all' },
  }), 201)) as { code: { id: string } };
  await ok(await send(t, 'PUT', `/api/admin/promo-codes/${promo.code.id}`, {
    ...as,
    body: { code: 'NOEL20', percentOff: 25, amountOffCents: null, kinds: ['live_class'], courseIds: [], maxUses: 3, maxUsesPerCustomer: 1, startsAt: null, endsAt: null, audience: 'all' },
  }));
  await ok(await send(t, 'POST', `/api/admin/promo-codes/${promo.code.id}/active`, { ...as, body: { active: false } }));
  await ok(await send(t, 'POST', `/api/admin/promo-codes/${promo.code.id}/active`, { ...as, body: { active: true } }));

  // The admin's chef profile.
  await ok(await send(t, 'PATCH', '/api/account/chef-profile', { ...as, body: { specialty: 'Cuisine du terroir' } }));

  // A second admin enrols their second factor (made admin without the factories' enrolment).
  await t.db.update(profiles).set({ role: 'admin' }).where(eq(profiles.userId, other.id));
  const enrolment = (await ok(await send(t, 'POST', '/api/account/second-factor/enrolment', { cookie: other.cookie }))) as SecondFactorEnrolment;
  await ok(await send(t, 'POST', '/api/account/second-factor/enrolment/confirm', { cookie: other.cookie, body: { code: totpCode(enrolment.secret.replace(/\s/g, ''), now()) } }));

  // A gift card bought and paid, its e-mail sent again, then voided (refunded to its buyer).
  const gift = (await ok(
    await send(t, 'POST', '/api/gift-cards/checkout', {
      cookie: member.cookie,
      body: { amountCents: 2500, recipientName: 'Jules Ami', recipientEmail: 'jules.ami@example.com', delivery: 'now', idempotencyKey: newKey() },
    }),
    201,
  )) as CheckoutResponse;
  await ok(await send(t, 'POST', '/api/payments/sandbox/confirm', { cookie: member.cookie, body: { paymentId: gift.payment!.paymentId, clientSecret: gift.payment!.clientSecret, method: SUCCESS_CARD } }));
  await deliverEvents(t);
  const cards = (await ok(await send(t, 'GET', '/api/admin/gift-cards?q=jules', as))) as AdminGiftCardsResponse;
  await ok(await send(t, 'POST', `/api/admin/gift-cards/${cards.giftCards[0]!.id}/resend`, { ...as, body: { idempotencyKey: newKey() } }));
  await ok(await send(t, 'POST', `/api/admin/gift-cards/${cards.giftCards[0]!.id}/void`, { ...as, body: { reason: 'Erreur de destinataire', idempotencyKey: newKey() } }));

  // The sandbox's test clock moved for a member.
  const subscriber = (await createSignedInLearners(t, 1))[0]!;
  await setProvince(t, subscriber.id, 'QC');
  await subscribeAndPay(t, subscriber.cookie, SUCCESS_CARD);
  const [{ email }] = (await t.db.select({ email: users.email }).from(users).where(eq(users.id, subscriber.id))) as [{ email: string }];
  await ok(await send(t, 'POST', '/api/payments/sandbox/test-clock', { ...as, body: { email, days: 3 } }));
}, 120_000);
afterAll(() => t?.close());

describe('GET /api/admin/journal', () => {
  it.each(AUDIT_ACTION_KINDS)('shows « %s » with its French label, its target and what changed', async (kind) => {
    const res = await journal(`?kind=${kind}`);
    expect(res.status).toBe(200);
    expect(res.body.total).toBeGreaterThan(0);
    for (const entry of res.body.entries) {
      expect(entry).toMatchObject({ action: kind, label: AUDIT_ACTION_LABELS[kind] });
      expect(entry.target.id).not.toBe('');
    }
  });

  it('says before → after in French, and names what the entry points at', async () => {
    const update = (await journal('?kind=course.update')).body.entries[0]!;
    expect(update.target).toMatchObject({ type: 'course', name: 'Pâtes fraîches à la main', href: expect.stringMatching(/^\/admin\/cours\//) });
    expect(update.changes).toEqual([{ field: 'Prix', before: '55,00 CAD', after: '60,00 CAD' }]);
    expect(update.actor.email).toMatch(/@/);

    const moved = (await journal('?kind=session.update')).body.entries[0]!;
    expect(moved.target.href).toMatch(/^\/admin\/seances\/[0-9a-f-]{36}$/);
    expect(moved.target.name).toContain('Pâtes fraîches à la main');
    expect(moved.changes).toContainEqual({ field: 'Places', before: '8', after: '10' });
    expect(moved.changes).toContainEqual({ field: "Minimum d'inscriptions", before: '0', after: '4' });

    const recipe = (await journal('?kind=recipe.update')).body.entries[0]!;
    expect(recipe.changes).toEqual(
      expect.arrayContaining([
        { field: 'Durée', before: '45 min', after: '50 min' },
        { field: 'Portions', before: '6', after: '8' },
      ]),
    );
    // A deleted recipe is named by what the trail kept.
    expect((await journal('?kind=recipe.delete')).body.entries[0]!.target).toMatchObject({ name: 'Tarte au sucre', href: null });
    // The meeting link itself stays out of the trail.
    const links = (await journal('?kind=session.links')).body.entries.find((e) => e.target.name?.includes('Pâtes fraîches'))!;
    expect(links.changes).toContainEqual({ field: 'Lien vidéo', before: null, after: 'défini' });
    expect(links.changes.map((c) => c.field)).toEqual(expect.arrayContaining(['Participants prévenus']));
  });

  it("lists a cancelled session once, with the seats waiting for their learner's choice; the refunds the learners chose are not the admin's", async () => {
    const refunds = (await journal('?kind=order.refund')).body;
    expect(refunds.total).toBe(1);
    const cancel = (await journal('?kind=session.cancel')).body;
    expect(cancel.total).toBe(1);
    expect(cancel.entries[0]!.changes).toContainEqual({ field: 'Places en attente du choix carte ou crédit', before: null, after: '2' });
    const sales = (await (await send(t, 'GET', '/api/admin/sales', { cookie: admin.cookie })).json()) as SalesResponse;
    // Ventes' « Derniers remboursements » are the admin's (the trail): a learner's own choice, like their own cancellation, is not listed there.
    expect(sales.recentRefunds.map((r) => r.reason)).toEqual(['Geste commercial']);
    expect(sales.recentRefunds.every((r) => r.refundNumber !== null)).toBe(true);
  });

  it('filters by person, pages on the server, newest first', async () => {
    const all = (await journal('?limit=100')).body;
    expect(all.actors.map((a) => a.id).sort()).toEqual([admin.id, other.id].sort());
    const mine = (await journal(`?actor=${admin.id}&limit=100`)).body;
    const theirs = (await journal(`?actor=${other.id}`)).body;
    expect(theirs.entries.map((e) => e.action)).toEqual(['account.second_factor']);
    expect(mine.total + theirs.total).toBe(all.total);
    expect(mine.entries.every((e) => e.actor.id === admin.id)).toBe(true);

    const first = (await journal('?limit=5')).body;
    const second = (await journal('?limit=5&offset=5')).body;
    expect(first.total).toBe(all.total);
    expect(first.entries).toHaveLength(5);
    expect([...first.entries, ...second.entries].map((e) => e.id)).toEqual(all.entries.slice(0, 10).map((e) => e.id));
    const times = all.entries.map((e) => Date.parse(e.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('refuses an unknown kind or person in French (400), and anyone but the admin (401, 403)', async () => {
    const bad = await journal('?kind=course.explode');
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toMatchObject({ kind: "Ce type d'action n'existe pas." });
    expect((await journal('?actor=%27%3B')).status).toBe(400);
    expect((await journal('', member.cookie)).status).toBe(403);
    expect((await send(t, 'GET', '/api/admin/journal')).status).toBe(401);
  });
});
