// A second server from the journeys' build, on a database written before it starts: for what the
// shared server of global-setup.ts cannot give — rows in the past (it runs on the real clock, and
// its embedded database belongs to its process alone). PGlite in a folder of its own, or a scratch
// PostgreSQL database when TEST_DATABASE_URL is set, as for the shared server, each a copy of a
// template migrated once per run. No demo seed (it would draw every picture again): the prepared
// rows are the whole site.
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, rename, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { hashPassword } from 'better-auth/crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type DatabaseOptions, type Db } from '../../src/server/db/client';
import { prepareJobs } from '../../src/server/jobs/boss';
import { accounts } from '../../src/server/db/schema';
import { createUser } from '../factories';
import { spawnServer, type SpawnedServer } from '../setup/spawn-server';
import { createScratchPostgres, rootDir, testMigrationsDir } from '../setup/test-db';
import type { Account } from './session';

export type PreparedServer<T> = {
  baseURL: string;
  prepared: T;
  stop: () => Promise<void>;
  /**
   * Stops the server, runs `between` on its database while nothing else holds it (a journey moving
   * the database's side of time: pg-boss waits by the database's clock), then starts it again on the
   * same port and data with `env` added (another TEST_CLOCK_START: the app's clock moved).
   */
  restart: (env: Record<string, string | undefined>, between?: (db: Db) => Promise<void>) => Promise<void>;
};

const PASSWORD = 'Erable-Sucre-2026';
/**
 * The password's hash by the auth library (its format and cost, as the seed stores them), computed
 * once per file: a JavaScript scrypt that holds the core for a few hundred milliseconds each time.
 */
let passwordHash: Promise<string> | undefined;

/** Someone who signs in with a password (hashed by the auth library, as the seed does). */
export async function createPerson(db: Db, fullName: string, role: 'learner' | 'admin'): Promise<Account & { id: string }> {
  const email = `${role}-${randomUUID().slice(0, 8)}@exemple.ca`;
  const password = PASSWORD;
  const { id } = await createUser(db, { fullName, role }, { email, emailVerified: true });
  passwordHash ??= hashPassword(PASSWORD);
  await db.insert(accounts).values({ id: randomUUID(), accountId: id, providerId: 'credential', userId: id, password: await passwordHash });
  return { id, name: fullName, email, password };
}

/** Migrates a new database and makes pg-boss's schema and queues in it, as the server does at boot. */
async function migrateNew(opts: DatabaseOptions): Promise<void> {
  const database = await openDatabase(opts);
  try {
    await database.migrate();
    await prepareJobs(database);
  } finally {
    await database.close();
  }
}

/** The run's migrated PGlite folder (global-setup.ts names it), made by the first prepared server that needs it. */
async function pgliteTemplate(): Promise<string> {
  const template = inject('preparedTemplate');
  if (!existsSync(template)) {
    // Made aside, then moved into place whole: a file that failed halfway leaves no half template.
    const aside = `${template}-${process.pid}-${randomUUID().slice(0, 8)}`;
    await migrateNew({ pgliteDir: aside, migrationsDir: testMigrationsDir });
    await rename(aside, template);
  }
  return template;
}

/** The run's migrated database on the PostgreSQL server, made by the first prepared server that needs it; its name. */
async function postgresTemplate(baseUrl: string): Promise<string> {
  const ready = `${inject('preparedTemplate')}_ready`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    if ((await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [ready])).rowCount) return ready;
    const made = await createScratchPostgres(baseUrl, { prefix: inject('preparedTemplate') });
    await migrateNew({ url: made.url, migrationsDir: testMigrationsDir, poolSize: 1 });
    // Renamed once complete; no connection may stay open on a template while it is copied.
    await admin.query(`ALTER DATABASE ${pg.escapeIdentifier(made.name)} RENAME TO ${pg.escapeIdentifier(ready)}`);
    return ready;
  } finally {
    await admin.end();
  }
}

/** Writes the database with `prepare`, then starts the server on it (`opts.env` added to its environment); `stop` removes it all. */
export async function startPreparedServer<T>(
  prepare: (db: Db) => Promise<T>,
  opts: { env?: Record<string, string | undefined> } = {},
): Promise<PreparedServer<T>> {
  const distDir = path.resolve(rootDir, process.env.E2E_DIST_DIR ?? 'dist');
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'toque-e2e-prepared-'));
  const scratch = process.env.TEST_DATABASE_URL
    ? await createScratchPostgres(process.env.TEST_DATABASE_URL, { template: await postgresTemplate(process.env.TEST_DATABASE_URL) })
    : null;
  let server: SpawnedServer | null = null;
  const stop = async () => {
    await server?.stop();
    await scratch?.drop();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    // A copy of the run's migrated template: the migrations (and pg-boss's schema, which the server
    // would make at boot) ran once for all the prepared servers of the run.
    if (!scratch) await cp(await pgliteTemplate(), path.join(dataDir, 'pglite'), { recursive: true });
    const database = await openDatabase(
      scratch ? { url: scratch.url, migrationsDir: testMigrationsDir } : { pgliteDir: path.join(dataDir, 'pglite'), migrationsDir: testMigrationsDir },
    );
    let prepared: T;
    try {
      prepared = await prepare(database.db);
    } finally {
      await database.close();
    }

    const env = { DATA_DIR: dataDir, CLIENT_DIR: path.join(distDir, 'client'), ...(scratch ? { DATABASE_URL: scratch.url } : {}), ...opts.env };
    server = await spawnServer({ distDir, env });
    const { baseURL, port } = server;
    const restart = async (more: Record<string, string | undefined>, between?: (db: Db) => Promise<void>) => {
      await server?.stop();
      server = null;
      if (between) {
        const opened = await openDatabase(
          scratch ? { url: scratch.url, migrationsDir: testMigrationsDir } : { pgliteDir: path.join(dataDir, 'pglite'), migrationsDir: testMigrationsDir },
        );
        try {
          await between(opened.db);
        } finally {
          await opened.close();
        }
      }
      server = await spawnServer({ distDir, env: { ...env, ...more }, port });
    };
    return { baseURL, prepared, stop, restart };
  } catch (e) {
    await stop();
    throw e;
  }
}
