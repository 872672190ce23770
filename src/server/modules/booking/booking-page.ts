// The booking's own page (docs/decisions/0052) and its dietary needs (docs/decisions/0053). Read by
// the booking's owner or the admin (anyone else: 404, as the reservation routes answer); the needs
// changed by the owner only, until the kit goes out (72 h before the class) — health data, never
// shown to other learners.
import { JOIN_OPENS_MINUTES } from '@shared/booking';
import { bookingNeeds, matchingSubstitutions, needsFor } from '@shared/dietary';
import { defaultServings, prepKitSendsAt, scalePrepKit, sessionPrepKit } from '@shared/prep-kit';
import type { BookingPageView } from '@shared/schemas/booking-page';
import { dietaryNeedsUpdateSchema } from '@shared/schemas/dietary';
import type { Deps } from '../../deps';
import { AppError } from '../../http/app-error';
import { isAdmin, type SignedInViewer } from '../../http/guards';
import { parseInput } from '../../http/validate';
import { isUuid } from '../params';
import * as repo from './booking-page-repository';
import { findReservationRows, type ReservationRow } from './reservation-rows';
import { toReservationView } from './reservation-view';
import { readCancellationPolicy } from './policy';

const MINUTE_MS = 60_000;
const LIVE = new Set<ReservationRow['status']>(['pending_payment', 'confirmed']);

export function createBookingPageService(deps: Pick<Deps, 'database' | 'now'>) {
  const db = () => deps.database.db;

  async function readable(viewer: SignedInViewer, rawId: string): Promise<ReservationRow> {
    if (!isUuid(rawId)) throw new AppError('RESERVATION_NOT_FOUND');
    const [row] = await findReservationRows(db(), { ids: [rawId.toLowerCase()] });
    if (!row || (row.userId !== viewer.userId && !isAdmin(viewer))) throw new AppError('RESERVATION_NOT_FOUND');
    return row;
  }

  /** Whether the needs may still change: a live booking, before its kit goes out. */
  const editable = (row: ReservationRow, now: Date) => LIVE.has(row.status) && row.sessionStatus === 'scheduled' && now.getTime() < prepKitSendsAt(row.startsAt).getTime();

  async function page(viewer: SignedInViewer, row: ReservationRow): Promise<BookingPageView> {
    const now = deps.now();
    const extras = await repo.findPageExtras(db(), row.id);
    if (!extras) throw new AppError('RESERVATION_NOT_FOUND');
    const needs = needsFor(row.seats, extras.needs);
    const kitText = sessionPrepKit(extras.sessionKit, extras.courseKit);
    const kitServings = defaultServings(extras.kitServings);
    const servings = extras.servings ?? kitServings;
    const kit = kitText
      ? {
          ...scalePrepKit(kitText, kitServings, servings),
          servings,
          substitutions: matchingSubstitutions(extras.kitSubstitutions, bookingNeeds(needs)),
          sendsAt: prepKitSendsAt(row.startsAt).toISOString(),
        }
      : null;
    return {
      reservation: toReservationView(row, viewer, now, await readCancellationPolicy(db())),
      isOwner: row.userId === viewer.userId,
      needs,
      needsEditable: row.userId === viewer.userId && editable(row, now),
      kit,
      joinOpensAt: new Date(row.startsAt.getTime() - JOIN_OPENS_MINUTES * MINUTE_MS).toISOString(),
    };
  }

  return {
    async get(viewer: SignedInViewer, rawId: string): Promise<BookingPageView> {
      return page(viewer, await readable(viewer, rawId));
    },

    /** The owner's seats' needs, whole (a repeat writes the same). The admin reads them, never changes them. */
    async setNeeds(viewer: SignedInViewer, rawId: string, body: unknown): Promise<BookingPageView> {
      const input = parseInput(dietaryNeedsUpdateSchema, body);
      const row = await readable(viewer, rawId);
      if (row.userId !== viewer.userId) throw new AppError('FORBIDDEN');
      if (input.needs.length > row.seats) {
        throw new AppError('VALIDATION_FAILED', undefined, { needs: `Un seul choix de besoins par place (${row.seats}).` });
      }
      if (!editable(row, deps.now())) throw new AppError('DIETARY_NEEDS_LOCKED');
      const saved = await repo.setNeeds(db(), { reservationId: row.id, userId: viewer.userId, needs: needsFor(row.seats, input.needs), now: deps.now() });
      if (!saved) throw new AppError('DIETARY_NEEDS_LOCKED');
      return page(viewer, (await readable(viewer, row.id)));
    },
  };
}

export type BookingPageService = ReturnType<typeof createBookingPageService>;
