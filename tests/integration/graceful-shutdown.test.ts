// The built server, as its own process, told to stop (SIGTERM) while a download is half-way: for its
// drain period (SHUTDOWN_DRAIN_SECONDS) it still answers, /readyz with 503 so a load balancer takes it
// out; then the download ends with every byte, no new connection is accepted, an idle kept-alive
// connection is closed, and the process exits 0 well within its 10 s limit. PGlite from the migrated
// template, or a scratch PostgreSQL database.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureClientDir } from '../setup/test-app';
import { rootDir } from '../setup/test-db';
import { migratedDatabaseFor, type SpawnedDatabase } from '../setup/spawned-database';
import { testClockEnv } from '../setup/test-clock';

// Inside the repository (git-ignored): the bundle finds its dependencies in node_modules from there.
const buildDir = path.join(rootDir, '.builds', `graceful-shutdown-${process.pid}`);
const FILE_BYTES = 24 * 1024 * 1024;

let workDir: string;
let scratch: SpawnedDatabase | null = null;
let child: ChildProcess | null = null;
let port: number;
let fileDigest: string;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const p = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(p));
    });
    srv.on('error', reject);
  });
}

async function run(cmd: string, args: string[]) {
  const proc = spawn(cmd, args, { cwd: rootDir, stdio: ['ignore', 'inherit', 'inherit'] });
  const code = await new Promise<number | null>((r) => proc.once('exit', r));
  if (code !== 0) throw new Error(`${cmd} ${args.join(' ')} exited with ${code}`);
}

function get(pathname: string, agent: http.Agent): Promise<http.IncomingMessage & { socketOf: net.Socket }> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: pathname, agent }, (res) => resolve(Object.assign(res, { socketOf: req.socket! })));
    req.on('error', reject);
  });
}

function connects(): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });
}

async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 8000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

beforeAll(async () => {
  workDir = await mkdtemp(path.join(os.tmpdir(), 'toque-shutdown-'));
  const dataDir = path.join(workDir, 'data');
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.DATABASE_URL;
  delete env.SMTP_URL;
  scratch = await migratedDatabaseFor(dataDir);
  if (scratch.databaseUrl) env.DATABASE_URL = scratch.databaseUrl;
  // A public upload big enough that the socket cannot take it at once: the download stays in flight.
  const bytes = randomBytes(FILE_BYTES);
  fileDigest = createHash('sha256').update(bytes).digest('hex');
  await mkdir(path.join(dataDir, 'uploads/images'), { recursive: true });
  await writeFile(path.join(dataDir, 'uploads/images/grand-plat.jpg'), bytes);

  await run(process.execPath, ['scripts/build-server.mjs', '--outdir', buildDir]);
  port = await freePort();
  Object.assign(env, {
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    AUTH_SECRET: 'secret-du-test-d-arret-0123456789-abcdefghij',
    LOG_LEVEL: 'warn',
    SEED_ON_EMPTY: 'false',
    // Named: production on a real database refuses to start without it (env.ts).
    PAYMENT_PROVIDER: 'sandbox',
    SHUTDOWN_DRAIN_SECONDS: '1',
    CLIENT_DIR: fixtureClientDir,
    // On the run's clock, pinned or not (test-clock.ts).
    ...testClockEnv(),
  });
  child = spawn(process.execPath, [path.join(buildDir, 'server/index.js')], { cwd: rootDir, env, stdio: ['ignore', 'inherit', 'inherit'] });
  await until(async () => {
    if (child!.exitCode !== null) throw new Error(`server exited with ${child!.exitCode}`);
    return fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.ok, () => false);
  }, 'server start', 90_000);
}, 180_000);

afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((r) => child!.once('exit', r));
    child.kill('SIGKILL');
    await exited;
  }
  await scratch?.drop();
  await rm(workDir, { recursive: true, force: true });
  await rm(buildDir, { recursive: true, force: true });
});

describe('graceful shutdown of the built server', () => {
  it('answers /readyz 503 while draining, then finishes the download in flight, refuses new connections, closes idle ones, exits 0', async () => {
    // Two agents: a kept-alive agent would otherwise reuse the idle connection for the download.
    const idleAgent = new http.Agent({ keepAlive: true });
    const agent = new http.Agent({ keepAlive: true });
    try {
      expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);
      // As served by Node (light Response objects): an error names its request in header and body.
      const missing = await fetch(`http://127.0.0.1:${port}/api/pas-une-route`);
      expect(missing.status).toBe(404);
      expect(missing.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      expect(((await missing.json()) as { error: { requestId: string } }).error.requestId).toBe(missing.headers.get('x-request-id'));
      const failing = await fetch(`http://127.0.0.1:${port}/media/nulle-part.jpg`);
      expect(failing.status).toBe(404);
      expect(((await failing.json()) as { error: { requestId: string } }).error.requestId).toBe(failing.headers.get('x-request-id'));

      // An idle kept-alive connection: asked once, then left open in the agent's pool.
      const probe = await get('/healthz', idleAgent);
      probe.resume();
      await new Promise((r) => probe.once('end', r));
      const idle = probe.socketOf;
      let idleClosed = false;
      idle.once('close', () => (idleClosed = true));

      // The download: its first bytes arrive, then this reader stops reading.
      const download = await get('/media/images/grand-plat.jpg', agent);
      expect(download.statusCode).toBe(200);
      expect(Number(download.headers['content-length'])).toBe(FILE_BYTES);
      const hash = createHash('sha256');
      let received = 0;
      const first = await new Promise<Buffer>((r) => download.once('data', r));
      download.pause();
      hash.update(first);
      received += first.length;
      expect(received).toBeLessThan(FILE_BYTES);

      let exitCode: number | null = null;
      const exited = new Promise<void>((r) => child!.once('exit', (code) => ((exitCode = code), r())));
      const stoppedAt = Date.now();
      child!.kill('SIGTERM');

      // The drain: a new connection is still answered, and told the instance is not ready.
      // (The signal takes a moment to arrive: asked until it has.)
      let draining: Response | null = null;
      await until(async () => (draining = await fetch(`http://127.0.0.1:${port}/readyz`)).status === 503, '/readyz 503 while draining', 900);
      expect(((await draining!.json()) as { error: { code: string } }).error.code).toBe('SERVICE_UNAVAILABLE');
      expect(await connects()).toBe(true);

      await until(async () => !(await connects()), 'new connections refused');
      await until(() => idleClosed, 'idle kept-alive connection closed');
      expect(child!.exitCode).toBeNull(); // the download holds the process

      download.on('data', (chunk: Buffer) => {
        hash.update(chunk);
        received += chunk.length;
      });
      const ended = new Promise((r) => download.once('end', r));
      download.resume();
      await ended;
      expect(received).toBe(FILE_BYTES);
      expect(hash.digest('hex')).toBe(fileDigest);

      const endedAt = Date.now();
      await exited;
      // Its kept-alive connection does not hold the exit for its idle timeout (5 s).
      expect(Date.now() - endedAt).toBeLessThan(3000);
      expect(exitCode).toBe(0);
      expect(Date.now() - stoppedAt).toBeLessThan(11_000);
    } finally {
      agent.destroy();
      idleAgent.destroy();
    }
  }, 30_000);
});
