// /api/account/credit: the signed-in person's « Crédit Toque » (« Mon crédit »): the balance and its
// history, « Demander le versement » of a balance under 5 $, and where automatic refunds go. No
// route takes a user id.
import { Hono } from 'hono';
import { creditHistoryQuery, type CreditPayoutResponse, type CreditPreference, type CreditResponse } from '@shared/schemas/credit';
import type { Deps } from '../../deps';
import type { AppEnv } from '../../http/app-env';
import { requireUser, signedInOnly } from '../../http/guards';
import { readJsonBody } from '../../http/json-only';
import { readQuery } from '../params';
import { createCreditAccountService } from './account';

export function creditRoutes(deps: Pick<Deps, 'database' | 'now'>) {
  const credit = createCreditAccountService(deps);
  const app = new Hono<AppEnv>();
  app.use('*', signedInOnly);

  app.get('/', async (c) => {
    const { userId } = await requireUser(c);
    return c.json<CreditResponse>(await credit.mine(userId, readQuery(c, creditHistoryQuery)));
  });

  app.get('/preference', async (c) => {
    const { userId } = await requireUser(c);
    return c.json<CreditPreference>(await credit.preference(userId));
  });

  app.put('/preference', async (c) => {
    const { userId } = await requireUser(c);
    return c.json<CreditPreference>(await credit.savePreference(userId, await readJsonBody(c)));
  });

  app.post('/payout', async (c) => {
    const { userId } = await requireUser(c);
    return c.json<CreditPayoutResponse>(await credit.requestPayout(userId, await readJsonBody(c)));
  });

  return app;
}
