// /api/admin/journal: the audit trail, a page at a time (the admin only, checked by the group's guard).
import { Hono } from 'hono';
import { journalQuery, type JournalResponse } from '@shared/schemas/admin-journal';
import type { AppEnv } from '../../http/app-env';
import { adminOnly } from '../../http/guards';
import { readQuery } from '../params';
import type { JournalService } from './service';

export function adminJournalRoutes(journal: JournalService) {
  const app = new Hono<AppEnv>();
  app.use('*', adminOnly);
  app.get('/', async (c) => c.json<JournalResponse>(await journal.page(readQuery(c, journalQuery))));
  return app;
}
