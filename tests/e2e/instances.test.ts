// Two processes of the built server behind one PostgreSQL database, as behind a load balancer with
// no sticky sessions: a person signed in on instance A is signed in on instance B (sessions live in
// the database; both instances share AUTH_SECRET, which signs the cookie); a seat booked and paid
// through A shows its confirmation live on a page connected to B (the NOTIFY of A's transaction
// reaches B's LISTEN, then B's event stream); the seat count B's public cache was holding is
// cleared by A's write (A broadcasts the invalidation), so a visitor on B sees the seat gone. Both
// instances share one DATA_DIR, as they would share a volume for uploads. The session cookie of
// 127.0.0.1 goes to both ports (cookies are per host, not per port). PostgreSQL only: PGlite lives
// inside one process.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client';
import { createCourse, createSession } from '../factories';
import { spawnServer, type SpawnedServer } from '../setup/spawn-server';
import { createScratchPostgres, rootDir, testMigrationsDir } from '../setup/test-db';
import { bookAndPay } from './booking-api';
import { newPage, pageErrors, useBrowser } from './browser';
import { createPerson } from './prepared-server';
import type { Account } from './session';
import { avatarButton, signInByApi } from './session';
import { expectToast, visitUrl } from './site';

const onPostgres = !!process.env.TEST_DATABASE_URL;
const AUTH_SECRET = 'secret-commun-aux-deux-instances-0123456789abcdef';
const CAPACITY = 8;

useBrowser();

describe.skipIf(!onPostgres)('two instances behind one PostgreSQL (PostgreSQL only: PGlite lives inside one process)', () => {
  let scratch: Awaited<ReturnType<typeof createScratchPostgres>>;
  let dataDir: string;
  let a: SpawnedServer;
  let b: SpawnedServer;
  let learner: Account;
  let courseId: string;
  let sessionId: string;
  let pageA: Page;
  let pageB: Page;

  beforeAll(async () => {
    scratch = await createScratchPostgres(process.env.TEST_DATABASE_URL!);
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'toque-instances-'));
    const database = await openDatabase({ url: scratch.url, migrationsDir: testMigrationsDir });
    try {
      await database.migrate();
      learner = await createPerson(database.db, 'Camille Lavoie', 'learner');
      courseId = (await createCourse(database.db, { title: 'Pâté chinois en direct', isLive: true })).id;
      sessionId = (await createSession(database.db, courseId, { capacity: CAPACITY })).id;
    } finally {
      await database.close();
    }
    const distDir = path.resolve(rootDir, process.env.E2E_DIST_DIR ?? 'dist');
    const env = { DATABASE_URL: scratch.url, AUTH_SECRET, DATA_DIR: dataDir, CLIENT_DIR: path.join(distDir, 'client') };
    // One after the other: each migrates at start (the second finds nothing to do).
    a = await spawnServer({ distDir, env });
    b = await spawnServer({ distDir, env });
  });
  afterAll(async () => {
    await pageA?.context().close();
    await Promise.all([a?.stop(), b?.stop()]);
    await scratch?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('a session made on A is valid on B', async () => {
    pageA = await newPage('phone');
    await visitUrl(pageA, `${a.baseURL}/`);
    await signInByApi(pageA, learner);
    // Another tab of the same browser, on B: the cookie A set is sent there too.
    pageB = await pageA.context().newPage();
    const opened = pageB.waitForResponse((res) => res.url() === `${b.baseURL}/api/events`, { timeout: 30_000 });
    await visitUrl(pageB, `${b.baseURL}/cours/${courseId}`);
    await avatarButton(pageB).waitFor();
    const me = await pageB.evaluate(async () => (await fetch('/api/me')).json());
    expect(me).toMatchObject({ user: { email: learner.email } });
    // The page on B holds its event stream open.
    expect((await opened).status()).toBe(200);
  });

  it("a seat paid through A is confirmed live on B's page, and B's cached seat count is cleared", async () => {
    // A visitor's view of the course on B, twice: the second answer comes from B's public cache.
    const seatsOnB = async () => {
      const res = await fetch(`${b.baseURL}/api/courses/${courseId}`);
      expect(res.status).toBe(200);
      const { course } = (await res.json()) as { course: { sessions: { id: string; seatsLeft: number }[] } };
      return course.sessions.find((s) => s.id === sessionId)!.seatsLeft;
    };
    expect(await seatsOnB()).toBe(CAPACITY);
    expect(await seatsOnB()).toBe(CAPACITY);
    const url = pageB.url();

    await bookAndPay(pageA, courseId, sessionId);

    await expectToast(pageB, 'Réservation confirmée !', 'Votre cours a bien été réservé. Consultez votre calendrier.');
    expect(pageB.url()).toBe(url);
    await expect.poll(seatsOnB, { timeout: 10_000 }).toBe(CAPACITY - 1);
    // A visitor's page on B shows it.
    const visitor = await newPage('phone');
    try {
      await visitUrl(visitor, `${b.baseURL}/cours/${courseId}`);
      await expect.poll(() => visitor.getByText(`${CAPACITY - 1} places restantes`).count()).toBeGreaterThan(0);
      expect(pageErrors(visitor)).toEqual([]);
    } finally {
      await visitor.context().close();
    }
    expect(pageErrors(pageB)).toEqual([]);
    expect(a.alive() && b.alive()).toBe(true);
  });
});
