// The Prometheus metrics of one app, on a registry of its own: tests build many apps in one
// process, and the global default registry would refuse a second metric of the same name. The
// process's own metrics (memory, CPU, event loop, GC) are collected once per process and shown
// with each app's: their GC observer never stops, and one per app kept every app alive.
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { PoolConnections } from '../../db/client';

export type Metrics = {
  registry: Registry;
  httpRequests: Counter<'method' | 'route' | 'status'>;
  httpDuration: Histogram<'method' | 'route' | 'status'>;
  appErrors: Counter<'code'>;
  jobsCompleted: Counter<'queue'>;
  jobsFailed: Counter<'queue'>;
  /** Where the event-stream gauge reads its value when scraped (the realtime hub's size). */
  countEventStreams(read: () => number): void;
  /** Where the database pool's gauges read when scraped (nothing on PGlite, which has no pool). */
  countPoolConnections(read: () => PoolConnections | undefined): void;
};

let processRegistry: Registry | undefined;
/** Memory, CPU, event loop lag, handles, GC: read on each scrape (GC durations observed as they happen). */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

export function createMetrics(): Metrics {
  const registry = new Registry();
  let readStreams: () => number = () => 0;
  new Gauge({
    name: 'event_stream_clients',
    help: "Flux d'événements (SSE) ouverts sur cette instance.",
    registers: [registry],
    collect() {
      this.set(readStreams());
    },
  });
  // A pool with no idle connection and queries waiting is saturated (or the database is away).
  let readPool: () => PoolConnections | undefined = () => undefined;
  new Gauge({
    name: 'db_pool_connections',
    help: 'Connexions du pool PostgreSQL, libres (idle) ou prises (in_use, ouvertures comprises).',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const pool = readPool();
      if (!pool) return;
      this.set({ state: 'idle' }, pool.idle);
      this.set({ state: 'in_use' }, pool.inUse);
    },
  });
  new Gauge({
    name: 'db_pool_waiting_queries',
    help: "Requêtes en attente d'une connexion du pool PostgreSQL.",
    registers: [registry],
    collect() {
      const pool = readPool();
      if (pool) this.set(pool.waiting);
    },
  });
  const metrics = {
    registry,
    httpRequests: new Counter({
      name: 'http_requests_total',
      help: 'Requêtes HTTP servies, par méthode, route (modèle) et statut.',
      labelNames: ['method', 'route', 'status'],
      registers: [registry],
    }),
    httpDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: "Durée jusqu'à la réponse (en-têtes prêts), par méthode, route et statut.",
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    appErrors: new Counter({
      name: 'app_errors_total',
      help: "Réponses d'erreur de l'API, par code d'erreur.",
      labelNames: ['code'],
      registers: [registry],
    }),
    jobsCompleted: new Counter({
      name: 'jobs_completed_total',
      help: 'Tâches de fond terminées, par file.',
      labelNames: ['queue'],
      registers: [registry],
    }),
    jobsFailed: new Counter({
      name: 'jobs_failed_total',
      help: 'Tâches de fond en échec (elles seront retentées selon leur file), par file.',
      labelNames: ['queue'],
      registers: [registry],
    }),
    countEventStreams(read) {
      readStreams = read;
    },
    countPoolConnections(read) {
      readPool = read;
    },
  } satisfies Metrics;
  // The app's metrics, registered above, then the process's in one registry for the scrape.
  return { ...metrics, registry: Registry.merge([processMetrics(), registry]) };
}
