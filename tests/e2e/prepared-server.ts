// A second server from the journeys' build, on a database written before it starts: for what the
// shared server of global-setup.ts cannot give — rows in the past (it runs on the real clock, and
// its embedded database belongs to its process alone). PGlite in a folder of its own, or a scratch
// PostgreSQL database when TEST_DATABASE_URL is set, as for the shared server. No demo seed (it
// would draw every picture again): the prepared rows are the whole site.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { hashPassword } from 'better-auth/crypto';
import { openDatabase, type Db } from '../../src/server/db/client';
import { accounts } from '../../src/server/db/schema';
import { createUser } from '../factories';
import { createScratchPostgres, rootDir, testMigrationsDir } from '../setup/test-db';
import type { Account } from './session';

export type PreparedServer<T> = { baseURL: string; prepared: T; stop: () => Promise<void> };

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** Someone who signs in with a password (hashed by the auth library, as the seed does). */
export async function createPerson(db: Db, fullName: string, role: 'learner' | 'admin'): Promise<Account & { id: string }> {
  const email = `${role}-${randomUUID().slice(0, 8)}@exemple.ca`;
  const password = 'Erable-Sucre-2026';
  const { id } = await createUser(db, { fullName, role }, { email, emailVerified: true });
  await db.insert(accounts).values({ id: randomUUID(), accountId: id, providerId: 'credential', userId: id, password: await hashPassword(password) });
  return { id, name: fullName, email, password };
}

/** Writes the database with `prepare`, then starts the server on it; `stop` removes it all. */
export async function startPreparedServer<T>(prepare: (db: Db) => Promise<T>): Promise<PreparedServer<T>> {
  const distDir = path.resolve(rootDir, process.env.E2E_DIST_DIR ?? 'dist');
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'toque-e2e-prepared-'));
  const scratch = process.env.TEST_DATABASE_URL ? await createScratchPostgres(process.env.TEST_DATABASE_URL) : null;
  let child: ChildProcess | null = null;
  const stop = async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child!.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    await scratch?.drop();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    const database = await openDatabase(
      scratch ? { url: scratch.url, migrationsDir: testMigrationsDir } : { pgliteDir: path.join(dataDir, 'pglite'), migrationsDir: testMigrationsDir },
    );
    let prepared: T;
    try {
      await database.migrate();
      prepared = await prepare(database.db);
    } finally {
      await database.close();
    }

    const port = await freePort();
    const baseURL = `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: baseURL,
      LOG_LEVEL: 'warn',
      SEED_ON_EMPTY: 'false',
      CLIENT_DIR: path.join(distDir, 'client'),
    };
    delete env.DATABASE_URL;
    delete env.SMTP_URL;
    if (scratch) env.DATABASE_URL = scratch.url;
    child = spawn(process.execPath, [path.join(distDir, 'server/index.js')], { cwd: rootDir, env, stdio: ['ignore', 'inherit', 'inherit'] });
    await waitUntilUp(child, baseURL);
    return { baseURL, prepared, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}

async function waitUntilUp(child: ChildProcess, baseURL: string) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Prepared server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${baseURL}/api/health`)).ok) return;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error('Prepared server did not start within 60 s');
    await new Promise((r) => setTimeout(r, 200));
  }
}
