// GET /api/events: the signed-in user's event stream (Server-Sent Events). Each event is
// `event: message` + `data: <RealtimeEvent JSON>` with an id; `event: resync` says events may have
// been missed (read the data again); comment lines are heartbeats.
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { AppEnv } from '../http/app-env';
import { AppError } from '../http/app-error';
import { isAdmin, requireUser, signedInOnly } from '../http/guards';
import { nodeRequest } from '../http/node-request';
import type { Realtime } from './realtime';

/** How long a browser waits before reconnecting after the stream drops (the `retry:` field). */
export const RETRY_MS = 3_000;

const TOO_MANY_TABS = "Trop d'onglets ouverts reçoivent les notifications. Fermez-en un puis réessayez.";

export function eventRoutes(realtime: Realtime) {
  const app = new Hono<AppEnv>();
  app.use('*', signedInOnly);

  app.get('/', async (c) => {
    const viewer = await requireUser(c);
    const { userId } = viewer;
    // The admins' room hears every reservation: isAdmin decides who joins it.
    const role = isAdmin(viewer) ? 'admin' : viewer.role === 'admin' ? 'learner' : viewer.role;
    // LISTEN is in place before the stream opens: nothing committed after the open can be missed.
    await realtime.start();
    const { hub } = realtime;
    const room = hub.room({ userId, role });
    if (room === 'user-full') throw new AppError('RATE_LIMITED', TOO_MANY_TABS);
    if (room === 'full') throw new AppError('SERVICE_UNAVAILABLE');

    // Personal data that no cache may keep; nginx must pass each event on as it comes.
    c.header('X-Accel-Buffering', 'no');
    const res = streamSSE(c, async (stream) => {
      // Registered in the tick room() was asked: the limits cannot be overrun by a burst.
      // On Node (not in app.request tests), the socket under the response: dropped for a stuck reader.
      const socket = nodeRequest(c)?.socket;
      const conn = hub.add(
        { userId, role },
        { write: (chunk) => stream.write(chunk), close: () => stream.close(), abort: () => socket?.destroy() },
      );
      stream.onAbort(() => conn.close());
      conn.send(`retry: ${RETRY_MS}\n: ouvert\n\n`);
      await conn.done;
    });
    res.headers.set('Cache-Control', 'no-cache, no-store');
    return res;
  });

  return app;
}
