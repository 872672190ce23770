// The database goes away for a few seconds in the middle of a burst of bookings and payments, then
// comes back: the built server, on PostgreSQL through a TCP relay the test cuts (every connection
// reset, new ones refused). The process stays up; meanwhile each API call answers 503 in French,
// quickly (never a hang); once the database is back the server serves again by itself; nothing it
// acknowledged is lost (every 2xx is in the database, no seat over capacity, no half-fulfilled
// order); the LISTEN connection comes back (an event still reaches an open tab) and the job queue
// still works (the booking e-mail goes out). PostgreSQL only: PGlite runs inside the server's
// process and has no connection to lose.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { inArray, sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { ERROR_MESSAGES, type ApiErrorBody } from '@shared/errors';
import type { HoldResponse } from '@shared/schemas/booking';
import type { CheckoutResponse, SandboxConfirmResponse } from '@shared/schemas/checkout';
import type { RealtimeEvent } from '@shared/schemas/events';
import type { Database } from '../../src/server/db/client';
import { reservations } from '../../src/server/db/schema';
import { createCourse, createSession } from '../factories';
import { newSignedInUser } from '../setup/auth-client';
import { parseMail } from '../setup/mime';
import { SUCCESS_CARD } from '../setup/payments';
import { startSmtpServer } from '../setup/smtp';
import { buildServer, spawnServer, type SpawnedServer } from '../setup/spawn-server';
import { sseReader, type SseReader } from '../setup/sse';
import { startTcpProxy, type TcpProxy } from '../setup/tcp-proxy';
import type { TestApp } from '../setup/test-app';
import { fixtureClientDir } from '../setup/test-app';
import { openTestDatabase, rootDir } from '../setup/test-db';
import { testNow } from '../setup/test-clock';
import { until } from '../setup/until';

const onPostgres = !!process.env.TEST_DATABASE_URL;
// The production server's cookie name (the Secure prefix; browsers allow it on 127.0.0.1 over http).
const SESSION_COOKIE = '__Secure-toque.session_token';
const AUTH_SECRET = 'secret-de-la-panne-de-base-0123456789abcdef';
const LEARNERS = 14;
const CAPACITY = 10;
const OUTAGE_MS = 3_000;

let database: Database & { dispose: () => Promise<void> };
let proxy: TcpProxy;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let server: SpawnedServer;
let workDir: string;
let tab: SseReader | null = null;
/** The first test's watcher, whose tab stays open for the second. */
let watcher: Learner;
const buildDir = path.join(rootDir, '.builds', `db-outage-${process.pid}`);

type Learner = { id: string; email: string; cookie: string };
/** `retry`: the same step answered 503 just before (its work may have committed all the same). */
type Call = { step: string; status: number; body: unknown; ms: number; at: number; retry?: boolean };

beforeAll(async () => {
  if (!onPostgres) return;
  workDir = await mkdtemp(path.join(os.tmpdir(), 'toque-db-outage-'));
  const [, db, mail] = await Promise.all([buildServer(buildDir), openTestDatabase(), startSmtpServer()]);
  database = db;
  smtp = mail;
  const url = new URL((database.db as unknown as { $client: pg.Pool }).$client.options.connectionString!);
  proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
  url.hostname = '127.0.0.1';
  url.port = String(proxy.port);
  server = await spawnServer({
    distDir: buildDir,
    captureLog: true,
    env: { DATABASE_URL: url.toString(), AUTH_SECRET, DATA_DIR: workDir, CLIENT_DIR: fixtureClientDir, SMTP_URL: smtp.url, LOG_LEVEL: 'info', METRICS_TOKEN: undefined },
  });
}, 120_000);

afterAll(async () => {
  if (!onPostgres) return;
  await tab?.close();
  await server?.stop();
  await proxy?.close();
  await database?.dispose();
  await smtp?.close();
  await rm(workDir, { recursive: true, force: true });
  await rm(buildDir, { recursive: true, force: true });
});

/** A call as the page's scripts make it; timed, so a hang shows. */
async function call(learner: Learner, method: string, apiPath: string, body?: unknown): Promise<Call> {
  const started = Date.now();
  const res = await fetch(`${server.baseURL}/api${apiPath}`, {
    method,
    headers: {
      origin: server.baseURL,
      cookie: `${SESSION_COOKIE}=${learner.cookie}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(20_000),
  });
  const json: unknown = await res.json().catch(() => null);
  return { step: `${method} ${apiPath}`, status: res.status, body: json, ms: Date.now() - started, at: started };
}

/** Hold, checkout, pay — each step tried again after a 503, as the page's "Réessayer" would. */
async function bookAndPay(learner: Learner, sessionId: string, courseId: string, calls: Call[]) {
  const until2xx = async (step: () => Promise<Call>) => {
    const deadline = Date.now() + 25_000;
    for (let retry = false; ; retry = true) {
      const c = { ...(await step()), retry };
      calls.push(c);
      if (c.status !== 503 || Date.now() > deadline) return c;
      await new Promise((r) => setTimeout(r, 200));
    }
  };
  const hold = await until2xx(() => call(learner, 'POST', '/booking/holds', { sessionId }));
  if (hold.status >= 300) return { hold, checkout: null, paid: null };
  // One key for the retries: a checkout that committed before its answer was lost is found again.
  const idempotencyKey = `panne-${learner.id}-${sessionId}`;
  const checkout = await until2xx(() => call(learner, 'POST', '/checkout', { items: [{ courseId, sessionId }], province: 'QC', idempotencyKey }));
  if (checkout.status >= 300) return { hold, checkout, paid: null };
  const payment = (checkout.body as CheckoutResponse).payment!;
  const paid = await until2xx(() =>
    call(learner, 'POST', '/payments/sandbox/confirm', { paymentId: payment.paymentId, clientSecret: payment.clientSecret, method: SUCCESS_CARD }),
  );
  return { hold, checkout, paid };
}

/** Only the signing of the session cookie comes from the app: the secret the server runs with. */
const asApp = () => ({ db: database.db, deps: { config: { authSecret: AUTH_SECRET } } }) as unknown as TestApp;

/** The server's idle pool connections, as its /metrics says (to this machine, without a token). */
async function idleConnections(): Promise<number> {
  const text = await (await fetch(`${server.baseURL}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith('db_pool_connections{state="idle"} '));
  if (!line) throw new Error('no db_pool_connections gauge in /metrics');
  return Number(line.split(' ')[1]);
}

async function waitFor<T>(check: () => Promise<T | null | false>, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.skipIf(!onPostgres)('the database lost for a few seconds during a burst (PostgreSQL only: PGlite has no connection to lose)', () => {
  it('answers 503 in French meanwhile, serves again by itself, and loses nothing it acknowledged', async () => {
    // A failure shows what the server logged: unexpected errors, the listener, its last words.
    onTestFailed(() => {
      const telling = server.log.filter((l) => /unhandled error|écoute des notifications|"level":60/.test(l));
      console.error([...telling.slice(-15), ...(server.alive() ? [] : server.log.slice(-10))].join('\n'));
    });
    const db = database.db;
    const course = await createCourse(db, { title: 'Sucre à la crème en direct', isLive: true });
    const session = await createSession(db, course.id, { capacity: CAPACITY });
    const later = await createSession(db, course.id, { capacity: 5, startsAt: new Date(testNow().getTime() + 96 * 3_600_000) });
    const learners: Learner[] = await Promise.all(Array.from({ length: LEARNERS }, (_, i) => newSignedInUser(asApp(), `Apprenant ${i + 1}`)));
    watcher = await newSignedInUser(asApp(), 'Rosalie Tremblay');

    // A tab open through the outage: the LISTEN connection behind it is cut too.
    const res = await fetch(`${server.baseURL}/api/events`, { headers: { cookie: `${SESSION_COOKIE}=${watcher.cookie}`, accept: 'text/event-stream' } });
    expect(res.status).toBe(200);
    tab = sseReader(res);
    expect((await tab.next()).retry).toBe(3000);
    const readyz = (await fetch(`${server.baseURL}/readyz`)).status !== 404;

    const calls: Call[] = [];
    const burst = Promise.all(
      learners.map(async (learner, i) => {
        await new Promise((r) => setTimeout(r, i * 120));
        return bookAndPay(learner, session.id, course.id, calls);
      }),
    );
    burst.catch(() => {}); // awaited below; a failure before then must not be reported twice

    // The cut, in the middle of the burst.
    await new Promise((r) => setTimeout(r, 700));
    proxy.cut();
    const cutAt = Date.now();
    // Calls made while it is down answer 503 quickly (the pool gives up on a connection in time).
    const probe = await call(watcher, 'GET', '/me');
    expect(probe.status, JSON.stringify(probe.body)).toBe(503);
    expect(probe.ms).toBeLessThan(OUTAGE_MS);
    expect((probe.body as ApiErrorBody).error).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: ERROR_MESSAGES.SERVICE_UNAVAILABLE });
    if (readyz) expect((await fetch(`${server.baseURL}/readyz`)).status).toBe(503);
    await new Promise((r) => setTimeout(r, Math.max(0, cutAt + OUTAGE_MS - Date.now())));
    proxy.restore();
    const restoredAt = Date.now();

    // Back by itself, within 10 s.
    await waitFor(async () => (await call(watcher, 'GET', '/me')).status === 200, 10_000, 'the server answering again');
    if (readyz) await waitFor(async () => (await fetch(`${server.baseURL}/readyz`)).ok, 10_000, '/readyz');
    expect(Date.now() - restoredAt).toBeLessThan(10_000);

    const outcomes = await burst;
    expect(server.alive()).toBe(true);

    // Every answer: a success, a refusal of the booking rules (full), or the French 503 — never a 500.
    for (const c of calls) {
      expect([200, 201, 409, 503], `${c.step} ${JSON.stringify(c.body)}`).toContain(c.status);
      if (c.status === 503) expect((c.body as ApiErrorBody).error).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: ERROR_MESSAGES.SERVICE_UNAVAILABLE });
      // A payment confirmed as the connection dropped, its answer lost, answers its success when tried
      // again: the only refusal is a full session.
      if (c.status === 409) expect((c.body as ApiErrorBody).error.code).toBe('SESSION_FULL');
    }
    const unavailable = calls.filter((c) => c.status === 503);
    expect(unavailable.length, 'the outage met some of the burst').toBeGreaterThan(0);
    expect(Math.max(...unavailable.map((c) => c.ms)), 'a 503 answers quickly, not after a hang').toBeLessThan(OUTAGE_MS + 1_000);

    // Acknowledged holds are in the database; acknowledged payments end paid, their seat confirmed.
    const held = outcomes.filter((o) => o.hold.status < 300).map((o) => (o.hold.body as HoldResponse).hold.id);
    expect(held.length).toBeGreaterThan(0);
    expect((await db.select({ id: reservations.id }).from(reservations).where(inArray(reservations.id, held))).length).toBe(held.length);
    const paidOrders = outcomes
      .filter((o) => o.paid && o.paid.status === 200 && (o.paid.body as SandboxConfirmResponse).error === null)
      .map((o) => (o.checkout!.body as CheckoutResponse).order.id);
    expect(paidOrders.length).toBeGreaterThan(0);
    // Each is paid, or its payment event waits in the sandbox's outbox for its next delivery (one
    // the worker had claimed when the database went away comes back when its 60 s lease ends:
    // at least once, as Stripe retries).
    const settled = async () => {
      const rows = (await db.execute(sql`
        select o.id, o.status, exists (
          select 1 from sandbox_events e
          where e.payload->'data'->'object'->>'id' = o.provider_payment_id and e.type = 'payment_intent.succeeded'
            and e.delivered_at is null and e.next_attempt_at is not null
        ) as queued
        from orders o where o.id in ${paidOrders}
      `)) as unknown as { rows: { id: string; status: string; queued: boolean }[] };
      return rows.rows;
    };
    const final = await waitFor(async () => {
      const rows = await settled();
      return rows.length === paidOrders.length && rows.every((o) => o.status === 'paid' || o.queued) ? rows : null;
    }, 10_000, 'every paid order paid, or its payment event queued for delivery').catch(async (e: Error) => {
      throw new Error(`${e.message}: ${JSON.stringify(await settled())}`);
    });
    expect(final.filter((o) => o.status === 'paid').length).toBeGreaterThan(0);

    const seats = (await db.execute(sql`
      select count(*)::int as n from reservations
      where session_id = ${session.id} and (status = 'confirmed' or (status = 'pending_payment' and hold_expires_at > now()))
    `)) as unknown as { rows: { n: number }[] };
    expect(seats.rows[0]!.n).toBeLessThanOrEqual(CAPACITY);
    // No half-fulfilled order: a seat is confirmed exactly when the order paying for it is paid (one
    // statement, one snapshot: a delivery landing meanwhile cannot split the two).
    const seatsAndOrders = (await db.execute(sql`
      select r.id, r.status, o.status as order_status from reservations r
      left join order_lines l on l.reservation_id = r.id left join orders o on o.id = l.order_id
      where r.session_id = ${session.id}
    `)) as unknown as { rows: { id: string; status: string; order_status: string | null }[] };
    for (const row of seatsAndOrders.rows) expect(row.status === 'confirmed', JSON.stringify(row)).toBe(row.order_status === 'paid');

    // The LISTEN connection comes back by itself: the tab opened before the outage is told that
    // events were missed ('resync'), then a booking made now reaches it.
    await waitFor(async () => (await tab!.next(10_000)).event === 'resync', 10_000, "the tab's resync after the outage");
    const mine = await bookAndPay(watcher, later.id, course.id, []);
    expect(mine.paid?.status).toBe(200);
    const reservationId = (mine.hold.body as HoldResponse).hold.id;
    await waitFor(
      async () => {
        const block = await tab!.nextEvent(10_000);
        const event = JSON.parse(block.data) as RealtimeEvent;
        return event.type === 'reservation.confirmed' && event.reservationId === reservationId;
      },
      10_000,
      'the event after the outage on the open tab',
    );

    // The job queue survived: the booking's e-mail to the watcher goes out.
    await waitFor(async () => smtp.inbox.some((m) => m.to.includes(watcher.email) && /Sucre à la crème/.test(parseMail(m.raw).subject)), 15_000, 'the booking e-mail');
    expect(server.alive()).toBe(true);
  }, 90_000);

  it('a database that answers nothing: calls give up after the connection timeout with the 503, and all comes back', async () => {
    onTestFailed(() => console.error([...server.log.slice(-12), `server alive: ${server.alive()}`].join('\n')));
    // Another course: the watcher bought the first one.
    const course = await createCourse(database.db, { title: 'Grands-pères dans le sirop en direct', isLive: true });
    const session = await createSession(database.db, course.id, { capacity: 5 });
    // New connections are accepted and never answered (a host gone from the network); the ones
    // made meanwhile stay so after the restore, as such connections do.
    proxy.cut({ silently: true });
    const silentAt = Date.now();
    // The reset connections dropped from the server's pool (their reset heard): the probe must open
    // a new one, which the silent path never answers.
    await until("the server's pool without an idle connection", idleConnections, (n) => n === 0, 5_000, 20);
    const probe = await call(watcher, 'GET', '/me');
    expect(probe.status, JSON.stringify(probe.body)).toBe(503);
    expect((probe.body as ApiErrorBody).error).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: ERROR_MESSAGES.SERVICE_UNAVAILABLE });
    // It waited for the pool's connection timeout (5 s), not for ever.
    expect(probe.ms).toBeGreaterThan(4_000);
    expect(probe.ms).toBeLessThan(7_000);
    await new Promise((r) => setTimeout(r, Math.max(0, silentAt + 6_000 - Date.now())));
    proxy.restore();
    await waitFor(async () => (await call(watcher, 'GET', '/me')).status === 200, 10_000, 'the server answering again');
    // The LISTEN connection, whose attempts met the silent path, tried again: events flow.
    await waitFor(async () => (await tab!.next(15_000)).event === 'resync', 15_000, "the tab's resync after the silent outage");
    const mine = await bookAndPay(watcher, session.id, course.id, []);
    expect(mine.paid?.status, JSON.stringify(mine)).toBe(200);
    const reservationId = (mine.hold.body as HoldResponse).hold.id;
    await waitFor(
      async () => {
        const event = JSON.parse((await tab!.nextEvent(10_000)).data) as RealtimeEvent;
        return event.type === 'reservation.confirmed' && event.reservationId === reservationId;
      },
      10_000,
      'the event after the silent outage',
    );
    expect(server.alive()).toBe(true);
  }, 60_000);
});
