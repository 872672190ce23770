// /api/admin/*: the admin only, checked on every route by the group's guard.
import { Hono } from 'hono';
import { outboxQuery, type DemoAccountsResponse, type OutboxEmailResponse, type OutboxResponse } from '@shared/schemas/admin';
import type { AppEnv } from '../../http/app-env';
import { adminOnly } from '../../http/guards';
import { noQuery, readQuery } from '../params';
import type { AdminService } from './service';

export function adminRoutes(admin: AdminService) {
  const app = new Hono<AppEnv>();
  app.use('*', adminOnly);
  app.get('/demo-accounts', async (c) => {
    readQuery(c, noQuery);
    return c.json<DemoAccountsResponse>(await admin.demoAccounts());
  });
  app.get('/outbox', async (c) => c.json<OutboxResponse>(await admin.outbox(readQuery(c, outboxQuery))));
  app.get('/outbox/:emailId', async (c) => {
    readQuery(c, noQuery);
    return c.json<OutboxEmailResponse>(await admin.outboxEmail(c.req.param('emailId')));
  });
  return app;
}
