// Transfers (docs/decisions/0051) and the school's « Politique d'annulation »:
//   /api/booking/reservations/:id/transfer  GET what each option does, POST do it (the learner, or the admin)
//   /api/booking/transfers/:id/revoke       POST the giver takes a gift back before it is accepted
//   /api/booking/transfers/:id/accept       POST the recipient, signed in, with the link's signature
//   /api/transfers/:id?signature=           GET the gift as its link shows it, signed out
//   /api/admin/cancellation-policy          GET/PUT the policy (admin; audited)
import { Hono } from 'hono';
import type { CancellationPolicy } from '@shared/booking';
import { cancellationPolicySchema, giftLinkQuerySchema, type BookingPolicyResponse, type GiftOfferView, type PendingDifferenceResponse, type TransferOptionsResponse, type TransferResponse, type TransferView } from '@shared/schemas/transfers';
import type { Deps } from '../../deps';
import type { AppEnv } from '../../http/app-env';
import { requireAdmin, requireUser } from '../../http/guards';
import { readJsonBody } from '../../http/json-only';
import { parseInput } from '../../http/validate';
import { noQuery, readQuery } from '../params';
import { invalidatePublicCache } from '../../web/public-cache';
import { readCancellationPolicy, writeCancellationPolicy } from './policy';
import type { TransferService } from './transfers';

/** Mounted inside bookingRoutes (signed in). */
export function transferRoutes(app: Hono<AppEnv>, transfers: TransferService) {
  app.get('/reservations/:reservationId/transfer', async (c) => {
    readQuery(c, noQuery);
    const viewer = await requireUser(c);
    return c.json<TransferOptionsResponse>(await transfers.options(viewer, c.req.param('reservationId')));
  });
  app.get('/reservations/:reservationId/difference', async (c) => {
    readQuery(c, noQuery);
    const viewer = await requireUser(c);
    return c.json<PendingDifferenceResponse>(await transfers.pendingDifference(viewer, c.req.param('reservationId')));
  });
  app.post('/reservations/:reservationId/transfer', async (c) => {
    const viewer = await requireUser(c);
    return c.json<TransferResponse>(await transfers.transfer(viewer, c.req.param('reservationId'), await readJsonBody(c)));
  });
  app.post('/transfers/:transferId/revoke', async (c) => {
    const viewer = await requireUser(c);
    return c.json<{ transfer: TransferView }>({ transfer: await transfers.revoke(viewer, c.req.param('transferId')) });
  });
  app.post('/transfers/:transferId/accept', async (c) => {
    const viewer = await requireUser(c);
    return c.json<TransferResponse>(await transfers.acceptGift(viewer, c.req.param('transferId'), await readJsonBody(c)));
  });
}

/** GET /api/transfers/:id?signature= — signed out: the e-mail's link, before signing in. */
export function giftLinkRoutes(transfers: TransferService) {
  const app = new Hono<AppEnv>();
  app.get('/:transferId', async (c) => {
    const { signature } = readQuery(c, giftLinkQuerySchema);
    return c.json<{ gift: GiftOfferView }>({ gift: await transfers.readGift(c.req.param('transferId'), signature) });
  });
  return app;
}

/** GET /api/legal/booking-policy — public: the FAQ's and the terms' hours. */
export function bookingPolicyRoutes(services: { bookingPolicy: () => Promise<CancellationPolicy> }) {
  const app = new Hono<AppEnv>();
  app.get('/', async (c) => {
    readQuery(c, noQuery);
    return c.json<BookingPolicyResponse>({ policy: await services.bookingPolicy() });
  });
  return app;
}

/** GET/PUT /api/admin/cancellation-policy. */
export function cancellationPolicyRoutes(deps: Pick<Deps, 'database' | 'now'>) {
  const app = new Hono<AppEnv>();
  app.get('/', async (c) => {
    readQuery(c, noQuery);
    await requireAdmin(c);
    return c.json<CancellationPolicy>(await readCancellationPolicy(deps.database.db));
  });
  app.put('/', async (c) => {
    const admin = await requireAdmin(c);
    const input = parseInput(cancellationPolicySchema, await readJsonBody(c));
    await deps.database.db.transaction((tx) => writeCancellationPolicy(tx, admin.userId, input, deps.now()));
    // The FAQ and the terms state the hours: their cached copies go.
    invalidatePublicCache();
    return c.json<CancellationPolicy>(await readCancellationPolicy(deps.database.db));
  });
  return app;
}
