// Law 25 routes: GET /api/account/data-export and POST /api/account/delete (the session's own
// account, no id in the request), and the public GET /api/legal/privacy.
import { Hono } from 'hono';
import { deleteCookie } from 'hono/cookie';
import { exportFileName, type PrivacyInfoResponse } from '@shared/schemas/privacy';
// The day in Québec names the file the person sees; taxDay keeps that formatter.
import { taxDay } from '@shared/tax/compute';
import type { AppEnv } from '../../http/app-env';
import type { Deps } from '../../deps';
import { requireUser, signedInOnly } from '../../http/guards';
import { readJsonBody } from '../../http/json-only';
import type { PaymentProvider } from '../../integrations/payments/port';
import { SECURE_SESSION_COOKIE, SESSION_COOKIE } from '../auth/auth';
import { createAccountDeletion } from './deletion';
import { createDataExport } from './export';
import { privacyInfo } from './privacy-info';

export function privacyRoutes(deps: Deps, provider: PaymentProvider) {
  const app = new Hono<AppEnv>();
  const dataExport = createDataExport(deps);
  const deletion = createAccountDeletion(deps, provider);
  const secure = deps.config.secureCookies;

  app.get('/legal/privacy', (c) => {
    c.header('cache-control', 'no-cache');
    return c.json<PrivacyInfoResponse>(privacyInfo(deps.config));
  });

  const account = new Hono<AppEnv>();
  account.use('*', signedInOnly);

  account.get('/data-export', async (c) => {
    const { userId } = await requireUser(c);
    const data = await dataExport.build(userId);
    c.header('content-disposition', `attachment; filename="${exportFileName(taxDay(deps.now()))}"`);
    c.header('cache-control', 'no-store');
    return c.body(JSON.stringify(data, null, 2), 200, { 'content-type': 'application/json; charset=utf-8' });
  });

  account.post('/delete', async (c) => {
    const { userId } = await requireUser(c);
    await deletion.delete(userId, await readJsonBody(c));
    // Every session row is gone already; this browser also forgets its cookie.
    const name = secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
    deleteCookie(c, name, { path: '/', secure, httpOnly: true, sameSite: 'Lax' });
    return c.json({ ok: true });
  });

  app.route('/account', account);
  return app;
}
