// A real, empty, migrated database for one test file: PGlite by default, or a fresh database on the
// PostgreSQL server named by TEST_DATABASE_URL. Each is a copy of the template the integration
// project migrated once (tests/setup/migrated-template.ts); without one, a new database is migrated.
import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/server/db/client';
import { findRootDir } from '../../src/server/env';
import { prepareJobs } from '../../src/server/jobs/boss';

export const rootDir = findRootDir();
export const testMigrationsDir = path.join(rootDir, 'src/server/db/migrations');

/**
 * Creates a throw-away database on the server of TEST_DATABASE_URL, a copy of `template` when
 * given; returns its name, URL and a dropper.
 */
export async function createScratchPostgres(
  baseUrl: string,
  opts: { template?: string; prefix?: string } = {},
): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `${opts.prefix ?? 'toque_test'}_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}${opts.template ? ` TEMPLATE ${pg.escapeIdentifier(opts.template)}` : ''}`);
    // A throw-away database needs no durability: a commit that waits for the disk costs ~9 ms on
    // this kind of machine instead of ~1.5 ms, and the suites commit tens of thousands of times.
    // Only this database's sessions are concerned; what the tests check (isolation, locks,
    // constraints, visibility after commit) is the same either way.
    await admin.query(`ALTER DATABASE ${name} SET synchronous_commit = off`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** Drops every database whose name starts with `prefix`, several at a time (their checkpoints overlap). */
export async function dropScratchPostgres(baseUrl: string, prefix: string): Promise<void> {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>('SELECT datname FROM pg_database WHERE starts_with(datname, $1)', [prefix]);
    const names = rows.map((r) => r.datname);
    const dropNext = async (): Promise<void> => {
      const name = names.pop();
      if (!name) return;
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
      } finally {
        await c.end();
      }
      await dropNext();
    };
    await Promise.all(Array.from({ length: 6 }, dropNext));
  } finally {
    await admin.end();
  }
}

/**
 * What the integration project's global setup provided (nothing in other projects). Imported on
 * use: global setups import this module too, and vitest's test API exists only in test workers.
 */
async function provided(key: 'pgliteTemplateDir' | 'pgliteTemplateDump' | 'postgresTemplate' | 'postgresScratchPrefix'): Promise<string> {
  try {
    const { inject } = await import('vitest');
    return inject(key) ?? '';
  } catch {
    return '';
  }
}

let dumpRead: { file: string; blob: Promise<Blob> } | undefined;
function templateBlob(file: string): Promise<Blob> {
  if (dumpRead?.file !== file) dumpRead = { file, blob: readFile(file).then((b) => new Blob([b])) };
  return dumpRead.blob;
}

/** A test's database; `url` on PostgreSQL, where another pool (a second instance) may connect to it. */
export type TestDatabase = Database & { dispose: () => Promise<void>; url?: string };

export async function openTestDatabase(): Promise<TestDatabase> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (baseUrl) {
    const template = await provided('postgresTemplate');
    // Within the integration run, its global setup drops the databases of the run all together at
    // the end: a DROP DATABASE waits for a checkpoint (~0.3–1.3 s here), paid once instead of per file.
    const prefix = await provided('postgresScratchPrefix');
    const scratch = await createScratchPostgres(baseUrl, { template: template || undefined, prefix: prefix || undefined });
    const database = await openDatabase({ url: scratch.url, migrationsDir: testMigrationsDir, poolSize: 20 });
    // A copy of the template is migrated already (then this finds nothing to do).
    if (!template) {
      await database.migrate();
      await prepareJobs(database);
    }
    return {
      ...database,
      url: scratch.url,
      dispose: async () => {
        await database.close();
        if (!prefix) await scratch.drop();
      },
    };
  }
  // In memory, started from a dump of the template: no folder copied, written and removed per
  // database (~7% less CPU per app, half the system time). TEST_PGLITE_ON_DISK=1 keeps the folder
  // copies instead (to compare, or to look at a test's files).
  const templateDump = await provided('pgliteTemplateDump');
  if (templateDump && !process.env.TEST_PGLITE_ON_DISK) {
    const database = await openDatabase({ pgliteLoadDataDir: await templateBlob(templateDump), migrationsDir: testMigrationsDir });
    return { ...database, dispose: () => database.close() };
  }
  const templateDir = await provided('pgliteTemplateDir');
  if (templateDir) {
    // A copy of the migrated data folder, on disk, removed with the database.
    const root = await mkdtemp(path.join(os.tmpdir(), 'toque-db-'));
    const dir = path.join(root, 'pglite');
    await cp(templateDir, dir, { recursive: true });
    const database = await openDatabase({ pgliteDir: dir, migrationsDir: testMigrationsDir });
    return {
      ...database,
      dispose: async () => {
        await database.close();
        await rm(root, { recursive: true, force: true });
      },
    };
  }
  const database = await openDatabase({ migrationsDir: testMigrationsDir });
  await database.migrate();
  await prepareJobs(database);
  return { ...database, dispose: () => database.close() };
}
