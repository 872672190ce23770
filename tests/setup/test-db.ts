// A real, empty, migrated database for one test file: PGlite in memory by default,
// or a fresh database on the PostgreSQL server named by TEST_DATABASE_URL.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/server/db/client';
import { findRootDir } from '../../src/server/env';

export const rootDir = findRootDir();
export const testMigrationsDir = path.join(rootDir, 'src/server/db/migrations');

/** Creates a throw-away database on the server of TEST_DATABASE_URL; returns its URL and a dropper. */
export async function createScratchPostgres(baseUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `toque_test_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export async function openTestDatabase(): Promise<Database & { dispose: () => Promise<void> }> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (baseUrl) {
    const scratch = await createScratchPostgres(baseUrl);
    const database = await openDatabase({ url: scratch.url, migrationsDir: testMigrationsDir, poolSize: 20 });
    await database.migrate();
    return {
      ...database,
      dispose: async () => {
        await database.close();
        await scratch.drop();
      },
    };
  }
  const database = await openDatabase({ migrationsDir: testMigrationsDir });
  await database.migrate();
  return { ...database, dispose: () => database.close() };
}
