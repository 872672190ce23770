// Global setup of the integration project: the migrations run once per test run, into a template
// that each test file then copies into a database of its own (tests/setup/test-db.ts). Starting an
// empty PGlite runs initdb and then eleven migrations, a few seconds per file on two busy cores; a
// copy of a migrated data folder opens in a fraction of that. On PostgreSQL the template is a
// database that `CREATE DATABASE … TEMPLATE` copies. pg-boss's schema and queues are made there too
// (the server makes them at boot): a hold or a payment sends its jobs in its transaction.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import os from 'node:os';
import path from 'node:path';
import type {} from 'vitest';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/client';
import { prepareJobs } from '../../src/server/jobs/boss';
import { createScratchPostgres, dropScratchPostgres, testMigrationsDir } from './test-db';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data folder to copy (embedded runs), or ''. */
    pgliteTemplateDir: string;
    /** The same folder as a tar file (PGlite's dumpDataDir) that an in-memory database starts from, or ''. */
    pgliteTemplateDump: string;
    /** The name of a migrated database on TEST_DATABASE_URL's server to copy (PostgreSQL runs), or ''. */
    postgresTemplate: string;
    /** The start of the names of this run's databases, dropped together when it ends (PostgreSQL runs), or ''. */
    postgresScratchPrefix: string;
  }
}

export default async function setup(project: TestProject) {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (baseUrl) {
    const template = await createScratchPostgres(baseUrl, { prefix: 'toque_template' });
    const database = await openDatabase({ url: template.url, migrationsDir: testMigrationsDir, poolSize: 1 });
    try {
      await database.migrate();
      await prepareJobs(database);
    } finally {
      // No connection may stay open on a template while it is copied.
      await database.close();
    }
    const scratchPrefix = `toque_test_${randomBytes(4).toString('hex')}`;
    project.provide('pgliteTemplateDir', '');
    project.provide('pgliteTemplateDump', '');
    project.provide('postgresTemplate', template.name);
    project.provide('postgresScratchPrefix', scratchPrefix);
    return async () => {
      await dropScratchPostgres(baseUrl, scratchPrefix);
      await template.drop();
    };
  }
  const root = await mkdtemp(path.join(os.tmpdir(), 'toque-template-'));
  const dir = path.join(root, 'pglite');
  const database = await openDatabase({ pgliteDir: dir, migrationsDir: testMigrationsDir });
  try {
    await database.migrate();
    await prepareJobs(database);
  } finally {
    await database.close();
  }
  const dumpFile = path.join(root, 'pglite.tar');
  const reader = new PGlite(dir);
  try {
    await writeFile(dumpFile, Buffer.from(await (await reader.dumpDataDir('none')).arrayBuffer()));
  } finally {
    await reader.close();
  }
  project.provide('pgliteTemplateDir', dir);
  project.provide('pgliteTemplateDump', dumpFile);
  project.provide('postgresTemplate', '');
  project.provide('postgresScratchPrefix', '');
  return () => rm(root, { recursive: true, force: true });
}
