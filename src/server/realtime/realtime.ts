// One server instance's link to the database's notifications: the events for open tabs
// (REALTIME_CHANNEL → the hub) and, on PostgreSQL, the public cache's invalidations between the
// instances sharing the database (PUBLIC_CACHE_CHANNEL). One LISTEN connection carries both.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Deps } from '../deps';
import { clearLocalPublicCache, removePublicCacheBroadcaster, setPublicCacheBroadcaster } from '../web/public-cache';
import { RealtimeHub, type HubLimits } from './hub';
import { REALTIME_CHANNEL } from './publish';

export const PUBLIC_CACHE_CHANNEL = 'toque_public_cache';

export type Realtime = {
  hub: RealtimeHub;
  /** LISTENs (once; later calls wait for the first). The events route calls it before streaming. */
  start(): Promise<void>;
  /** Ends every stream and stops listening. */
  stop(): Promise<void>;
};

export function createRealtime(deps: Pick<Deps, 'database' | 'logger'>, limits: Partial<HubLimits> = {}): Realtime {
  const { database, logger } = deps;
  const hub = new RealtimeHub(limits, Date.now, () =>
    logger.warn({ dropped: hub.slowReadersDropped }, "flux d'événements fermé : le client ne lisait plus"),
  );
  const instanceId = randomUUID();
  let started: Promise<void> | null = null;
  const unlisteners: Array<() => Promise<void>> = [];
  let broadcaster: (() => void) | null = null;

  async function listen() {
    unlisteners.push(
      await database.listen(
        REALTIME_CHANNEL,
        (payload) => {
          if (!hub.dispatch(payload)) logger.warn({ channel: REALTIME_CHANNEL }, 'notification illisible ignorée');
        },
        {
          onError: (error) => logger.warn({ err: error }, 'écoute des notifications interrompue ; reconnexion'),
          onReconnect: () => {
            logger.info('écoute des notifications rétablie');
            hub.resync();
          },
        },
      ),
    );
    // PGlite lives in this process alone: there is no other instance to keep in step.
    if (database.kind !== 'postgres') return;
    unlisteners.push(
      await database.listen(
        PUBLIC_CACHE_CHANNEL,
        (payload) => {
          if (payload !== instanceId) clearLocalPublicCache();
        },
        // Invalidations sent while the connection was down were missed: start afresh.
        { onReconnect: clearLocalPublicCache },
      ),
    );
    broadcaster = coalesced(async () => {
      await database.db.execute(sql`select pg_notify(${PUBLIC_CACHE_CHANNEL}, ${instanceId})`);
    }, (error) => logger.warn({ err: error }, "invalidation du cache public non diffusée aux autres instances"));
    setPublicCacheBroadcaster(broadcaster);
  }

  return {
    hub,
    start: () =>
      (started ??= listen().catch((error: unknown) => {
        started = null; // the next stream asks again
        throw error;
      })),
    async stop() {
      hub.closeAll();
      await started?.catch(() => {});
      if (broadcaster) removePublicCacheBroadcaster(broadcaster);
      broadcaster = null;
      await Promise.all(unlisteners.splice(0).map((unlisten) => unlisten().catch(() => {})));
      started = null;
    },
  };
}

/**
 * A burst of calls (200 seats held in a second) sends one NOTIFY, plus one more after it if calls
 * came meanwhile: the last write is always announced after it happened, and the database is not
 * flooded.
 */
function coalesced(send: () => Promise<void>, onError: (error: Error) => void): () => void {
  let running = false;
  let again = false;
  const run = async () => {
    running = true;
    try {
      do {
        again = false;
        await send().catch(onError);
      } while (again);
    } finally {
      running = false;
    }
  };
  return () => {
    if (running) again = true;
    else void run();
  };
}
