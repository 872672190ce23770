// The rosters' routes. /api/admin/sessions/:sessionId/roster (+ .csv, + messages): the admin only,
// by the group's guard. /api/chef/sessions (+ /:sessionId/roster): the guest chef only, his own
// sessions (the service answers 403 ROSTER_NOT_YOURS for another's), read-only.
import { Hono } from 'hono';
import type { ChefSessionsResponse, RosterResponse, SessionMessageResponse } from '@shared/schemas/rosters';
import type { AppEnv } from '../../http/app-env';
import { AppError } from '../../http/app-error';
import { adminOnly, requireAdmin, requireUser } from '../../http/guards';
import { readJsonBody } from '../../http/json-only';
import { noQuery, readQuery } from '../params';
import type { RosterService } from './service';

export function adminRosterRoutes(rosters: RosterService) {
  const app = new Hono<AppEnv>();
  app.use('*', adminOnly);

  app.get('/:sessionId/roster', async (c) => {
    readQuery(c, noQuery);
    return c.json<RosterResponse>(await rosters.roster(c.req.param('sessionId')));
  });

  app.get('/:sessionId/roster.csv', async (c) => {
    readQuery(c, noQuery);
    const { filename, body } = await rosters.rosterCsv(c.req.param('sessionId'));
    return c.body(body, 200, {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${filename}"`,
    });
  });

  app.post('/:sessionId/messages', async (c) => {
    const admin = await requireAdmin(c);
    const answer = await rosters.sendMessage(admin, c.req.param('sessionId'), await readJsonBody(c));
    return c.json<SessionMessageResponse>(answer, answer.created ? 201 : 200);
  });

  return app;
}

/** The guest chef (role 'chef') only: 401 for a visitor, 403 in French for anyone else. */
async function requireGuestChef(c: Parameters<typeof requireUser>[0]) {
  const viewer = await requireUser(c);
  if (viewer.role !== 'chef') throw new AppError('GUEST_CHEF_ONLY');
  return viewer;
}

export function chefRosterRoutes(rosters: RosterService) {
  const app = new Hono<AppEnv>();
  app.use('*', async (c, next) => {
    await requireGuestChef(c);
    c.header('cache-control', 'no-store');
    await next();
  });

  app.get('/sessions', async (c) => {
    readQuery(c, noQuery);
    return c.json<ChefSessionsResponse>(await rosters.chefSessions(await requireGuestChef(c)));
  });

  app.get('/sessions/:sessionId/roster', async (c) => {
    readQuery(c, noQuery);
    return c.json<RosterResponse>(await rosters.chefRoster(await requireGuestChef(c), c.req.param('sessionId')));
  });

  return app;
}
