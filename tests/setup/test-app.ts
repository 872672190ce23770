// The real app over a real database, for integration tests. Requests go through app.request().
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../../src/server/app';
import type { Deps } from '../../src/server/deps';
import { loadConfig } from '../../src/server/env';
import { createMailer } from '../../src/server/integrations/mail/mailer';
import { localDiskStorage } from '../../src/server/integrations/storage/local-disk';
import { createJobs } from '../../src/server/jobs/jobs';
import { registerWorkers } from '../../src/server/jobs/workers';
import { createLogger } from '../../src/server/logger';
import { createRealtime } from '../../src/server/realtime/realtime';
import { testNow } from './test-clock';
import { openTestDatabase, rootDir } from './test-db';

/** A small stand-in for the built client: index.html with the markers, a Vite manifest, one asset. */
export const fixtureClientDir = path.join(rootDir, 'tests/fixtures/client');

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** What @hono/node-server passes as env: the socket, whose address is the client's unless a proxy is trusted. */
export function fromAddress(remoteAddress: string) {
  return { incoming: { socket: { remoteAddress } } };
}

export async function createTestApp(
  opts: { now?: () => Date; clientDir?: string; config?: Partial<Deps['config']> } = {},
) {
  const database = await openTestDatabase();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'toque-test-'));
  const config = {
    ...loadConfig({ NODE_ENV: 'test' }),
    dataDir,
    clientDir: opts.clientDir ?? fixtureClientDir,
    publicUrl: 'http://toque.test',
    // As if PUBLIC_URL were set; a test of the unset case passes publicUrlSet: false.
    publicUrlSet: true,
    ...opts.config,
  };
  const deps: Deps = {
    config,
    database,
    storage: localDiskStorage(path.join(dataDir, 'uploads')),
    logger: createLogger(config),
    // The run's clock: the real one, or the day TEST_CLOCK_START pins (test-clock.ts).
    now: opts.now ?? testNow,
  };
  // The workers are registered, not started: a test that needs them calls deps.jobs.start()
  // (quick polling, 1 s before the first retry).
  const jobs = createJobs(database, { now: () => deps.now(), pollingIntervalSeconds: 0.5, retryDelaySeconds: 1 });
  deps.jobs = jobs;
  registerWorkers(deps, jobs);
  // The events route starts it on the first stream; a test may start it itself (start()).
  const realtime = createRealtime(deps);
  // The app's own mailer: a test waits for the e-mails it sends without awaiting them (settled()).
  const mailer = createMailer(config, database.db, deps.logger);
  const app = createApp(deps, realtime, mailer);
  return {
    app,
    deps,
    realtime,
    mailer,
    db: database.db,
    /** PostgreSQL only: the database's address, for a second pool (another instance). */
    databaseUrl: database.url,
    /** GET/POST… a path of the app; JSON bodies are encoded for you. */
    request: (p: string, init?: RequestInit, env?: ReturnType<typeof fromAddress>) => app.request(p, init, env),
    async json<T = unknown>(p: string, init?: RequestInit): Promise<{ status: number; body: T; headers: Headers }> {
      const res = await app.request(p, init);
      return { status: res.status, body: (await res.json()) as T, headers: res.headers };
    },
    jobs,
    async close() {
      await jobs.stop();
      await realtime.stop();
      await mailer.settled();
      await database.dispose();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
