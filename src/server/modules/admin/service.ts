// What the admin reads. Access is checked by the routes' guard (requireAdmin) before any call here.
import type { OutboxQuery, OutboxResponse } from '@shared/schemas/admin';
import type { Deps } from '../../deps';
import { toIso } from '../rows';
import * as repo from './repository';

export function createAdminService(deps: Pick<Deps, 'database'>) {
  return {
    async outbox(query: OutboxQuery): Promise<OutboxResponse> {
      const { rows, total } = await repo.listOutbox(deps.database.db, query);
      return { emails: rows.map((r) => ({ ...r, createdAt: toIso(r.createdAt) })), total };
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
