// /api/booking: a signed-in learner holds, reads and releases their own seat holds, reads and
// cancels their own reservations (the admin reads anyone's), and finds their hold on a course again.
import { Hono } from 'hono';
import { currentHoldQuerySchema, holdRequestSchema, type CurrentHoldResponse, type HoldResponse } from '@shared/schemas/booking';
import type { BookingPageResponse } from '@shared/schemas/booking-page';
import type { CancelReservationResponse, RefundChoiceResponse, ReservationResponse } from '@shared/schemas/reservations';
import type { AppEnv } from '../../http/app-env';
import { requireUser, signedInOnly } from '../../http/guards';
import { readJsonBody } from '../../http/json-only';
import { parseInput } from '../../http/validate';
import { noQuery, readQuery } from '../params';
import type { BookingPageService } from './booking-page';
import type { ReservationService } from './reservations';
import type { BookingService } from './service';
import { transferRoutes } from './transfer-routes';
import type { TransferService } from './transfers';

export function bookingRoutes(booking: BookingService, reservations: ReservationService, transfers: TransferService, pages: BookingPageService) {
  const app = new Hono<AppEnv>();
  app.use('*', signedInOnly);

  app.post('/holds', async (c) => {
    const viewer = await requireUser(c);
    const { sessionId, servings, seats, guests, needs } = parseInput(holdRequestSchema, await readJsonBody(c));
    const { created, hold } = await booking.hold(viewer, sessionId, { servings, seats, guests, needs });
    return c.json<HoldResponse>({ hold }, created ? 201 : 200);
  });

  // Before '/holds/:reservationId', which would take 'current' for an id.
  app.get('/holds/current', async (c) => {
    const { courseId } = readQuery(c, currentHoldQuerySchema);
    const { userId } = await requireUser(c);
    return c.json<CurrentHoldResponse>({ hold: await booking.current(userId, courseId) });
  });

  app.get('/holds/:reservationId', async (c) => {
    const { userId } = await requireUser(c);
    return c.json<HoldResponse>({ hold: await booking.get(userId, c.req.param('reservationId')) });
  });

  app.delete('/holds/:reservationId', async (c) => {
    const { userId } = await requireUser(c);
    return c.json<HoldResponse>({ hold: await booking.release(userId, c.req.param('reservationId')) });
  });

  app.get('/reservations/:reservationId', async (c) => {
    readQuery(c, noQuery);
    const viewer = await requireUser(c);
    return c.json<ReservationResponse>({ reservation: await reservations.get(viewer, c.req.param('reservationId')) });
  });

  // The booking's own page (docs/decisions/0052): the owner's or the admin's; 404 to anyone else.
  app.get('/reservations/:reservationId/page', async (c) => {
    readQuery(c, noQuery);
    const viewer = await requireUser(c);
    return c.json<BookingPageResponse>({ page: await pages.get(viewer, c.req.param('reservationId')) });
  });

  // The seats' dietary needs, by the owner, until the kit goes out (docs/decisions/0053).
  app.put('/reservations/:reservationId/dietary-needs', async (c) => {
    const viewer = await requireUser(c);
    return c.json<BookingPageResponse>({ page: await pages.setNeeds(viewer, c.req.param('reservationId'), await readJsonBody(c)) });
  });

  app.post('/reservations/:reservationId/cancel', async (c) => {
    const viewer = await requireUser(c);
    return c.json<CancelReservationResponse>(await reservations.cancel(viewer, c.req.param('reservationId'), await readJsonBody(c)));
  });

  // After the chef cancelled the session: the card or « Crédit Toque » (docs/decisions/0043).
  app.post('/reservations/:reservationId/refund-choice', async (c) => {
    const viewer = await requireUser(c);
    return c.json<RefundChoiceResponse>(await reservations.chooseRefund(viewer, c.req.param('reservationId'), await readJsonBody(c)));
  });

  // « Transférer » (docs/decisions/0051).
  transferRoutes(app, transfers);

  return app;
}
