// The operations endpoints and what every request leaves behind: /healthz answers without the
// database, /readyz only when the database answers and is fully migrated (and not once shutdown
// began), /metrics in Prometheus format for this machine or the bearer of METRICS_TOKEN only, a
// request id in the X-Request-Id header, in error bodies and in every log line of the request.
import http from 'node:http';
import net from 'node:net';
import { Writable } from 'node:stream';
import { getRequestListener } from '@hono/node-server';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES, type ApiErrorBody } from '@shared/errors';
import { createApp } from '../../src/server/app';
import { openDatabase } from '../../src/server/db/client';
import { createObservability, type Observability } from '../../src/server/http/observability/observability';
import { createJobs, type Jobs } from '../../src/server/jobs/jobs';
import { QUEUES } from '../../src/server/jobs/queues';
import { countPublicCacheHits } from '../../src/server/http/observability/observe';
import { withPublicCacheFastPath } from '../../src/server/web/public-cache';
import { SESSION_COOKIE_NAMES } from '../../src/server/modules/auth/auth';
import { createReadiness, READINESS_TIMEOUT_MS } from '../../src/server/http/observability/readiness';
import { createLogger } from '../../src/server/logger';
import { createTestApp, fromAddress, type TestApp } from '../setup/test-app';
import { testMigrationsDir } from '../setup/test-db';
import { until } from '../setup/until';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const LOCAL = fromAddress('127.0.0.1');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The app of the test database, with an observability handle the test holds (as index.ts does). */
function appWith(overrides: Partial<TestApp['deps']> = {}, obs: Observability = createObservability()) {
  return { app: createApp({ ...t.deps, ...overrides, observability: obs }, t.realtime), obs };
}

async function metricsText(app: { request: TestApp['app']['request'] }, env = LOCAL, headers: Record<string, string> = {}) {
  const res = await app.request('/metrics', { headers }, env);
  expect(res.status).toBe(200);
  return res.text();
}

/** A PostgreSQL URL where nothing listens: every query fails at once. */
async function refusedDatabase() {
  const probe = net.createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
  const port = (probe.address() as net.AddressInfo).port;
  await new Promise((r) => probe.close(r));
  return openDatabase({ url: `postgres://toque@127.0.0.1:${port}/toque`, migrationsDir: testMigrationsDir });
}

/** The value of one series in the exposition text (0 when absent). */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('/healthz', () => {
  it('answers ok, never cached, without touching the database', async () => {
    const res = await t.request('/healthz');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-request-id')).toMatch(UUID);

    // With no database server at all, the process is still up.
    const unreachable = await refusedDatabase();
    try {
      const { app } = appWith({ database: unreachable });
      expect((await app.request('/healthz')).status).toBe(200);
      // A session cookie changes nothing: the probe runs before anything reads a session.
      expect((await app.request('/healthz', { headers: { cookie: 'better-auth.session_token=abc.def' } })).status).toBe(200);
      expect((await app.request('/readyz')).status).toBe(503);
    } finally {
      await unreachable.close();
    }
  });
});

describe('the embedded database closed (a shutdown while requests still run)', () => {
  it('answers 503 in French, to the probe and to the API, not 500', async () => {
    const closed = await openDatabase({ migrationsDir: testMigrationsDir });
    await closed.migrate();
    await closed.close();
    const { app } = appWith({ database: closed });
    expect((await app.request('/readyz')).status).toBe(503);
    const res = await app.request('/api/recipes?q=ferme');
    expect(res.status).toBe(503);
    expect(((await res.json()) as ApiErrorBody).error).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: ERROR_MESSAGES.SERVICE_UNAVAILABLE });
  });
});

describe('/readyz', () => {
  it('is ready on a migrated database that answers', async () => {
    const res = await t.request('/readyz');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ready' });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('is not ready while a migration of the folder is missing from the database', async () => {
    const latest = (await t.db.execute(sql`select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`)) as unknown as {
      rows: { id: number; hash: string; created_at: string }[];
    };
    const row = latest.rows[0]!;
    await t.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${row.id}`);
    try {
      const { app } = appWith();
      const res = await app.request('/readyz');
      expect(res.status).toBe(503);
      const body = (await res.json()) as ApiErrorBody;
      expect(body.error).toEqual({ code: 'SERVICE_UNAVAILABLE', message: ERROR_MESSAGES.SERVICE_UNAVAILABLE, requestId: res.headers.get('x-request-id') });
      expect(res.headers.get('cache-control')).toBe('no-store');
    } finally {
      await t.db.execute(sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${row.id}, ${row.hash}, ${row.created_at})`);
    }
    expect((await appWith().app.request('/readyz')).status).toBe(200);
  });

  it('is not ready when the database does not answer within the timeout', async () => {
    // A server that accepts connections and never answers: the probe gives up, it does not hang.
    const sockets: net.Socket[] = [];
    const silent = net.createServer((s) => sockets.push(s));
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const port = (silent.address() as net.AddressInfo).port;
    const hanging = await openDatabase({ url: `postgres://toque@127.0.0.1:${port}/toque`, migrationsDir: testMigrationsDir });
    try {
      const notReady = createReadiness(hanging, testMigrationsDir, createObservability(), 300);
      const started = Date.now();
      expect(await notReady()).toBe('database');
      expect(Date.now() - started).toBeLessThan(1500);
      expect(READINESS_TIMEOUT_MS).toBe(2000);
    } finally {
      for (const s of sockets) s.destroy();
      silent.close();
      await hanging.close().catch(() => {});
    }
  });

  it('says 503 once shutdown has begun, the database being fine', async () => {
    const { app, obs } = appWith();
    expect((await app.request('/readyz')).status).toBe(200);
    obs.draining = true;
    const res = await app.request('/readyz');
    expect(res.status).toBe(503);
    expect(((await res.json()) as ApiErrorBody).error.code).toBe('SERVICE_UNAVAILABLE');
    // Answers now ask the client to close its connection, so keep-alive does not delay the exit.
    expect((await app.request('/healthz')).headers.get('connection')).toBe('close');
  });
});

describe('/metrics access', () => {
  it('without a token, answers this machine only, and never a request passed on by a proxy', async () => {
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      expect((await t.request('/metrics', {}, fromAddress(address))).status, address).toBe(200);
    }
    for (const address of ['203.0.113.7', '10.0.0.2', '::ffff:192.0.2.1']) {
      const res = await t.request('/metrics', {}, fromAddress(address));
      expect(res.status, address).toBe(403);
      expect(((await res.json()) as ApiErrorBody).error.code).toBe('FORBIDDEN');
    }
    // In-process, no socket at all.
    expect((await t.request('/metrics')).status).toBe(403);
    // A reverse proxy on this machine: its requests come from 127.0.0.1 but say whom they forward.
    expect((await t.request('/metrics', { headers: { 'x-forwarded-for': '198.51.100.4' } }, LOCAL)).status).toBe(403);
    expect((await t.request('/metrics', { headers: { forwarded: 'for=198.51.100.4' } }, LOCAL)).status).toBe(403);
  });

  it('with METRICS_TOKEN, answers the bearer of the token only, from anywhere', async () => {
    const token = 'jeton-des-metriques-0123456789';
    const { app } = appWith({ config: { ...t.deps.config, metricsToken: token } });
    const away = fromAddress('203.0.113.7');
    const none = await app.request('/metrics', {}, LOCAL);
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(((await none.json()) as ApiErrorBody).error.code).toBe('UNAUTHENTICATED');
    expect((await app.request('/metrics', { headers: { authorization: `Bearer ${token}x` } }, away)).status).toBe(401);
    expect((await app.request('/metrics', { headers: { authorization: `Basic ${token}` } }, away)).status).toBe(401);
    const ok = await app.request('/metrics', { headers: { authorization: `Bearer ${token}` } }, away);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(ok.headers.get('cache-control')).toBe('no-store');
  });
});

describe('metrics', () => {
  it('counts requests by route pattern (never the raw path), cache hits and unknown paths included, and API errors by code', async () => {
    const { app } = appWith();
    const courseId = '3f0c8a1e-0000-4000-8000-00000000abcd';
    await app.request(`/api/courses/${courseId}`);
    await app.request('/api/courses');
    await app.request('/api/courses'); // the second one from the public cache
    await app.request('/api/pas-une-route-9f1e');
    const text = await metricsText(app);
    expect(text).not.toContain(courseId);
    expect(text).not.toContain('pas-une-route');
    expect(sample(text, 'http_requests_total{method="GET",route="/api/courses/:id",status="404"}')).toBe(1);
    expect(sample(text, 'http_requests_total{method="GET",route="/api/courses",status="200"}')).toBe(2);
    expect(sample(text, 'http_requests_total{method="GET",route="unmatched",status="404"}')).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_count{method="GET",route="/api/courses",status="200"}')).toBe(2);
    expect(sample(text, 'app_errors_total{code="COURSE_NOT_FOUND"}')).toBe(1);
  });

  it("counts the public cache's fast-path hits, answered before the app", async () => {
    const { app, obs } = appWith();
    const server = http.createServer(countPublicCacheHits(obs, (inner) => withPublicCacheFastPath(inner, { sessionCookies: SESSION_COOKIE_NAMES }), getRequestListener(app.fetch)));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const base = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
      for (let i = 0; i < 3; i++) expect((await fetch(`${base}/api/courses`)).status).toBe(200);
      const text = await metricsText(app);
      const hits = sample(text, 'http_requests_total{method="GET",route="public-cache",status="200"}');
      // The first may already be a hit: every app of this process shares the fast path's lookup.
      expect(hits).toBeGreaterThanOrEqual(2);
      expect(hits + sample(text, 'http_requests_total{method="GET",route="/api/courses",status="200"}')).toBe(3);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });

  it('shows open event streams, process metrics, and each app its own registry', async () => {
    const { app } = appWith();
    expect(sample(await metricsText(app), 'event_stream_clients')).toBe(0);
    const stream = t.realtime.hub.add({ userId: 'u-metrics', role: 'learner' }, { write: async () => {}, close: () => {} });
    try {
      const text = await metricsText(app);
      expect(sample(text, 'event_stream_clients')).toBe(1);
      expect(text).toContain('process_resident_memory_bytes');
      expect(text).toContain('nodejs_eventloop_lag_seconds');
    } finally {
      stream.close();
    }
    // A second app counts from zero: nothing is shared through prom-client's global registry.
    await app.request('/healthz');
    const other = appWith().app;
    expect(sample(await metricsText(other), 'http_requests_total{method="GET",route="/healthz",status="200"}')).toBe(0);
  });

  it("shows the PostgreSQL pool's connections, idle and in use, and the queries waiting for one", async () => {
    // A database host that accepts connections and never answers: they stay being opened.
    const held = new Set<net.Socket>();
    const silent = net.createServer((socket) => held.add(socket.on('error', () => {})));
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const port = (silent.address() as net.AddressInfo).port;
    const database = await openDatabase({ url: `postgres://toque@127.0.0.1:${port}/toque`, migrationsDir: testMigrationsDir, poolSize: 1, connectionTimeoutMs: 60_000 });
    try {
      const { app } = appWith({ database });
      const pool = async () => {
        const text = await metricsText(app);
        return [sample(text, 'db_pool_connections{state="idle"}'), sample(text, 'db_pool_connections{state="in_use"}'), sample(text, 'db_pool_waiting_queries')];
      };
      expect(await pool()).toEqual([0, 0, 0]);
      const queries = [database.db.execute(sql`select 1`), database.db.execute(sql`select 2`)].map((q) => q.catch(() => {}));
      // One connection being opened (the pool's only one), the other query waiting for it.
      await until('the pool busy', pool, (v) => v.join() === '0,1,1', 5_000, 20);
      // The host gone: the connection fails, and so does the waiting query's own attempt.
      const closed = new Promise((r) => silent.close(r));
      for (const socket of held) socket.destroy();
      await Promise.all(queries);
      await closed;
      expect(await pool()).toEqual([0, 0, 0]);
    } finally {
      if (silent.listening) silent.close();
      await database.close().catch(() => {});
    }
    // PGlite has no pool: no series.
    if (t.deps.database.kind === 'pglite') expect(await metricsText(appWith().app)).not.toContain('db_pool_connections{');
  });

  it('counts background jobs completed and failed, per queue', async () => {
    const obs = createObservability();
    const jobs: Jobs = createJobs(t.deps.database, { now: () => new Date(), pollingIntervalSeconds: 0.5, retryDelaySeconds: 30, metrics: obs.metrics });
    const queue = QUEUES.holdExpire;
    const failing = '00000000-0000-4000-8000-00000000f001';
    jobs.work(queue, async (job) => {
      if (job.data.reservationId === failing) throw new Error('la base ne répond pas');
    });
    try {
      await jobs.start();
      await jobs.send(queue, { reservationId: failing });
      await jobs.send(queue, { reservationId: '00000000-0000-4000-8000-00000000c001' });
      const value = async (name: string) => (await obs.metrics.registry.getSingleMetric(name)!.get()).values.find((v) => v.labels.queue === queue)?.value ?? 0;
      const deadline = Date.now() + 15_000;
      while ((await value('jobs_completed_total')) < 1 || (await value('jobs_failed_total')) < 1) {
        if (Date.now() > deadline) throw new Error('jobs not counted');
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(await value('jobs_completed_total')).toBe(1);
      expect(await value('jobs_failed_total')).toBe(1);
    } finally {
      await jobs.stop(2000);
    }
  });
});

describe('request ids and logs', () => {
  function capturingLogger() {
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    return { logger: createLogger({ env: 'production', logLevel: 'info' }, sink), lines };
  }

  it('puts the request id in the header, the error body and every log line of the request', async () => {
    const { logger, lines } = capturingLogger();
    const { app } = appWith({ logger });
    const res = await app.request('/api/courses/3f0c8a1e-0000-4000-8000-00000000beef');
    const id = res.headers.get('x-request-id');
    expect(id).toMatch(UUID);
    expect(((await res.json()) as ApiErrorBody).error.requestId).toBe(id);
    await new Promise((r) => setImmediate(r));
    const access = lines.find((l) => l.msg === 'requête');
    expect(access).toMatchObject({ level: 30, requestId: id, method: 'GET', route: '/api/courses/:id', status: 404 });
    expect(access!.durationMs).toEqual(expect.any(Number));

    // Two requests, two ids; outside a request, no id.
    const again = await app.request('/api/courses');
    expect(again.headers.get('x-request-id')).not.toBe(id);
    logger.info('hors requête');
    await new Promise((r) => setImmediate(r));
    expect(lines.find((l) => l.msg === 'hors requête')).not.toHaveProperty('requestId');
  });

  it('writes no access line for the probes and the scrapes', async () => {
    const { logger, lines } = capturingLogger();
    const { app } = appWith({ logger });
    await app.request('/healthz');
    await app.request('/readyz');
    await app.request('/metrics', {}, LOCAL);
    await new Promise((r) => setImmediate(r));
    expect(lines.filter((l) => l.msg === 'requête')).toEqual([]);
  });

  it("takes a well-formed X-Request-Id from a trusted proxy only, and gives a cache hit an id of its own", async () => {
    const { app } = appWith({ config: { ...t.deps.config, trustedProxies: ['10.0.0.1'] } });
    const fromProxy = await app.request('/healthz', { headers: { 'x-request-id': 'proxy-id-1234abcd' } }, fromAddress('10.0.0.1'));
    expect(fromProxy.headers.get('x-request-id')).toBe('proxy-id-1234abcd');
    const malformed = await app.request('/healthz', { headers: { 'x-request-id': 'a b"<script>' } }, fromAddress('10.0.0.1'));
    expect(malformed.headers.get('x-request-id')).toMatch(UUID);
    const fromVisitor = await app.request('/healthz', { headers: { 'x-request-id': 'visitor-chosen-id-1' } }, fromAddress('203.0.113.7'));
    expect(fromVisitor.headers.get('x-request-id')).toMatch(UUID);

    const first = await app.request('/api/courses');
    const hit = await app.request('/api/courses');
    expect(hit.headers.get('x-request-id')).toMatch(UUID);
    expect(hit.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
  });
});
