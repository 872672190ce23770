// Starts the production build once for the browser journeys: a fresh data folder, the embedded
// database (or a scratch PostgreSQL database when TEST_DATABASE_URL is set), seeded on first start.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type {} from 'vitest';
import type { TestProject } from 'vitest/node';
import { startOidcProvider } from '../setup/oidc-provider';
import { copySeedImages } from '../setup/seed-images';
import { startSmtpServer } from '../setup/smtp';
import { anchorTestClock, testClockEnv } from '../setup/test-clock';
import { createScratchPostgres, dropScratchPostgres, rootDir } from '../setup/test-db';
import { enrolDemoAdmin, type DemoAdminSecondFactor } from './demo-admin-second-factor';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /** Folder where every e-mail the server sent lands as <n>.json ({ from, to, raw }): read it with mailbox.ts. */
    mailDir: string;
    /** That SMTP server's address, for a prepared server whose e-mails a journey reads (prepared-server.ts). */
    smtpUrl: string;
    /** The local OpenID provider the server signs people in with (its login page takes any e-mail). */
    oidcIssuer: string;
    /** The demo admin's second factor, enrolled once here (demo-admin-second-factor.ts). */
    demoAdminSecondFactor: DemoAdminSecondFactor;
    /** When the server started (real ms): with TEST_CLOCK_START, the instant its clock showed that start. */
    testClockAnchor: number;
    /**
     * Where the prepared servers' migrated template goes (prepared-server.ts): a folder path for
     * PGlite, or a database name on TEST_DATABASE_URL's server. The first prepared server of the
     * run makes it; the others start from a copy instead of migrating an empty database again.
     */
    preparedTemplate: string;
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export default async function setup(project: TestProject) {
  // E2E_DIST_DIR: journeys against a build kept elsewhere (several people building in one checkout).
  const distDir = path.resolve(rootDir, process.env.E2E_DIST_DIR ?? 'dist');
  const entry = path.join(distDir, 'server/index.js');
  if (!existsSync(entry) || !existsSync(path.join(distDir, 'client/index.html'))) {
    throw new Error('Build missing: run `npm run build` before the browser journeys (npm test does it).');
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'toque-e2e-'));
  // The demo pictures in place before the server seeds (drawn by an earlier run, or now): the
  // server stores only those missing (tests/setup/seed-images.ts).
  await copySeedImages(path.join(dataDir, 'uploads'));
  const scratch = process.env.TEST_DATABASE_URL ? await createScratchPostgres(process.env.TEST_DATABASE_URL) : null;
  const preparedTemplate = process.env.TEST_DATABASE_URL
    ? `toque_e2e_template_${randomBytes(4).toString('hex')}`
    : path.join(dataDir, 'prepared-template', 'pglite');
  // A real SMTP server receives what the site sends (reset links); the test files run in other
  // processes, so each message is written to a file they can read.
  const mailDir = path.join(dataDir, 'mail');
  await mkdir(mailDir);
  let mailCount = 0;
  const smtp = await startSmtpServer({
    onMail: (mail) => {
      // Written aside then renamed: a reader never sees half a message.
      const name = `${String(++mailCount).padStart(5, '0')}.json`;
      void writeFile(path.join(mailDir, `.${name}`), JSON.stringify(mail)).then(() =>
        rename(path.join(mailDir, `.${name}`), path.join(mailDir, name)),
      );
    },
  });
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  // A real OpenID provider for 'Ou continuer avec' (tests/setup/oidc-provider.ts).
  const idp = await startOidcProvider({ redirectUris: [`${baseURL}/api/auth/callback/identity-provider`] });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: baseURL,
    LOG_LEVEL: 'warn',
    SEED_ON_EMPTY: 'true',
    // Named: production on a real database (TEST_DATABASE_URL runs) refuses to start without it.
    PAYMENT_PROVIDER: 'sandbox',
    SMTP_URL: smtp.url,
    OIDC_ISSUER: idp.issuer,
    OIDC_CLIENT_ID: idp.clientId,
    OIDC_CLIENT_SECRET: idp.clientSecret,
    OIDC_NAME: 'Toque ID',
    // The journeys' own sign-ups (session.ts createAccount) say which test person they are with
    // X-Forwarded-For, each from its own address: the limit of 30 sign-ups an hour per address
    // stays as in production, yet a run's many fresh people do not all count against one.
    TRUSTED_PROXY: '127.0.0.1',
  };
  // Embedded mode means no DATABASE_URL at all (an empty one is an invalid URL to the config);
  // CLIENT_DIR from a developer's shell must not point the journeys at another build.
  delete env.DATABASE_URL;
  delete env.CLIENT_DIR;
  // Vitest sets TEST, which turns the auth library's own origin check off: the journeys' server runs
  // as production does, with it on.
  delete env.TEST;
  if (process.env.E2E_DIST_DIR) env.CLIENT_DIR = path.join(distDir, 'client');
  if (scratch) env.DATABASE_URL = scratch.url;
  // TEST_CLOCK_START pins the server's clock, which shows it when its process starts: the tests'
  // clocks start from the same real instant (within the few milliseconds a spawn takes).
  const testClockAnchor = Date.now();
  anchorTestClock(testClockAnchor);
  Object.assign(env, testClockEnv());
  const child: ChildProcess = spawn(process.execPath, [entry], { cwd: rootDir, env, stdio: ['ignore', 'inherit', 'inherit'] });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    await smtp.close();
    await idp.close();
    await scratch?.drop();
    if (process.env.TEST_DATABASE_URL) await dropScratchPostgres(process.env.TEST_DATABASE_URL, preparedTemplate);
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilUp(child, baseURL);
  } catch (e) {
    await stop();
    throw e;
  }
  project.provide('baseURL', baseURL);
  project.provide('mailDir', mailDir);
  project.provide('smtpUrl', smtp.url);
  project.provide('oidcIssuer', idp.issuer);
  project.provide('testClockAnchor', testClockAnchor);
  project.provide('preparedTemplate', preparedTemplate);
  project.provide('demoAdminSecondFactor', await enrolDemoAdmin(baseURL, path.join(dataDir, 'demo-admin-totp-step')));
  return stop;
}

/** Waits for the server's health check; it migrates and seeds first, which takes a few seconds. */
async function waitUntilUp(child: ChildProcess, baseURL: string) {
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${baseURL}/healthz`);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error('Server did not start within 90 s');
    await new Promise((r) => setTimeout(r, 200));
  }
}
