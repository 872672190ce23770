// The production server bundle, started as its own process on a free port, as it runs in
// production: for tests about what only a real process shows (several instances on one
// database, a database that goes away, real sockets). `buildServer` bundles the server alone
// (esbuild, a second or two); journeys that need the client too use the e2e build (E2E_DIST_DIR).
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { testClockEnv } from './test-clock';
import { rootDir } from './test-db';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** Bundles src/server into <outDir>/server/index.js; outDir inside the repository (git-ignored) finds node_modules. */
export async function buildServer(outDir: string): Promise<void> {
  const child = spawn(process.execPath, ['scripts/build-server.mjs', '--outdir', outDir], { cwd: rootDir, stdio: ['ignore', 'inherit', 'inherit'] });
  const code = await new Promise<number | null>((r) => child.once('exit', r));
  if (code !== 0) throw new Error(`server build exited with ${code}`);
}

export type SpawnedServer = {
  baseURL: string;
  port: number;
  child: ChildProcess;
  /** The process's standard output, line by line (pino's JSON lines when captured). */
  log: string[];
  /** Whether the process is still running. */
  alive(): boolean;
  /** SIGTERM, then waits for the exit (the graceful shutdown ends within 10 s). */
  stop(): Promise<void>;
};

export type SpawnOptions = {
  /** The folder holding server/index.js (a build of buildServer, or the e2e build). */
  distDir: string;
  /** Added to a production environment; `undefined` removes a variable inherited from the test's. */
  env: Record<string, string | undefined>;
  /** Fixed port (else a free one); PUBLIC_URL defaults to http://127.0.0.1:<port>. */
  port?: number;
  /** Keep stdout in `log` (else it is inherited). */
  captureLog?: boolean;
  /** How long to wait for /healthz. */
  startTimeoutMs?: number;
};

export async function spawnServer(opts: SpawnOptions): Promise<SpawnedServer> {
  const port = opts.port ?? (await freePort());
  const baseURL = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseURL,
    LOG_LEVEL: 'warn',
    SEED_ON_EMPTY: 'false',
    // Named: production on a real database refuses to start without it (env.ts paymentProviderOf).
    PAYMENT_PROVIDER: 'sandbox',
    // On the run's clock, pinned or not (test-clock.ts).
    ...testClockEnv(),
  };
  // Nothing of the developer's shell decides which database or mail server the process uses.
  delete env.DATABASE_URL;
  delete env.SMTP_URL;
  delete env.CLIENT_DIR;
  for (const [key, value] of Object.entries(opts.env)) {
    if (value === undefined) delete env[key];
    else env[key] = value;
  }
  const child = spawn(process.execPath, [path.join(opts.distDir, 'server/index.js')], {
    cwd: rootDir,
    env,
    stdio: ['ignore', opts.captureLog ? 'pipe' : 'inherit', 'inherit'],
  });
  const log: string[] = [];
  if (opts.captureLog) {
    child.stdout!.setEncoding('utf8');
    child.stdout!.on('data', (chunk: string) => log.push(...chunk.split('\n').filter(Boolean)));
  }
  const alive = () => child.exitCode === null && child.signalCode === null;
  const server: SpawnedServer = {
    baseURL,
    port,
    child,
    log,
    alive,
    async stop() {
      if (!alive()) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
  const deadline = Date.now() + (opts.startTimeoutMs ?? 60_000);
  for (;;) {
    if (!alive()) throw new Error(`server exited with ${child.exitCode ?? child.signalCode}`);
    try {
      if ((await fetch(`${baseURL}/healthz`)).ok) return server;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) {
      await server.stop();
      throw new Error(`server did not start within ${opts.startTimeoutMs ?? 60_000} ms`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}
