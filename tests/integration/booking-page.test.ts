// The booking's own page (docs/decisions/0052) and the seats' dietary needs (docs/decisions/0053), on
// the real database: the page is its owner's and the admin's (anyone else: 404; the admin may not
// change the needs: 403); the needs are asked per seat with the hold, checked in French, changed by
// the owner until the kit goes out (72 h before); the roster adds them up for the admin and the
// session's chef; the kit e-mail carries only the substitutions matching the booking's needs.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SeatNeeds } from '@shared/dietary';
import type { ApiErrorBody } from '@shared/errors';
import type { HoldResponse } from '@shared/schemas/booking';
import type { BookingPageResponse } from '@shared/schemas/booking-page';
import type { RosterResponse } from '@shared/schemas/rosters';
import { courses, reservations } from '../../src/server/db/schema';
import { QUEUES } from '../../src/server/jobs/queues';
import { prepKitDedupeKey, prepKitWorker } from '../../src/server/modules/prep-kit/job';
import { createCourse, createReservation, createSession, setRole } from '../factories';
import { createSignedInLearners, type SignedInLearner } from '../factories/accounts';
import { send } from '../setup/auth-client';
import { appWithAdmin, type SignedInAdmin } from '../setup/app-with-admin';
import type { TestApp } from '../setup/test-app';
import { testNow } from '../setup/test-clock';

const HOUR = 3_600_000;
const clock = testNow().getTime();
const now = () => new Date(clock);

let t: TestApp;
let admin: SignedInAdmin;
let chef: SignedInLearner;
let lea: SignedInLearner;
let max: SignedInLearner;
let course: { id: string; title: string };

const KIT = ['200 g de farine', '2 œufs', '250 ml de lait', 'Matériel :', 'Un fouet'].join('\n');
const seat = (needs: SeatNeeds['needs'], note = ''): SeatNeeds => ({ needs, note });

beforeAll(async () => {
  ({ t, admin } = await appWithAdmin({ now }));
  [chef, lea, max] = (await createSignedInLearners(t, 3)) as [SignedInLearner, SignedInLearner, SignedInLearner];
  await setRole(t.db, chef.id, 'chef');
  course = await createCourse(t.db, { title: 'Crêpes sans souci', isLive: true, priceCents: 5000, teacherId: chef.id, prepKit: KIT, prepKitServings: 2 });
  await t.db
    .update(courses)
    .set({ kitSubstitutions: { gluten_free: 'Farine de riz au lieu de la farine de blé', vegetarian: 'Beurre végétal', shellfish_free: 'Pas de crevettes' } })
    .where(eq(courses.id, course.id));
});
afterAll(() => t.close());

const read = async <T>(res: Response) => (await res.json()) as T;
const sessionIn = async (hours: number) => (await createSession(t.db, course.id, { startsAt: new Date(clock + hours * HOUR), capacity: 10 })).id;
const page = (cookie: string | undefined, id: string) => send(t, 'GET', `/api/booking/reservations/${id}/page`, { cookie });
const putNeeds = (cookie: string, id: string, needs: unknown) => send(t, 'PUT', `/api/booking/reservations/${id}/dietary-needs`, { cookie, body: { needs } });
const stored = async (id: string) => (await t.db.select({ needs: reservations.dietaryNeeds }).from(reservations).where(eq(reservations.id, id)))[0]!.needs;

describe('the booking page', () => {
  it('is its owner’s and the admin’s: 200 with the seats, the kit and its matching substitutions; 404 to another learner, 401 signed out', async () => {
    const sessionId = await sessionIn(7 * 24);
    const { id } = await createReservation(t.db, sessionId, lea.id, { seats: 2, guestNames: ['Marie'], dietaryNeeds: [seat([]), seat(['gluten_free'], 'sésame')] });

    const own = await page(lea.cookie, id);
    expect(own.status).toBe(200);
    const { page: p } = await read<BookingPageResponse>(own);
    expect(p.reservation).toMatchObject({ id, seats: 2, guests: ['Marie'], status: 'confirmed', cancellation: { allowed: true } });
    expect(p).toMatchObject({ isOwner: true, needsEditable: true, needs: [seat([]), seat(['gluten_free'], 'sésame')] });
    expect(p.joinOpensAt).toBe(new Date(clock + 7 * 24 * HOUR - 15 * 60_000).toISOString());
    // The kit for the booking's servings (none chosen: the kit's 2), with only the gluten substitution.
    expect(p.kit).toMatchObject({ servings: 2, ingredients: ['200 g de farine', '2 œufs', '250 ml de lait'], equipment: ['Un fouet'] });
    expect(p.kit!.substitutions).toEqual([{ need: 'gluten_free', label: 'Sans gluten', text: 'Farine de riz au lieu de la farine de blé' }]);

    const byAdmin = await page(admin.cookie, id);
    expect(byAdmin.status).toBe(200);
    expect((await read<BookingPageResponse>(byAdmin)).page).toMatchObject({ isOwner: false, needsEditable: false });

    const other = await page(max.cookie, id);
    expect(other.status).toBe(404);
    expect((await read<ApiErrorBody>(other)).error).toMatchObject({ code: 'RESERVATION_NOT_FOUND', message: "Cette réservation n'existe pas." });
    expect((await page(chef.cookie, id)).status).toBe(404);
    expect((await page(undefined, id)).status).toBe(401);
    expect((await page(lea.cookie, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await page(lea.cookie, 'pas-un-id')).status).toBe(404);

    // Health data in the owner's export (Loi 25), with the seat they belong to.
    const exported = await read<{ reservations: { id: string; dietaryNeeds: SeatNeeds[] }[] }>(await send(t, 'GET', '/api/account/data-export', { cookie: lea.cookie }));
    expect(exported.reservations.find((r) => r.id === id)?.dietaryNeeds).toEqual([seat([]), seat(['gluten_free'], 'sésame')]);
  });
});

describe('dietary needs per seat', () => {
  it('are asked with the hold, one per seat, and checked in French', async () => {
    const sessionId = await sessionIn(6 * 24);
    const hold = (body: Record<string, unknown>) => send(t, 'POST', '/api/booking/holds', { cookie: max.cookie, body: { sessionId, ...body } });

    const unknown = await hold({ seats: 1, needs: [{ needs: ['halal'], note: '' }] });
    expect(unknown.status).toBe(400);
    expect((await read<ApiErrorBody>(unknown)).error.fields).toMatchObject({ 'needs.0.needs.0': 'Besoin alimentaire inconnu.' });
    const tooMany = await hold({ seats: 1, needs: [seat([]), seat(['vegan'])] });
    expect(tooMany.status).toBe(400);
    expect(JSON.stringify(await read<ApiErrorBody>(tooMany))).toContain('Un seul choix de besoins par place.');
    const long = await hold({ seats: 1, needs: [{ needs: [], note: 'x'.repeat(201) }] });
    expect(long.status).toBe(400);
    expect(JSON.stringify(await read<ApiErrorBody>(long))).toContain('Les précisions ne doivent pas dépasser 200 caractères.');

    const held = await hold({ seats: 3, guests: ['Noé', ''], needs: [seat(['vegan', 'gluten_free']), seat([], '  sans coriandre ')] });
    expect(held.status).toBe(201);
    const { hold: h } = await read<HoldResponse>(held);
    // In the list's order, the free text trimmed, one entry per seat (the third said nothing).
    expect(h.needs).toEqual([seat(['gluten_free', 'vegan']), seat([], 'sans coriandre'), seat([])]);
    expect(await stored(h.id)).toEqual(h.needs);
    // Asked again with fewer seats: the needs of the seats kept stay.
    const again = await hold({ seats: 2 });
    expect((await read<HoldResponse>(again)).hold.needs).toEqual([seat(['gluten_free', 'vegan']), seat([], 'sans coriandre')]);
  });

  it('are changed by the owner until the kit goes out; never by the admin (403), nor after (409)', async () => {
    const later = await createReservation(t.db, await sessionIn(5 * 24), lea.id, { seats: 2 });
    const changed = await putNeeds(lea.cookie, later.id, [seat(['lactose_free']), seat(['vegetarian'], 'œufs oui')]);
    expect(changed.status).toBe(200);
    expect((await read<BookingPageResponse>(changed)).page.needs).toEqual([seat(['lactose_free']), seat(['vegetarian'], 'œufs oui')]);
    // The same again answers the same.
    expect((await putNeeds(lea.cookie, later.id, [seat(['lactose_free']), seat(['vegetarian'], 'œufs oui')])).status).toBe(200);
    expect(await stored(later.id)).toEqual([seat(['lactose_free']), seat(['vegetarian'], 'œufs oui')]);

    const tooMany = await putNeeds(lea.cookie, later.id, [seat([]), seat([]), seat(['vegan'])]);
    expect(tooMany.status).toBe(400);
    expect((await read<ApiErrorBody>(tooMany)).error.fields).toMatchObject({ needs: 'Un seul choix de besoins par place (2).' });

    const byAdmin = await putNeeds(admin.cookie, later.id, [seat(['vegan'])]);
    expect(byAdmin.status).toBe(403);
    expect((await putNeeds(max.cookie, later.id, [seat(['vegan'])])).status).toBe(404);

    // 60 hours before: the kit went out at 72 h.
    const soon = await createReservation(t.db, await sessionIn(60), lea.id);
    const locked = await putNeeds(lea.cookie, soon.id, [seat(['vegan'])]);
    expect(locked.status).toBe(409);
    expect((await read<ApiErrorBody>(locked)).error).toMatchObject({ code: 'DIETARY_NEEDS_LOCKED', message: expect.stringContaining('La trousse de préparation est déjà partie') });
    expect((await read<BookingPageResponse>(await page(lea.cookie, soon.id))).page.needsEditable).toBe(false);
  });
});

describe('the roster and the kit', () => {
  it('add the needs up for the admin and the session’s chef, and each kit e-mail carries only its own substitutions', async () => {
    const sessionId = await sessionIn(60);
    const a = await createReservation(t.db, sessionId, lea.id, { clientName: 'Léa', seats: 2, guestNames: ['Marie'], dietaryNeeds: [seat(['gluten_free']), seat(['gluten_free', 'vegan'], 'sésame')] });
    const b = await createReservation(t.db, sessionId, max.id, { clientName: 'Max' });

    for (const [cookie, path] of [
      [admin.cookie, `/api/admin/sessions/${sessionId}/roster`],
      [chef.cookie, `/api/chef/sessions/${sessionId}/roster`],
    ] as const) {
      const res = await send(t, 'GET', path, { cookie });
      expect(res.status).toBe(200);
      const roster = await read<RosterResponse>(res);
      expect(roster.needsSummary).toBe('2 sans gluten, 1 végétalien');
      expect(roster.attendees.find((x) => x.reservationId === a.id)?.needs).toEqual([seat(['gluten_free']), seat(['gluten_free', 'vegan'], 'sésame')]);
      expect(roster.attendees.find((x) => x.reservationId === b.id)?.needs).toEqual([seat([])]);
    }

    const run = prepKitWorker(t.deps);
    expect(await run({ data: { reservationId: a.id } })).toBe('queued');
    expect(await run({ data: { reservationId: b.id } })).toBe('queued');
    // The e-mail as queued for sending (the job's payload: the jobs are not running here).
    const mailOf = async (reservationId: string) => (await t.jobs.get(QUEUES.emailSend, { key: prepKitDedupeKey(reservationId) }))!.data.mail;
    const withNeeds = await mailOf(a.id);
    expect(withNeeds.text).toContain('Substitutions pour vos besoins alimentaires');
    expect(withNeeds.text).toContain('Sans gluten : Farine de riz au lieu de la farine de blé');
    // Vegan: the vegetarian substitution too; never the one for shellfish.
    expect(withNeeds.text).toContain('Végétarien : Beurre végétal');
    expect(withNeeds.text).not.toContain('crevettes');
    const without = await mailOf(b.id);
    expect(without.text).toContain('200 g de farine');
    expect(without.text).not.toContain('Substitutions');
  });
});
