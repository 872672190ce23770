// A newcomer's first minutes (issue 24): the built server started with PUBLIC_URL unset, as
// `npm start` on a fresh clone runs it, is opened at http://127.0.0.1:PORT or from a phone at
// http://192.168.x.y:PORT — not at the default http://localhost:PORT. Over real HTTP: sign-up,
// sign-in, a profile change, a password change (the auth library's own origin check) and sign-out all
// work from the address the page was opened at, with a session cookie a plain-HTTP page keeps (no
// Secure flag); another site's request, or one the browser marks cross-site, is still 403 in French
// and changes nothing.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, spawnServer, type SpawnedServer } from '../setup/spawn-server';
import { fixtureClientDir } from '../setup/test-app';
import { rootDir } from '../setup/test-db';
import { migratedDatabaseFor, type SpawnedDatabase } from '../setup/spawned-database';

// Inside the repository (git-ignored): the bundle finds its dependencies in node_modules from there.
const buildDir = path.join(rootDir, '.builds', `same-origin-${process.pid}`);
const PASSWORD = 'Zq4-vR8k-Tourtiere';
/** A phone on the same network reaches the server by the machine's LAN address: its Host says so. */
const PHONE_HOST = '192.168.1.23';

let workDir: string;
let scratch: SpawnedDatabase | null = null;
let server: SpawnedServer;

beforeAll(async () => {
  workDir = await mkdtemp(path.join(os.tmpdir(), 'toque-same-origin-'));
  const dataDir = path.join(workDir, 'data');
  const env: Record<string, string | undefined> = {
    PUBLIC_URL: undefined,
    DATA_DIR: dataDir,
    CLIENT_DIR: fixtureClientDir,
    AUTH_SECRET: undefined,
    TRUSTED_PROXY: undefined,
    // Vitest sets TEST, which turns the auth library's own origin check off (@better-auth/core's isTest):
    // this server runs it, as production does.
    TEST: undefined,
  };
  scratch = await migratedDatabaseFor(dataDir);
  if (scratch.databaseUrl) env.DATABASE_URL = scratch.databaseUrl;
  await buildServer(buildDir);
  server = await spawnServer({ distDir: buildDir, env, startTimeoutMs: 90_000 });
}, 180_000);

afterAll(async () => {
  await server?.stop();
  await scratch?.drop();
  await rm(workDir, { recursive: true, force: true });
  await rm(buildDir, { recursive: true, force: true });
});

type Answer = { status: number; body: { error?: { code: string; message: string } } | null; setCookie: string[] };

/** One request to the server, whatever name the client used for it (the Host header). */
function send(method: string, pathname: string, opts: { host: string; headers?: Record<string, string>; body?: unknown; cookie?: string }): Promise<Answer> {
  const payload = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: server.port,
        method,
        path: pathname,
        headers: {
          host: opts.host,
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
          ...(opts.cookie ? { cookie: opts.cookie } : {}),
          ...opts.headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          const setCookie = res.headers['set-cookie'] ?? [];
          let body: Answer['body'] = null;
          try {
            body = JSON.parse(text) as Answer['body'];
          } catch {
            /* not JSON */
          }
          resolve({ status: res.statusCode!, body, setCookie });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** What a browser page opened at http://<host> sends with its own fetch. */
const fromPage = (host: string) => ({ origin: `http://${host}`, 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors' });

/** The session cookie of a response, as the browser would send it back. */
function sessionCookie(res: Answer): string {
  const line = res.setCookie.find((l) => l.startsWith('toque.session_token='));
  expect(line, `session cookie in ${JSON.stringify(res.setCookie)}`).toBeDefined();
  // Not Secure: a page at http://192.168.x.y would never get it back otherwise.
  expect(line).not.toMatch(/;\s*secure/i);
  return line!.split(';')[0]!;
}

async function newcomerJourney(host: string, email: string) {
  const headers = fromPage(host);
  const signUp = await send('POST', '/api/auth/sign-up/email', { host, headers, body: { name: 'Léa Tremblay', email, password: PASSWORD } });
  expect(signUp.status, JSON.stringify(signUp.body)).toBe(200);
  const signIn = await send('POST', '/api/auth/sign-in/email', { host, headers, body: { email, password: PASSWORD } });
  expect(signIn.status, JSON.stringify(signIn.body)).toBe(200);
  let cookie = sessionCookie(signIn);

  const profile = await send('PATCH', '/api/account/profile', { host, headers, cookie, body: { fullName: 'Léa Tremblay-Roy', phone: '514 555-0199' } });
  expect(profile.status, JSON.stringify(profile.body)).toBe(200);
  // Forwarded to the auth library with the cookie: it checks Origin again, against the same origins.
  const change = await send('POST', '/api/auth/change-password', { host, headers, cookie, body: { currentPassword: PASSWORD, newPassword: `${PASSWORD}-2` } });
  expect(change.status, JSON.stringify(change.body)).toBe(200);
  cookie = sessionCookie(change);
  const signOut = await send('POST', '/api/auth/sign-out', { host, headers, cookie, body: {} });
  expect(signOut.status, JSON.stringify(signOut.body)).toBe(200);
  const again = await send('POST', '/api/auth/sign-in/email', { host, headers, body: { email, password: `${PASSWORD}-2` } });
  expect(again.status).toBe(200);
}

describe('PUBLIC_URL unset: same-origin judged from the request itself', () => {
  it('at http://127.0.0.1:PORT: sign-up, sign-in, profile, password change and sign-out all go through', async () => {
    await newcomerJourney(`127.0.0.1:${server.port}`, 'lea.local@exemple.ca');
  });

  it(`from a phone at http://${PHONE_HOST}:PORT: the same`, async () => {
    await newcomerJourney(`${PHONE_HOST}:${server.port}`, 'lea.phone@exemple.ca');
  });

  const host = () => `127.0.0.1:${server.port}`;
  it.each([
    { label: 'another site (Origin: https://evil.example)', headers: () => ({ origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }) },
    { label: 'another site that sends no Sec-Fetch-Site', headers: () => ({ origin: 'https://evil.example' }) },
    { label: 'our own Origin with a forged Sec-Fetch-Site: cross-site', headers: () => ({ origin: `http://${host()}`, 'sec-fetch-site': 'cross-site' }) },
    { label: 'no Origin, Sec-Fetch-Site: cross-site', headers: () => ({ 'sec-fetch-site': 'cross-site' }) },
    { label: 'no Origin and no Sec-Fetch-Site', headers: () => ({}) },
    { label: 'the same host on another port', headers: () => ({ origin: `http://127.0.0.1:${server.port + 1}` }) },
    { label: 'the same host over https', headers: () => ({ origin: `https://${host()}` }) },
    { label: "another of the machine's names than the one asked", headers: () => ({ origin: `http://${PHONE_HOST}:${server.port}` }) },
  ])('$label → 403 in French, and no account is created', async ({ headers }) => {
    const email = `forge-${randomUUID()}@exemple.ca`;
    const res = await send('POST', '/api/auth/sign-up/email', { host: host(), headers: headers(), body: { name: 'Forgé', email, password: PASSWORD } });
    expect(res.status).toBe(403);
    expect(res.body?.error?.code).toBe('CROSS_SITE_REQUEST');
    expect(res.body?.error?.message).toMatch(/ne provient pas du site Toque/);
    // Nothing was written: the address signs in to nothing.
    const signIn = await send('POST', '/api/auth/sign-in/email', { host: host(), headers: fromPage(host()), body: { email, password: PASSWORD } });
    expect(signIn.status).toBe(401);
    expect(signIn.body?.error?.code).toBe('INVALID_CREDENTIALS');
  });
});
