// GET/PUT /api/admin/minimum-policy — « Minimum d'inscriptions » (admin; audited): when a session's
// minimum is checked and how long its chef has to answer (docs/decisions/0048).
import { Hono } from 'hono';
import type { MinimumPolicy } from '@shared/booking';
import { minimumPolicySchema } from '@shared/schemas/minimum-enrolment';
import type { Deps } from '../../deps';
import type { AppEnv } from '../../http/app-env';
import { requireAdmin } from '../../http/guards';
import { readJsonBody } from '../../http/json-only';
import { parseInput } from '../../http/validate';
import { noQuery, readQuery } from '../params';
import { readMinimumPolicy } from './policy';
import { changeMinimumPolicy } from './service';

export function minimumPolicyRoutes(deps: Pick<Deps, 'database' | 'now'>) {
  const app = new Hono<AppEnv>();
  app.get('/', async (c) => {
    readQuery(c, noQuery);
    await requireAdmin(c);
    return c.json<MinimumPolicy>(await readMinimumPolicy(deps.database.db));
  });
  app.put('/', async (c) => {
    const admin = await requireAdmin(c);
    const input = parseInput(minimumPolicySchema, await readJsonBody(c));
    await deps.database.db.transaction((tx) => changeMinimumPolicy(tx, admin.userId, input, deps.now()));
    return c.json<MinimumPolicy>(await readMinimumPolicy(deps.database.db));
  });
  return app;
}
