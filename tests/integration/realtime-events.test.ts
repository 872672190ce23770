// GET /api/events on the real database: a signed-in user's stream carries the events published for
// them in committed transactions, and nothing else; admins hear the admins' events; a visitor is
// refused. On PostgreSQL also: several instances on one database (a second server process) hear
// each other's events and public cache invalidations, and the LISTEN connection comes back after
// it is killed.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@shared/errors';
import type { RealtimeEvent } from '@shared/schemas/events';
import type { CourseResponse } from '@shared/schemas/public';
import { publish, type Audience } from '../../src/server/realtime/publish';
import { createCourse, createSession, setRole } from '../factories';
import { createSignedInLearners, type SignedInLearner } from '../factories/accounts';
import { SESSION_COOKIE, send } from '../setup/auth-client';
import { sseReader, type SseReader } from '../setup/sse';
import { createTestApp, fixtureClientDir, type TestApp } from '../setup/test-app';
import { testClockEnv, testNow } from '../setup/test-clock';
import { rootDir } from '../setup/test-db';

let t: TestApp;
let ana: SignedInLearner;
let ben: SignedInLearner;
let admin: SignedInLearner;
const readers: SseReader[] = [];

beforeAll(async () => {
  t = await createTestApp();
  [ana, ben, admin] = (await createSignedInLearners(t, 3)) as [SignedInLearner, SignedInLearner, SignedInLearner];
  await setRole(t.db, admin.id, 'admin');
});
afterAll(async () => {
  await Promise.all(readers.map((r) => r.close()));
  await t.close();
});

/** Numbered events, so each assertion names the one it expects. */
const reservationId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const confirmed = (n: number): RealtimeEvent => ({
  type: 'reservation.confirmed',
  reservationId: reservationId(n),
  courseTitle: `Cours ${n}`,
  startsAt: '2030-01-15T23:00:00.000Z',
});
const updated = (n: number): RealtimeEvent => ({ type: 'reservation.updated', reservationId: reservationId(n) });

/** Publishes in a transaction that commits. */
const publishCommitted = (to: Audience, event: RealtimeEvent) => t.db.transaction((tx) => publish(tx, to, event));

/** Publishes in a transaction that then fails: the NOTIFY must die with it. */
async function publishRolledBack(to: Audience, event: RealtimeEvent) {
  await expect(
    t.db.transaction(async (tx) => {
      await publish(tx, to, event);
      throw new Error('paiement refusé plus loin dans la transaction');
    }),
  ).rejects.toThrow('paiement refusé');
}

/** Opens the stream as a tab of this user would; the opening block (retry hint) is read. */
async function openStream(user: SignedInLearner | undefined, headers: Record<string, string> = {}) {
  const res = await send(t, 'GET', '/api/events', {
    cookie: user?.cookie,
    headers: { accept: 'text/event-stream', ...headers },
  });
  return res;
}
async function openReader(user: SignedInLearner) {
  const res = await openStream(user);
  expect(res.status).toBe(200);
  const reader = sseReader(res);
  readers.push(reader);
  const first = await reader.next();
  expect(first.retry).toBe(3000);
  return reader;
}
const dataOf = (block: { data: string }) => JSON.parse(block.data) as RealtimeEvent;

describe('GET /api/events', () => {
  it('refuses a visitor with 401 in French, and sends no stream', async () => {
    const res = await openStream(undefined);
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(((await res.json()) as ApiErrorBody).error).toMatchObject({ code: 'UNAUTHENTICATED', message: 'Connexion requise.' });
  });

  it('answers a signed-in user with an event stream no cache or proxy keeps or buffers', async () => {
    const res = await openStream(ana);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    expect(res.headers.get('cache-control')).toMatch(/no-cache/);
    expect(res.headers.get('cache-control')).toMatch(/no-store/);
    expect(res.headers.get('x-accel-buffering')).toBe('no');
    expect(res.headers.get('content-encoding')).toBeNull();
    const reader = sseReader(res);
    readers.push(reader);
    expect((await reader.next()).retry).toBe(3000);
    await reader.close();
  });

  it("delivers an event committed for the user to each of their tabs, with an id, as event 'message'", async () => {
    const tab1 = await openReader(ana);
    const tab2 = await openReader(ana);
    await publishCommitted({ userId: ana.id }, confirmed(1));
    for (const tab of [tab1, tab2]) {
      const block = await tab.nextEvent();
      expect(block.event).toBe('message');
      expect(block.id).toMatch(/\S/);
      expect(dataOf(block)).toEqual(confirmed(1));
    }
    await tab1.close();
    await tab2.close();
  });

  it("never delivers another user's event, nor one from a transaction that rolled back", async () => {
    const anaTab = await openReader(ana);
    const benTab = await openReader(ben);
    await publishCommitted({ userId: ben.id }, confirmed(2));
    await publishRolledBack({ userId: ana.id }, confirmed(3));
    await publishCommitted({ role: 'admin' }, updated(4));
    await publishCommitted({ userId: ana.id }, updated(5));
    // Notifications arrive in commit order: had any of the first three reached Ana, it would come first.
    expect(dataOf(await anaTab.nextEvent())).toEqual(updated(5));
    expect(dataOf(await benTab.nextEvent())).toEqual(confirmed(2));
    await anaTab.close();
    await benTab.close();
  });

  it("delivers the admins' events to every admin, and their own events too", async () => {
    const adminTab = await openReader(admin);
    const learnerTab = await openReader(ana);
    await publishCommitted({ role: 'admin' }, updated(6));
    await publishCommitted({ userId: admin.id }, updated(7));
    await publishCommitted({ userId: ana.id }, updated(8));
    expect(dataOf(await adminTab.nextEvent())).toEqual(updated(6));
    expect(dataOf(await adminTab.nextEvent())).toEqual(updated(7));
    expect(dataOf(await learnerTab.nextEvent())).toEqual(updated(8));
    await adminTab.close();
    await learnerTab.close();
  });

  it('forgets a closed tab, and allows 10 tabs per user: the 11th is refused in French until one closes', async () => {
    await waitFor(() => t.realtime.hub.size === 0);
    const tabs = await Promise.all(Array.from({ length: 10 }, () => openReader(ben)));
    expect(t.realtime.hub.size).toBe(10);
    const refused = await openStream(ben);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as ApiErrorBody).error.message).toBe(
      "Trop d'onglets ouverts reçoivent les notifications. Fermez-en un puis réessayez.",
    );
    // Another person is not affected by Ben's tabs.
    await (await openReader(ana)).close();
    await tabs[0]!.close();
    await waitFor(() => t.realtime.hub.size === 9);
    const again = await openReader(ben);
    await publishCommitted({ userId: ben.id }, updated(9));
    expect(dataOf(await again.nextEvent())).toEqual(updated(9));
    await Promise.all([again, ...tabs].map((tab) => tab.close()));
    await waitFor(() => t.realtime.hub.size === 0);
  });

  it('ends the open streams when the server stops listening (shutdown), so the server can close', async () => {
    const tab = await openReader(ana);
    await t.realtime.stop();
    expect(await tab.ended()).toBe(true);
    expect(t.realtime.hub.size).toBe(0);
    // The next stream starts listening again.
    const next = await openReader(ana);
    await publishCommitted({ userId: ana.id }, updated(10));
    expect(dataOf(await next.nextEvent())).toEqual(updated(10));
    await next.close();
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('on PostgreSQL', () => {
  it('the LISTEN connection comes back after it is killed: open tabs are told to read again, and events flow', async () => {
    const tab = await openReader(ana);
    const before = await listenerPids();
    expect(before).toHaveLength(1);
    await t.db.execute(sql`select pg_terminate_backend(${before[0]!})`);
    const resync = await tab.nextEvent(15_000);
    expect(resync.event).toBe('resync');
    const after = await listenerPids();
    expect(after).toHaveLength(1);
    expect(after[0]).not.toBe(before[0]);
    await publishCommitted({ userId: ana.id }, updated(11));
    expect(dataOf(await tab.nextEvent())).toEqual(updated(11));
    await tab.close();
  }, 30_000);

  describe('two server instances on one database', () => {
    let other: OtherInstance;
    beforeAll(async () => {
      await t.realtime.start();
      other = await startOtherInstance(t);
    }, 90_000);
    afterAll(() => other?.stop());

    it("an event published through instance A reaches a tab connected to instance B", async () => {
      const res = await fetch(`${other.url}/api/events`, { headers: { cookie: `${SESSION_COOKIE}=${ana.cookie}`, accept: 'text/event-stream' } });
      expect(res.status).toBe(200);
      const tab = sseReader(res);
      readers.push(tab);
      expect((await tab.next()).retry).toBe(3000);
      await publishCommitted({ userId: ben.id }, confirmed(12));
      await publishCommitted({ userId: ana.id }, confirmed(13));
      expect(dataOf(await tab.nextEvent())).toEqual(confirmed(13));
      await tab.close();
    });

    it("a seat held through one instance clears the other's cached course page, both ways", async () => {
      const courseId = (await createCourse(t.db, { title: 'Pouding chômeur en direct', isLive: true })).id;
      const sessionId = (await createSession(t.db, courseId, { now: testNow(), capacity: 10 })).id;
      const [l1, l2] = await createSignedInLearners(t, 2);
      const seatsOn = async (base: string | null) => {
        const res = base ? await fetch(`${base}/api/courses/${courseId}`) : await t.request(`/api/courses/${courseId}`);
        expect(res.status).toBe(200);
        return ((await res.json()) as CourseResponse).course.sessions.find((s) => s.id === sessionId)?.seatsLeft;
      };
      // Both instances cache the visitor's answer (its TTL is a minute: only a broadcast clears it in time).
      for (let i = 0; i < 2; i++) {
        expect(await seatsOn(other.url)).toBe(10);
        expect(await seatsOn(null)).toBe(10);
      }
      const heldOnA = await send(t, 'POST', '/api/booking/holds', { cookie: l1!.cookie, body: { sessionId } });
      expect(heldOnA.status).toBe(201);
      await waitFor(async () => (await seatsOn(other.url)) === 9);

      const heldOnB = await fetch(`${other.url}/api/booking/holds`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: other.url, cookie: `${SESSION_COOKIE}=${l2!.cookie}` },
        body: JSON.stringify({ sessionId }),
      });
      expect(heldOnB.status).toBe(201);
      await waitFor(async () => (await seatsOn(null)) === 8);
    });
  });
});

/** Backends of this test's database that LISTEN (the pool's have another application name). */
async function listenerPids(): Promise<number[]> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const rows = rowsOf<{ pid: number }>(
      await t.db.execute(sql`select pid from pg_stat_activity where datname = current_database() and application_name = 'toque-listener'`),
    );
    if (rows.length > 0 || Date.now() > deadline) return rows.map((r) => Number(r.pid));
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Both drivers answer raw SQL with `{ rows }`. */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not true within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

type OtherInstance = { url: string; stop: () => Promise<void> };

/** A second server process from the sources (the real boot: index.ts), on the test's database. */
async function startOtherInstance(app: TestApp): Promise<OtherInstance> {
  const rows = rowsOf<{ name: string }>(await app.db.execute(sql`select current_database() as name`));
  const dbUrl = new URL(process.env.TEST_DATABASE_URL!);
  dbUrl.pathname = `/${rows[0]!.name}`;
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'toque-instance-b-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: dbUrl.toString(),
    DATA_DIR: dataDir,
    CLIENT_DIR: fixtureClientDir,
    PUBLIC_URL: url,
    SEED_ON_EMPTY: 'false',
    ...testClockEnv(),
  };
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/index.ts'], { cwd: rootDir, env, stdio: ['ignore', 'ignore', 'inherit'] });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await waitFor(async () => {
      if (child.exitCode !== null) throw new Error(`instance B exited with ${child.exitCode}`);
      return fetch(`${url}/healthz`).then((r) => r.ok, () => false);
    }, 60_000);
  } catch (e) {
    await stop();
    throw e;
  }
  return { url, stop };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

