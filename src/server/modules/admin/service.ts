// What the admin reads. Access is checked by the routes' guard (requireAdmin) before any call here.
import type { DemoAccountsResponse, OutboxEmailResponse, OutboxQuery, OutboxResponse } from '@shared/schemas/admin';
import type { Deps } from '../../deps';
import { AppError } from '../../http/app-error';
import { isUuid } from '../params';
import { toIso } from '../rows';
import { createDemoAccountCheck } from './demo-accounts';
import * as repo from './repository';

export function createAdminService(deps: Pick<Deps, 'database' | 'config'>) {
  // The same test as createMailer's: with SMTP_URL set nothing new is kept in the outbox.
  const delivery = deps.config.smtpUrl ? 'smtp' : 'outbox';
  const demoAccounts = createDemoAccountCheck(() => deps.database.db);
  return {
    async demoAccounts(): Promise<DemoAccountsResponse> {
      return { accounts: await demoAccounts.openDemoAccounts() };
    },

    async outbox(query: OutboxQuery): Promise<OutboxResponse> {
      const { rows, total } = await repo.listOutbox(deps.database.db, query);
      return { emails: rows.map((r) => ({ ...r, createdAt: toIso(r.createdAt) })), total, delivery };
    },

    async outboxEmail(id: string): Promise<OutboxEmailResponse> {
      const row = isUuid(id) ? await repo.findOutboxEmail(deps.database.db, id) : null;
      if (!row) throw new AppError('NOT_FOUND', "Ce courriel n'existe pas.");
      return { email: { ...row, createdAt: toIso(row.createdAt) } };
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
