// Two server processes (the built server, twice) on one PostgreSQL database, both working the job
// queues: reminders due at the same moment are each sent once, to the right person, whichever
// instance takes the job (pg-boss hands a job to one worker; the e-mail ledger stops a repeat).
// PostgreSQL only: PGlite lives inside one process and cannot be shared by two.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { emailDeliveries } from '../../src/server/db/schema';
import { createJobs } from '../../src/server/jobs/jobs';
import { QUEUES } from '../../src/server/jobs/queues';
import { reminderJobKey, scheduleReminders } from '../../src/server/jobs/reminders';
import { createCourse, createReservation, createSession, createUser } from '../factories';
import { parseMail } from '../setup/mime';
import { startSmtpServer } from '../setup/smtp';
import { buildServer, spawnServer, type SpawnedServer } from '../setup/spawn-server';
import { fixtureClientDir } from '../setup/test-app';
import { openTestDatabase, rootDir } from '../setup/test-db';
import { testNow } from '../setup/test-clock';
import { idle, until } from '../setup/until';

const onPostgres = !!process.env.TEST_DATABASE_URL;
const LEARNERS = 4;

let database: Database & { dispose: () => Promise<void> };
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let workDir: string;
// Inside the repository (git-ignored): the bundle finds its dependencies in node_modules from there.
const buildDir = path.join(rootDir, '.builds', `two-instances-${process.pid}`);
const servers: SpawnedServer[] = [];

async function startServer(url: string, name: string) {
  const server = await spawnServer({
    distDir: buildDir,
    captureLog: true,
    env: {
      DATA_DIR: path.join(workDir, name),
      PUBLIC_URL: 'http://toque.test',
      AUTH_SECRET: 'secret-partage-par-les-deux-instances-0123456789',
      DATABASE_URL: url,
      SMTP_URL: smtp.url,
      LOG_LEVEL: 'info',
      CLIENT_DIR: fixtureClientDir,
    },
  });
  servers.push(server);
  return server;
}

beforeAll(async () => {
  if (!onPostgres) return;
  workDir = await mkdtemp(path.join(os.tmpdir(), 'toque-two-instances-'));
  await buildServer(buildDir);
  smtp = await startSmtpServer();
  database = await openTestDatabase();
}, 120_000);

afterAll(async () => {
  if (!onPostgres) return;
  await Promise.all(servers.map((server) => server.stop()));
  await database?.dispose();
  await smtp?.close();
  await rm(workDir, { recursive: true, force: true });
  await rm(buildDir, { recursive: true, force: true });
});

describe.skipIf(!onPostgres)('two server instances on one PostgreSQL (PostgreSQL only: PGlite cannot be shared by two processes)', () => {
  it('sends each due reminder once', async () => {
    const db = database.db;
    // The servers' clock (pinned on a pinned run): the reminder must fall due by it.
    const now = testNow();
    const course = await createCourse(db, { title: 'Cretons maison', isLive: true });
    // Due 15 s from now: both servers are up and polling by then.
    const session = await createSession(db, course.id, { startsAt: new Date(now.getTime() + 3_600_000 + 15_000), videoLink: 'https://meet.exemple.ca/cretons' });
    const seats: { reservationId: string; email: string }[] = [];
    for (let i = 0; i < LEARNERS; i++) {
      const person = await createUser(db, { fullName: `Apprenant ${i + 1}` }, { email: `apprenant${i + 1}@exemple.ca` });
      const r = await createReservation(db, session.id, person.id, { status: 'confirmed', clientName: `Apprenant ${i + 1}` });
      await scheduleReminders(db, { reservationId: r.id, startsAt: session.startsAt, now });
      seats.push({ reservationId: r.id, email: `apprenant${i + 1}@exemple.ca` });
    }

    const url = (db as unknown as { $client: pg.Pool }).$client.options.connectionString!;
    const [a, b] = await Promise.all([startServer(url, 'a'), startServer(url, 'b')]);

    const keys = seats.map((s) => `reminder.1h:${s.reservationId}`);
    const sentRows = () => db.select().from(emailDeliveries).where(inArray(emailDeliveries.dedupeKey, keys));
    await until('all reminders sent', sentRows, (rows) => rows.length === LEARNERS && rows.every((r) => r.sentAt), 60_000, 250);
    // The queues as either server sees them (the same tables), read through the Jobs port of a third,
    // never started: once no reminder or e-mail is left to do, a second sending would have arrived.
    const observer = createJobs(database, { now: testNow });
    await idle(observer, [QUEUES.reminder, QUEUES.emailSend], 30_000);

    const reminders = smtp.inbox.filter((m) => parseMail(m.raw).subject === 'Rappel : Cretons maison commence dans une heure');
    expect(reminders).toHaveLength(LEARNERS);
    expect(reminders.map((m) => m.to[0]).sort()).toEqual(seats.map((s) => s.email).sort());
    const rows = await db.select().from(emailDeliveries).where(inArray(emailDeliveries.dedupeKey, keys));
    expect(rows.every((r) => r.attempts === 1 && r.skippedReason === null)).toBe(true);

    // Each reminder job ran once in all, on one instance or the other.
    const ran = [...a.log, ...b.log].filter((l) => l.includes('rappel de cours'));
    expect(ran).toHaveLength(LEARNERS);
    const jobs = await Promise.all(seats.map((s) => observer.get(QUEUES.reminder, { key: reminderJobKey('1h', s.reservationId, session.startsAt) })));
    expect(jobs.map((j) => j?.state)).toEqual(Array(LEARNERS).fill('completed'));
  }, 120_000);
});
