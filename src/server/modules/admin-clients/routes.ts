// /api/admin/clients and /api/admin/members: the « Clients » tab (the admin only, checked by the
// group's guard). Refunds and seat cancellations go through /api/admin/orders (refunds module).
import { Hono } from 'hono';
import {
  adminClientsQuery,
  type AdminClientNoteResponse,
  type AdminClientResponse,
  type AdminClientsResponse,
  type AdminMembersResponse,
  type ResendReceiptResponse,
} from '@shared/schemas/admin-clients';
import type { AdminCreditResponse } from '@shared/schemas/credit';
import type { AppEnv } from '../../http/app-env';
import { adminOnly, requireAdmin } from '../../http/guards';
import { readJsonBody } from '../../http/json-only';
import { noQuery, readQuery } from '../params';
import type { AdminClientService } from './service';

export function adminClientRoutes(clients: AdminClientService) {
  const app = new Hono<AppEnv>();
  app.use('*', adminOnly);

  app.get('/', async (c) => c.json<AdminClientsResponse>(await clients.list(readQuery(c, adminClientsQuery))));

  app.get('/:userId', async (c) => {
    readQuery(c, noQuery);
    return c.json<AdminClientResponse>(await clients.detail(c.req.param('userId')));
  });

  app.post('/:userId/notes', async (c) => {
    const admin = await requireAdmin(c);
    return c.json<AdminClientNoteResponse>({ note: await clients.addNote(admin, c.req.param('userId'), await readJsonBody(c)) }, 201);
  });

  app.patch('/:userId/notes/:noteId', async (c) => {
    const admin = await requireAdmin(c);
    return c.json<AdminClientNoteResponse>({ note: await clients.editNote(admin, c.req.param('userId'), c.req.param('noteId'), await readJsonBody(c)) });
  });

  // « Ajouter un crédit »: « Crédit Toque » given by the admin, with its reason (audited).
  app.post('/:userId/credit', async (c) => {
    const admin = await requireAdmin(c);
    const { created, response } = await clients.addCredit(admin, c.req.param('userId'), await readJsonBody(c));
    return c.json<AdminCreditResponse>(response, created ? 201 : 200);
  });

  app.post('/:userId/orders/:orderId/receipt-email', async (c) => {
    const admin = await requireAdmin(c);
    const { userId, orderId } = c.req.param();
    return c.json<ResendReceiptResponse>(await clients.resendReceipt(admin, userId, orderId, await readJsonBody(c)));
  });

  return app;
}

export function adminMemberRoutes(clients: AdminClientService) {
  const app = new Hono<AppEnv>();
  app.use('*', adminOnly);
  app.get('/', async (c) => {
    readQuery(c, noQuery);
    return c.json<AdminMembersResponse>(await clients.members());
  });
  return app;
}
