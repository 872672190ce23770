// Access control on the server (checklist §C): every API route has a policy, a visitor gets 401 on
// every non-public one, the admin API is the admin's alone, roles come from the server's rows,
// and one user's account is never readable or writable by another.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@shared/errors';
import type { OutboxResponse } from '@shared/schemas/admin';
import type { ProfileResponse } from '@shared/schemas/account';
import { outboxEmails, profiles } from '../../src/server/db/schema';
import { requireSubscriber } from '../../src/server/http/guards';
import { createSubscription, setRole } from '../factories';
import { newSignedInUser, send } from '../setup/auth-client';
import { createTestApp, type TestApp } from '../setup/test-app';
import { testNow } from '../setup/test-clock';

type Policy = 'public' | 'signed-in' | 'admin';

/** Every /api route's policy, by path prefix. A new route without one fails the inventory test. */
const POLICIES: [prefix: string, policy: Policy][] = [
  ['/api/auth/', 'public'],
  ['/api/me', 'public'],
  ['/api/home', 'public'],
  // Saving one's place in a course's video (the course's other routes are public; its video is
  // checked per request by the access rule, and open to visitors for a free course).
  ['/api/courses/:id/progress', 'signed-in'],
  ['/api/courses', 'public'],
  ['/api/recipes', 'public'],
  ['/api/chefs', 'public'],
  ['/api/account/', 'signed-in'],
  ['/api/favorites', 'signed-in'],
  // A session under its minimum: « Maintenir la séance » / « Annuler la séance » from « Aperçu »
  // (docs/decisions/0048); the guest chef answers through the e-mail's signed page, outside /api.
  ['/api/admin/sessions/:sessionId/minimum/', 'admin'],
  ['/api/admin/', 'admin'],
  // The guest chef's own sessions and rosters: signed in, then his role and each session's teacher
  // (403 for anyone else: tests/integration/rosters.test.ts).
  ['/api/chef/', 'signed-in'],
  // Authenticated by the provider's signature over the body, not by a session.
  ['/api/payments/webhook', 'public'],
  // The sandbox's test clock: the admin moves a member's time forward (demos, browser journeys).
  ['/api/payments/sandbox/test-clock', 'admin'],
  ['/api/payments/sandbox/', 'signed-in'],
  ['/api/checkout', 'signed-in'],
  ['/api/subscription', 'signed-in'],
  ['/api/membership/plans', 'public'],
  ['/api/orders/', 'signed-in'],
  ['/api/refunds/', 'signed-in'],
  ['/api/purchases', 'signed-in'],
  // « Offrir un cours »: buying a card, one's cards bought, adding a card to one's credit.
  ['/api/gift-cards/', 'signed-in'],
  // After the chef cancelled a session: the card or « Crédit Toque » (the reservation's owner only).
  ['/api/booking/reservations/:reservationId/refund-choice', 'signed-in'],
  // « Transférer » (docs/decisions/0051): the booking's learner or the admin; a gift's acceptance, signed in.
  ['/api/booking/reservations/:reservationId/transfer', 'signed-in'],
  ['/api/booking/transfers/', 'signed-in'],
  // The booking's own page and its seats' dietary needs (the owner; the admin reads).
  ['/api/booking/reservations/:reservationId/page', 'signed-in'],
  ['/api/booking/reservations/:reservationId/dietary-needs', 'signed-in'],
  ['/api/booking/', 'signed-in'],
  // « Liste d'attente » of a full session: join, one's places, leave or « Céder ma place ».
  ['/api/waitlist', 'signed-in'],
  // A gift's e-mail link, before signing in: its signature names the gift (docs/decisions/0051).
  ['/api/transfers/', 'public'],
  // A calendar app fetches the feed without a session: the random token in the URL is the key.
  ['/api/calendar/feeds/', 'public'],
  ['/api/calendar/', 'signed-in'],
  ['/api/events', 'signed-in'],
  ['/api/notifications', 'signed-in'],
  // A live session's recording: its attendees, its teacher and the admin.
  ['/api/recordings/', 'signed-in'],
  // An e-mail's unsubscribe link: the signed token in it says who, not a session.
  ['/api/unsubscribe', 'public'],
  // What the privacy policy states from configuration (the privacy officer, retention).
  ['/api/legal/', 'public'],
];

const policyOf = (path: string): Policy | undefined => POLICIES.find(([prefix]) => path === prefix || path.startsWith(prefix))?.[1];

const SOME_UUID = '00000000-0000-4000-8000-000000000000';

let app: TestApp;
let learner: { id: string; cookie: string };
let chef: { id: string; cookie: string };
let subscriber: { id: string; cookie: string };
let admin: { id: string; cookie: string };

/** The app's concrete API routes (middleware and the catch-all 404 registered as ALL are left out). */
function apiRoutes(): { method: string; path: string }[] {
  const seen = new Set<string>();
  return app.app.routes
    .filter((r) => r.path.startsWith('/api/') && r.method !== 'ALL')
    .map((r) => ({ method: r.method, path: r.path }))
    .filter((r) => !seen.has(`${r.method} ${r.path}`) && seen.add(`${r.method} ${r.path}`));
}

beforeAll(async () => {
  app = await createTestApp();
  // A probe on the real app (real sessions, real viewer) for the subscriber guard, which no
  // route uses yet; added before the first request, while the router still takes routes.
  app.app.post('/__probe/subscriber', async (c) => c.json(await requireSubscriber(c)));
  learner = await newSignedInUser(app, 'Léa Apprenante');
  chef = await newSignedInUser(app, 'Chef Invité');
  await setRole(app.db, chef.id, 'chef');
  subscriber = await newSignedInUser(app, 'Sam Abonné');
  await createSubscription(app.db, subscriber.id);
  admin = await newSignedInUser(app, 'Cheffe Admin');
  await setRole(app.db, admin.id, 'admin');
});
afterAll(() => app.close());

describe('route inventory (deny by default)', () => {
  it('gives every API route an explicit policy', () => {
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(10);
    expect(routes.filter((r) => !policyOf(r.path)).map((r) => `${r.method} ${r.path}`)).toEqual([]);
  });

  it('answers 401 in French to a visitor on every signed-in and admin route, whatever the method', async () => {
    const guarded = apiRoutes().filter((r) => policyOf(r.path) !== 'public');
    expect(guarded.length).toBeGreaterThanOrEqual(7);
    for (const route of guarded) {
      const res = await send(app, route.method, route.path.replace(/:[A-Za-z]+/g, SOME_UUID));
      expect({ route, status: res.status }).toEqual({ route, status: 401 });
      expect(((await res.json()) as ApiErrorBody).error).toMatchObject({ code: 'UNAUTHENTICATED', message: 'Connexion requise.' });
    }
  });

  it('refuses every admin route to a learner, a guest chef and a subscriber (403 in French)', async () => {
    const adminRoutes = apiRoutes().filter((r) => policyOf(r.path) === 'admin');
    expect(adminRoutes.length).toBeGreaterThan(0);
    for (const person of [learner, chef, subscriber]) {
      for (const route of adminRoutes) {
        const res = await send(app, route.method, route.path.replace(/:[A-Za-z]+/g, SOME_UUID), { cookie: person.cookie });
        expect({ route, status: res.status }).toEqual({ route, status: 403 });
        expect(((await res.json()) as ApiErrorBody).error).toMatchObject({ code: 'FORBIDDEN', message: "Vous n'avez pas accès à cette ressource." });
      }
    }
  });

  it('an unknown path under a guarded prefix tells a visitor nothing more than 401', async () => {
    expect((await send(app, 'GET', '/api/admin/users')).status).toBe(401);
    expect((await send(app, 'GET', '/api/admin/users', { cookie: learner.cookie })).status).toBe(403);
    expect((await send(app, 'GET', '/api/admin/users', { cookie: admin.cookie })).status).toBe(404);
  });

  it('no signed-in route takes a user id: the session decides whose data it is', () => {
    const params = apiRoutes()
      .filter((r) => policyOf(r.path) === 'signed-in')
      .flatMap((r) => r.path.match(/:[A-Za-z]+/g) ?? []);
    // An order, refund, reservation, waitlist place (:entryId) or notification id names one record; its routes answer only its owner (404 for anyone else).
    // A course (:id, progress) or session (:sessionId, recording) id names content; the access rule answers 403 to others.
    // A transfer (:transferId) is revoked by its giver only, accepted only with its link's signature (docs/decisions/0051).
    expect(new Set(params)).toEqual(
      new Set([':recipeId', ':orderId', ':refundId', ':reservationId', ':notificationId', ':id', ':sessionId', ':entryId', ':transferId']),
    );
  });
});

describe('GET /api/admin/outbox', () => {
  it('gives the admin the latest e-mails, newest first, paginated', async () => {
    const base = Date.parse('2026-04-01T10:00:00Z');
    await app.db.insert(outboxEmails).values(
      Array.from({ length: 5 }, (_, i) => ({
        to: `personne${i}@exemple.ca`,
        subject: `Réinitialisation ${i}`,
        text: `Lien ${i} : http://toque.test/update-password?token=t${i}`,
        html: `<p>Lien ${i}</p>`,
        createdAt: new Date(base + i * 60_000),
      })),
    );
    const res = await send(app, 'GET', '/api/admin/outbox?limit=2', { cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const page = (await res.json()) as OutboxResponse;
    expect(page.total).toBe(5);
    expect(page.emails).toEqual([
      { id: expect.any(String), to: 'personne4@exemple.ca', subject: 'Réinitialisation 4', text: 'Lien 4 : http://toque.test/update-password?token=t4', createdAt: '2026-04-01T10:04:00.000Z' },
      { id: expect.any(String), to: 'personne3@exemple.ca', subject: 'Réinitialisation 3', text: 'Lien 3 : http://toque.test/update-password?token=t3', createdAt: '2026-04-01T10:03:00.000Z' },
    ]);
    const next = (await (await send(app, 'GET', '/api/admin/outbox?limit=2&offset=4', { cookie: admin.cookie })).json()) as OutboxResponse;
    expect(next.emails.map((e) => e.to)).toEqual(['personne0@exemple.ca']);
    const all = (await (await send(app, 'GET', '/api/admin/outbox', { cookie: admin.cookie })).json()) as OutboxResponse;
    expect(all.emails).toHaveLength(5);
  });

  it.each(['limit=101', 'limit=0', 'limit=abc', 'offset=-1', 'page=2'])('refuses ?%s with 400 in French', async (query) => {
    const res = await send(app, 'GET', `/api/admin/outbox?${query}`, { cookie: admin.cookie });
    expect(res.status).toBe(400);
    const error = ((await res.json()) as ApiErrorBody).error;
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(Object.values(error.fields ?? {})[0]).toMatch(/^(La limite|Le décalage|Paramètre inconnu)/);
  });

  it('refuses a visitor (401) and a learner (403)', async () => {
    expect((await send(app, 'GET', '/api/admin/outbox')).status).toBe(401);
    expect((await send(app, 'GET', '/api/admin/outbox', { cookie: learner.cookie })).status).toBe(403);
  });

  it('follows the role in the database, not anything the client says', async () => {
    const promoted = await newSignedInUser(app, 'Future Admin');
    const asked = await send(app, 'GET', '/api/admin/outbox', { cookie: promoted.cookie, headers: { 'x-role': 'admin' } });
    expect(asked.status).toBe(403);
    await setRole(app.db, promoted.id, 'admin');
    expect((await send(app, 'GET', '/api/admin/outbox', { cookie: promoted.cookie })).status).toBe(200);
    await setRole(app.db, promoted.id, 'learner');
    expect((await send(app, 'GET', '/api/admin/outbox', { cookie: promoted.cookie })).status).toBe(403);
  });
});

describe('subscriber guard', () => {
  const probe = (cookie?: string) => send(app, 'POST', '/__probe/subscriber', { cookie });

  it('lets a subscriber and the admin through, refuses a learner (403 in French) and a visitor (401)', async () => {
    expect((await probe(subscriber.cookie)).status).toBe(200);
    expect((await probe(admin.cookie)).status).toBe(200);
    const refused = await probe(learner.cookie);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as ApiErrorBody).error).toMatchObject({
      code: 'SUBSCRIPTION_REQUIRED',
      message: 'Cette section est réservée aux abonnés.',
    });
    expect((await probe()).status).toBe(401);
  });

  it('a subscription that has ended gives no access', async () => {
    const lapsed = await newSignedInUser(app);
    await createSubscription(app.db, lapsed.id, { status: 'canceled', currentPeriodEnd: new Date(testNow().getTime() - 1000) });
    expect((await probe(lapsed.cookie)).status).toBe(403);
  });
});

describe("one user's account is never another's", () => {
  it("B's profile reads and writes only ever reach B", async () => {
    const a = await newSignedInUser(app, 'Annie Aubé');
    const b = await newSignedInUser(app, 'Benoît Bédard');
    await send(app, 'PATCH', '/api/account/profile', { cookie: a.cookie, body: { fullName: 'Annie Aubé', phone: '418-555-0101', province: 'QC' } });

    const bRead = (await (await send(app, 'GET', '/api/account/profile', { cookie: b.cookie })).json()) as ProfileResponse;
    expect(bRead.profile.fullName).toBe('Benoît Bédard');
    expect(JSON.stringify(bRead)).not.toContain('418-555-0101');

    // Whatever ids B puts in the body or the query, only B changes.
    const res = await send(app, 'PATCH', `/api/account/profile?userId=${a.id}`, {
      cookie: b.cookie,
      body: { fullName: 'Piraté', userId: a.id, user_id: a.id, id: a.id, phone: '000-000-0000' },
    });
    expect(res.status).toBe(200);
    const [aRow] = await app.db.select().from(profiles).where(eq(profiles.userId, a.id));
    expect(aRow).toMatchObject({ fullName: 'Annie Aubé', phone: '418-555-0101', province: 'QC' });
    const [bRow] = await app.db.select().from(profiles).where(eq(profiles.userId, b.id));
    expect(bRow).toMatchObject({ fullName: 'Piraté', phone: '000-000-0000' });
  });

  it('there is no path to read another person by id', async () => {
    const a = await newSignedInUser(app);
    const b = await newSignedInUser(app);
    for (const path of [`/api/account/profile/${a.id}`, `/api/account/${a.id}/profile`, `/api/favorites/user/${a.id}`]) {
      const res = await send(app, 'GET', path, { cookie: b.cookie });
      expect(res.status).toBe(404);
    }
  });

  it('a profile write needs our origin (CSRF: no Origin, or another one → 403)', async () => {
    const user = await newSignedInUser(app, 'Nom Protégé');
    for (const headers of [{ origin: 'https://evil.example' }, {}] as Record<string, string>[]) {
      const res = await app.request('/api/account/profile', {
        method: 'PATCH',
        headers: { cookie: `toque.session_token=${user.cookie}`, 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ fullName: 'Nom Forgé' }),
      });
      expect(res.status).toBe(403);
    }
    const [row] = await app.db.select({ fullName: profiles.fullName }).from(profiles).where(eq(profiles.userId, user.id));
    expect(row!.fullName).toBe('Nom Protégé');
  });
});
