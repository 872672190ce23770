// The migrated database a spawned server (spawn-server.ts) starts on: a scratch PostgreSQL database
// made from the migrated template when TEST_DATABASE_URL is set, else a copy of the migrated PGlite
// folder in the server's data folder.
import { cp } from 'node:fs/promises';
import path from 'node:path';
import { inject } from 'vitest';
import { createScratchPostgres } from './test-db';

export type SpawnedDatabase = { databaseUrl?: string; drop: () => Promise<void> };

export async function migratedDatabaseFor(dataDir: string): Promise<SpawnedDatabase> {
  if (process.env.TEST_DATABASE_URL) {
    const scratch = await createScratchPostgres(process.env.TEST_DATABASE_URL, { template: inject('postgresTemplate') || undefined });
    return { databaseUrl: scratch.url, drop: async () => void (await scratch.drop()) };
  }
  const template = inject('pgliteTemplateDir');
  if (template) await cp(template, path.join(dataDir, 'pglite'), { recursive: true });
  return { drop: async () => {} };
}
