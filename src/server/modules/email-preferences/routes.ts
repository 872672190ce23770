// /api/account/email-preferences (the signed-in person's own choices) and /api/unsubscribe (the
// e-mails' link, signed out). The unsubscribe POST takes either the page's JSON { token } or a
// mail provider's one-click form (RFC 8058: ?token=… with the body 'List-Unsubscribe=One-Click').
// There is no GET that changes anything: mail scanners open links before people do.
import { Hono } from 'hono';
import { unsubscribeSchema, type EmailPreferencesResponse, type UnsubscribeResponse } from '@shared/schemas/notifications';
import type { AppEnv } from '../../http/app-env';
import { AppError } from '../../http/app-error';
import { requireUser, signedInOnly } from '../../http/guards';
import { readJsonBody, type RawUploadRoute } from '../../http/json-only';
import { parseInput } from '../../http/validate';
import type { EmailPreferenceService } from './service';
import { UNSUBSCRIBE_API_PATH } from './unsubscribe-token';

const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];

/**
 * For app.ts: the unsubscribe POST also takes the one-click form body (besides JSON), and is exempt
 * from the same-origin check — mail providers post it from their own servers, and the signed token,
 * not a session cookie, is what authorises it.
 */
export const UNSUBSCRIBE_FORM_ROUTE: RawUploadRoute = {
  method: 'POST',
  path: new RegExp(`^${UNSUBSCRIBE_API_PATH}$`),
  types: ['application/json', ...FORM_TYPES],
  refused: () => new AppError('UNSUPPORTED_MEDIA_TYPE'),
};
export { UNSUBSCRIBE_API_PATH };

export function emailPreferenceRoutes(preferences: EmailPreferenceService) {
  const app = new Hono<AppEnv>();
  app.use('*', signedInOnly);

  app.get('/', async (c) => {
    const { userId } = await requireUser(c);
    return c.json<EmailPreferencesResponse>(await preferences.get(userId));
  });

  app.put('/', async (c) => {
    const { userId } = await requireUser(c);
    return c.json<EmailPreferencesResponse>(await preferences.save(userId, await readJsonBody(c)));
  });

  return app;
}

export function unsubscribeRoutes(preferences: EmailPreferenceService) {
  const app = new Hono<AppEnv>();

  app.post('/', async (c) => {
    c.header('cache-control', 'no-store');
    const type = c.req.header('content-type')?.split(';', 1)[0]!.trim().toLowerCase();
    if (type !== undefined && FORM_TYPES.includes(type)) {
      const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
      if (form['List-Unsubscribe'] !== 'One-Click') throw new AppError('UNSUBSCRIBE_LINK_INVALID');
      const token = c.req.query('token');
      if (!unsubscribeSchema.safeParse({ token }).success) throw new AppError('UNSUBSCRIBE_LINK_INVALID');
      return c.json<UnsubscribeResponse>(await preferences.unsubscribe(token!));
    }
    const { token } = parseInput(unsubscribeSchema.strict(), await readJsonBody(c));
    return c.json<UnsubscribeResponse>(await preferences.unsubscribe(token));
  });

  return app;
}
