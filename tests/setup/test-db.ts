// A real, empty, migrated database for one test file: PGlite by default, or a fresh database on the
// PostgreSQL server named by TEST_DATABASE_URL. Each is a copy of the template the integration
// project migrated once (tests/setup/migrated-template.ts); without one, a new database is migrated.
import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, rm } from 'node:fs/promises';
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

/**
 * What the integration project's global setup provided (nothing in other projects). Imported on
 * use: global setups import this module too, and vitest's test API exists only in test workers.
 */
async function provided(key: 'pgliteTemplateDir' | 'postgresTemplate'): Promise<string> {
  try {
    const { inject } = await import('vitest');
    return inject(key) ?? '';
  } catch {
    return '';
  }
}

export async function openTestDatabase(): Promise<Database & { dispose: () => Promise<void> }> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (baseUrl) {
    const template = await provided('postgresTemplate');
    const scratch = await createScratchPostgres(baseUrl, { template: template || undefined });
    const database = await openDatabase({ url: scratch.url, migrationsDir: testMigrationsDir, poolSize: 20 });
    // A copy of the template is migrated already (then this finds nothing to do).
    if (!template) {
      await database.migrate();
      await prepareJobs(database);
    }
    return {
      ...database,
      dispose: async () => {
        await database.close();
        await scratch.drop();
      },
    };
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
