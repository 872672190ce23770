// A second server from the journeys' build, on a database written before it starts: for what the
// shared server of global-setup.ts cannot give — rows in the past (it runs on the real clock, and
// its embedded database belongs to its process alone). PGlite in a folder of its own, or a scratch
// PostgreSQL database when TEST_DATABASE_URL is set, as for the shared server. No demo seed (it
// would draw every picture again): the prepared rows are the whole site.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { hashPassword } from 'better-auth/crypto';
import { openDatabase, type Db } from '../../src/server/db/client';
import { accounts } from '../../src/server/db/schema';
import { createUser } from '../factories';
import { spawnServer, type SpawnedServer } from '../setup/spawn-server';
import { createScratchPostgres, rootDir, testMigrationsDir } from '../setup/test-db';
import type { Account } from './session';

export type PreparedServer<T> = { baseURL: string; prepared: T; stop: () => Promise<void> };

/** Someone who signs in with a password (hashed by the auth library, as the seed does). */
export async function createPerson(db: Db, fullName: string, role: 'learner' | 'admin'): Promise<Account & { id: string }> {
  const email = `${role}-${randomUUID().slice(0, 8)}@exemple.ca`;
  const password = 'Erable-Sucre-2026';
  const { id } = await createUser(db, { fullName, role }, { email, emailVerified: true });
  await db.insert(accounts).values({ id: randomUUID(), accountId: id, providerId: 'credential', userId: id, password: await hashPassword(password) });
  return { id, name: fullName, email, password };
}

/** Writes the database with `prepare`, then starts the server on it (`opts.env` added to its environment); `stop` removes it all. */
export async function startPreparedServer<T>(
  prepare: (db: Db) => Promise<T>,
  opts: { env?: Record<string, string | undefined> } = {},
): Promise<PreparedServer<T>> {
  const distDir = path.resolve(rootDir, process.env.E2E_DIST_DIR ?? 'dist');
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'toque-e2e-prepared-'));
  const scratch = process.env.TEST_DATABASE_URL ? await createScratchPostgres(process.env.TEST_DATABASE_URL) : null;
  let server: SpawnedServer | null = null;
  const stop = async () => {
    await server?.stop();
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

    server = await spawnServer({
      distDir,
      env: { DATA_DIR: dataDir, CLIENT_DIR: path.join(distDir, 'client'), ...(scratch ? { DATABASE_URL: scratch.url } : {}), ...opts.env },
    });
    const baseURL = server.baseURL;
    return { baseURL, prepared, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}
