// /api/calendar: Mon Calendrier's reservations, the .ics of one reservation and the user's feed
// (signed-in, each route guarded on its own), and the feed itself under /feeds/ — public, because
// calendar apps fetch it without a session: the random token in its URL is the key.
import { Hono } from 'hono';
import type { CalendarFeedCreatedResponse, CalendarFeedStatusResponse } from '@shared/schemas/calendar';
import { calendarRangeQuery, type CalendarResponse } from '@shared/schemas/reservations';
import type { AppEnv } from '../../http/app-env';
import { requireUser, signedInOnly } from '../../http/guards';
import { readQuery } from '../params';
import type { CalendarService } from './service';

const ICS_TYPE = 'text/calendar; charset=utf-8';

export function calendarRoutes(calendar: CalendarService) {
  const app = new Hono<AppEnv>();

  app.get('/reservations', signedInOnly, async (c) => {
    const viewer = await requireUser(c);
    return c.json<CalendarResponse>(await calendar.reservations(viewer, readQuery(c, calendarRangeQuery)));
  });

  app.get('/reservations/:reservationId/ics', signedInOnly, async (c) => {
    const viewer = await requireUser(c);
    const { filename, body } = await calendar.reservationIcs(viewer, c.req.param('reservationId'));
    c.header('content-type', ICS_TYPE);
    c.header('content-disposition', `attachment; filename="${filename}"`);
    return c.body(body);
  });

  app.get('/feed', signedInOnly, async (c) => {
    const { userId } = await requireUser(c);
    return c.json<CalendarFeedStatusResponse>({ feed: await calendar.feedStatus(userId) });
  });

  app.post('/feed', signedInOnly, async (c) => {
    return c.json<CalendarFeedCreatedResponse>(await calendar.createFeed(await requireUser(c)), 201);
  });

  app.delete('/feed', signedInOnly, async (c) => {
    const { userId } = await requireUser(c);
    return c.json<CalendarFeedStatusResponse>({ feed: await calendar.revokeFeed(userId) });
  });

  // ':token' takes the '.ics' the URL ends with (calendar apps like to see it); the service drops it.
  app.get('/feeds/:token', async (c) => {
    const body = await calendar.feed(c.req.param('token'));
    // One person's classes: never kept by a shared cache; apps fetch again at REFRESH-INTERVAL.
    c.header('cache-control', 'private, no-store');
    c.header('content-type', ICS_TYPE);
    c.header('content-disposition', 'inline; filename="toque.ics"');
    return c.body(body);
  });

  return app;
}
