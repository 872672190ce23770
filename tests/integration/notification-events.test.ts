// The in-app notifications the site's real flows leave, on the real database and the real sandbox:
// a paid seat, a learner's cancellation and its refund, the admin's video link and a cancelled
// session, and a membership's start, renewal, refused renewal, scheduled cancellation and end.
// Replays (events delivered again, the same link saved twice) add nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatPrice } from '@shared/format';
import type { NotificationListResponse, NotificationView } from '@shared/schemas/notifications';
import { createCourse, createSession, setRole } from '../factories';
import { createSignedInLearners, type SignedInLearner } from '../factories/accounts';
import { createPaidSeat } from '../factories/bookings';
import { newSignedInUser, send } from '../setup/auth-client';
import { checkout, confirm, deliverEvents, holdSeat, newKey, setProvince, SUCCESS_CARD } from '../setup/payments';
import { createTestApp, type TestApp } from '../setup/test-app';
import { testNow } from '../setup/test-clock';
import { advance, cancelSubscription, providerIdOf, sandboxOf, subscribeAndPay } from './subscriptions-helpers';

const HOUR = 3_600_000;
let t: TestApp;
let admin: SignedInLearner;
let course: { id: string; title: string };

beforeAll(async () => {
  t = await createTestApp();
  [admin] = (await createSignedInLearners(t, 1)) as [SignedInLearner];
  await setRole(t.db, admin.id, 'admin');
  course = await createCourse(t.db, { title: 'Pâtes fraîches en direct', isLive: true, priceCents: 4500 });
});
afterAll(() => t.close());

type Who = { cookie: string };
async function inbox(who: Who): Promise<NotificationView[]> {
  const res = await send(t, 'GET', '/api/notifications', { cookie: who.cookie });
  expect(res.status).toBe(200);
  return ((await res.json()) as NotificationListResponse).notifications;
}
const titles = async (who: Who) => (await inbox(who)).map((n) => n.title);
const sessionIn = async (hours: number) => (await createSession(t.db, course.id, { startsAt: new Date(testNow().getTime() + hours * HOUR), capacity: 5 })).id;
const learner = async () => (await createSignedInLearners(t, 1))[0]!;

describe('live classes', () => {
  it('a paid seat: one “Réservation confirmée” opening the calendar, however often the payment is told', async () => {
    const user = await learner();
    await setProvince(t, user.id, 'QC');
    const sessionId = await sessionIn(96);
    expect((await holdSeat(t, user.cookie, sessionId)).status).toBe(201);
    const res = await checkout(t, user.cookie, { idempotencyKey: newKey(), items: [{ courseId: course.id, sessionId }] });
    expect(res.status).toBe(201);
    expect((await confirm(t, user.cookie, res.body.payment!, SUCCESS_CARD)).body.status).toBe('succeeded');
    await deliverEvents(t, { duplicates: 1 });
    await deliverEvents(t);

    const [notice, ...rest] = await inbox(user);
    expect(rest).toEqual([]);
    expect(notice).toMatchObject({ kind: 'booking.confirmed', title: 'Réservation confirmée', link: '/calendrier', readAt: null });
    expect(notice!.body).toContain('« Pâtes fraîches en direct »');
  });

  it('a learner’s cancellation ≥ 48 h ahead: “Réservation annulée”, then “Remboursement effectué” once the provider confirms', async () => {
    const user = await learner();
    const sessionId = await sessionIn(96);
    const seat = await createPaidSeat(t.db, { user, course, sessionId });
    const res = await send(t, 'POST', `/api/booking/reservations/${seat.reservationId}/cancel`, { cookie: user.cookie, body: { idempotencyKey: newKey() } });
    expect(res.status).toBe(200);
    await deliverEvents(t);
    await deliverEvents(t);
    const notices = await inbox(user);
    expect(notices.map((n) => [n.kind, n.title, n.link])).toEqual([
      ['refund.issued', 'Remboursement effectué', '/mes-achats'],
      ['reservation.cancelled', 'Réservation annulée', '/mes-achats'],
    ]);
    expect(notices[0]!.body).toContain(`Nous vous avons remboursé ${formatPrice(seat.totalCents)}.`);
    expect(notices[1]!.body).toContain('Votre remboursement est en cours.');
  });

  it('the video link: told to confirmed seats only, once per link; a cancelled session says why', async () => {
    const [seated, other] = [await learner(), await learner()];
    const sessionId = await sessionIn(96);
    await createPaidSeat(t.db, { user: seated, course, sessionId });
    const patch = (videoLink: string) => send(t, 'PATCH', `/api/admin/sessions/${sessionId}`, { cookie: admin.cookie, body: { videoLink } });
    expect((await patch('https://meet.exemple.ca/pates')).status).toBe(200);
    expect((await patch('https://meet.exemple.ca/pates')).status).toBe(200);
    expect(await titles(seated)).toEqual(['Lien vidéo disponible']);
    // A new link replaces the old one: the learner hears of it when the chef asks (« Prévenir les participants »).
    expect((await patch('https://meet.exemple.ca/pates-2')).status).toBe(200);
    expect(await titles(seated)).toEqual(['Lien vidéo disponible']);
    expect((await send(t, 'POST', `/api/admin/sessions/${sessionId}/notify-link`, { cookie: admin.cookie })).status).toBe(200);
    expect(await titles(seated)).toEqual(['Lien vidéo disponible', 'Lien vidéo disponible']);
    expect(await titles(other)).toEqual([]);

    const cancel = await send(t, 'POST', `/api/admin/sessions/${sessionId}/cancel`, {
      cookie: admin.cookie,
      body: { reason: 'La cheffe est malade.', idempotencyKey: newKey() },
    });
    expect(cancel.status).toBe(200);
    const [cancelled] = await inbox(seated);
    // The paid seat's learner chooses card or credit on the reservation's page (decision 0043).
    expect(cancelled).toMatchObject({ kind: 'reservation.cancelled', title: 'Cours annulé', link: expect.stringMatching(/^\/reservations\/[0-9a-f-]+\/remboursement$/) });
    expect(cancelled!.body).toContain('raison : La cheffe est malade.');
    expect(cancelled!.body).toContain('remboursée en entier : choisissez votre carte ou un crédit Toque');
  });
});

describe('membership', () => {
  async function member() {
    const user = await newSignedInUser(t, 'Marie Membre');
    await setProvince(t, user.id, 'QC');
    return user;
  }

  it('started, renewed, cancellation scheduled, then ended — each once', async () => {
    const user = await member();
    await subscribeAndPay(t, user.cookie, SUCCESS_CARD);
    expect(await titles(user)).toEqual(['Abonnement activé']);
    const id = await providerIdOf(t, user.id);
    await advance(t, id, 31);
    expect(await titles(user)).toEqual(['Abonnement renouvelé', 'Abonnement activé']);
    expect((await inbox(user))[0]).toMatchObject({ kind: 'subscription.renewed', link: '/mes-achats' });
    await cancelSubscription(t, user.cookie);
    await deliverEvents(t);
    const [scheduled] = await inbox(user);
    expect(scheduled).toMatchObject({ kind: 'subscription.cancelled', title: 'Abonnement annulé', link: '/abonne/tableau-de-bord' });
    expect(scheduled!.body).toMatch(/Vous gardez l'accès jusqu'au \d{1,2} \S+ \d{4}\./);
    await advance(t, id, 31);
    expect(await titles(user)).toEqual(['Abonnement terminé', 'Abonnement annulé', 'Abonnement renouvelé', 'Abonnement activé']);
  });

  it('a refused renewal: “Paiement de l’abonnement refusé”, once per attempt', async () => {
    const user = await member();
    await subscribeAndPay(t, user.cookie, { ...SUCCESS_CARD, number: '4000 0000 0000 0341' });
    const id = await providerIdOf(t, user.id);
    await sandboxOf(t).advanceClock(id, 31);
    await sandboxOf(t).runBilling();
    await deliverEvents(t, { duplicates: 1 });
    const failed = (await inbox(user)).filter((n) => n.kind === 'subscription.payment_failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ title: 'Paiement de l’abonnement refusé', link: '/abonne/tableau-de-bord' });
    expect(failed[0]!.body).toMatch(/Nous réessaierons le \d{1,2} \S+ \d{4}\. Votre accès reste ouvert jusqu'au/);
  });
});
