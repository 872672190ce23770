// Production fails closed (issue 25, docs/decisions/0029-fail-closed.md): the production server
// given a real database (DATABASE_URL) and neither PAYMENT_PROVIDER nor SEED_ON_EMPTY does not
// start — a French message names the variable, the exit code is not 0, nothing listens. On
// PostgreSQL runs, with the processor named it starts and seeds nothing into the empty database.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, freePort, spawnServer } from '../setup/spawn-server';
import { migratedDatabaseFor, type SpawnedDatabase } from '../setup/spawned-database';
import { fixtureClientDir } from '../setup/test-app';
import { rootDir } from '../setup/test-db';

const onPostgres = !!process.env.TEST_DATABASE_URL;
const buildDir = path.join(rootDir, '.builds', `fails-closed-${process.pid}`);
const AUTH_SECRET = 'secret-du-test-de-production-0123456789-abcdef';
let workDir: string;

beforeAll(async () => {
  workDir = await mkdtemp(path.join(os.tmpdir(), 'toque-fails-closed-'));
  await buildServer(buildDir);
}, 120_000);

afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
  await rm(buildDir, { recursive: true, force: true });
});

describe('production on a real database', () => {
  it('does not start until a payment provider is named, and says so in French', async () => {
    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: workDir,
      CLIENT_DIR: fixtureClientDir,
      AUTH_SECRET,
      // Refused before any connection is tried: no server needs to answer at this address.
      DATABASE_URL: 'postgres://toque:mot-de-passe@127.0.0.1:9/toque',
    };
    delete env.PAYMENT_PROVIDER;
    delete env.SEED_ON_EMPTY;
    delete env.TEST_CLOCK_START;
    const child = spawn(process.execPath, [path.join(buildDir, 'server/index.js')], { cwd: rootDir, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).not.toBe(0);
    expect(output).toContain('Configuration invalide : en production avec DATABASE_URL, nommez le processeur de paiement dans PAYMENT_PROVIDER');
    expect(output).toContain('PAYMENT_PROVIDER=stripe');
    // The message alone, not a stack trace.
    expect(output).not.toMatch(/\bat \S+ \(|\.js:\d+/);
    expect(await fetch(`http://127.0.0.1:${port}/healthz`).then(() => true, () => false)).toBe(false);
  }, 60_000);

  describe.runIf(onPostgres)('with the processor named and SEED_ON_EMPTY unset', () => {
    let scratch: SpawnedDatabase;
    beforeAll(async () => {
      scratch = await migratedDatabaseFor(workDir);
    });
    afterAll(async () => {
      await scratch?.drop();
    });

    it('starts, and seeds no demo data into the empty database', async () => {
      const server = await spawnServer({
        distDir: buildDir,
        env: { DATABASE_URL: scratch.databaseUrl, DATA_DIR: workDir, CLIENT_DIR: fixtureClientDir, AUTH_SECRET, PAYMENT_PROVIDER: 'sandbox', SEED_ON_EMPTY: undefined },
        startTimeoutMs: 90_000,
      });
      try {
        const client = new pg.Client({ connectionString: scratch.databaseUrl });
        await client.connect();
        try {
          const { rows } = await client.query<{ n: string }>('select count(*)::text as n from users');
          expect(rows[0]!.n).toBe('0');
        } finally {
          await client.end();
        }
      } finally {
        await server.stop();
      }
    }, 120_000);
  });
});
