// `npm run bench`: builds the app, then measures it against DESIGN.md §6 budgets and writes
// docs/performance.md. Needs PostgreSQL (BENCH_DATABASE_URL) and wrk; Chromium as the journeys find it
// (scripts/lib/chromium.mjs: CHROMIUM_PATH, /usr/bin/chromium, else the one from npm).
//
// Settings (environment): BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres),
// BENCH_DURATION seconds per load run (10), BENCH_CONNECTIONS (50), BENCH_LH_RUNS per page (3),
// BENCH_MIXED_USERS (20) and BENCH_MIXED_DURATION seconds (20) for the mixed load,
// BENCH_SKIP_BUILD=1 to measure the build already in dist/.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { measureBookingContention, describeBooking, bookingExact } from './booking.mjs';
import { describeWaitlist, measureWaitlistPromotion } from './waitlist.mjs';
import { firstLoadJs } from './first-load.mjs';
import { demoAdminCookie } from './admin-session.mjs';
import { medianAudit } from './lighthouse.mjs';
import { measure, requireWrk } from './load.mjs';
import { rssBytes, sampleMemory } from './memory.mjs';
import { measureMixedLoad } from './mixed.mjs';
import { resolveChromium } from '../lib/chromium.mjs';
import { freePort, recordAnswer, startBareServer, startProcess, startReplayServer, stopProcess, waitFor200 } from './processes.mjs';
import { buildRows, keptNotes, machine, markdown, printTable } from './report.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(import.meta.url);

const settings = {
  databaseUrl: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  duration: Number(process.env.BENCH_DURATION ?? 10),
  warmup: 3,
  connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
  lhRuns: Number(process.env.BENCH_LH_RUNS ?? 3),
  mixedUsers: Number(process.env.BENCH_MIXED_USERS ?? 20),
  mixedDuration: Number(process.env.BENCH_MIXED_DURATION ?? 20),
  startRuns: 3,
  lighthouseVersion: require('lighthouse/package.json').version,
};

const loadAtStart = os.loadavg();
/** What Chromium sends with the site's own fetch of an API read. */
const BROWSER_HEADERS = { accept: 'application/json', 'accept-encoding': 'gzip, deflate, br, zstd' };
const mb = (bytes) => (bytes == null ? 'n/a' : `${Math.round(bytes / 1024 / 1024)} MB`);
const step = (title) => console.log(`\n== ${title}`);
const cleanups = [];
async function cleanup() {
  while (cleanups.length) {
    try {
      await cleanups.pop()();
    } catch (e) {
      console.error('cleanup:', e.message);
    }
  }
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => void cleanup().finally(() => process.exit(130)));
}

/** The server's environment: production build, quiet logs, nothing inherited that would redirect it. */
function serverEnv(extra) {
  const env = { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', HOST: '127.0.0.1', SEED_ON_EMPTY: 'true', PAYMENT_PROVIDER: 'sandbox', ...extra };
  if (!extra.DATABASE_URL) delete env.DATABASE_URL;
  delete env.CLIENT_DIR;
  return env;
}

async function createScratchDatabase() {
  const name = `toque_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: settings.databaseUrl });
  await admin.connect();
  const { rows } = await admin.query('SHOW server_version');
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const c = new pg.Client({ connectionString: settings.databaseUrl });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  });
  const url = new URL(settings.databaseUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), name, version: rows[0].server_version };
}

function tempDir(prefix) {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function measureStartup() {
  const dataDir = tempDir('toque-bench-start-');
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/`;
  const env = serverEnv({ PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: `http://127.0.0.1:${port}` });
  const timeStart = async (command, args) => {
    const since = performance.now();
    const child = startProcess(command, args, { cwd: root, env });
    cleanups.push(() => stopProcess(child));
    try {
      return await waitFor200(url, { child, since });
    } finally {
      await stopProcess(child);
    }
  };
  const nodeArgs = [path.join(root, 'dist/server/index.js')];
  // The untimed first start goes through `npm start` too, so a rebuild it decides on (sources newer
  // than dist/) happens here and not in a timed run.
  const first = await timeStart('npm', ['start', '--silent']);
  console.log(`first start (creates, migrates and seeds ${dataDir}): ${Math.round(first)} ms`);
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const node = [];
  const npmStart = [];
  for (let i = 0; i < settings.startRuns; i++) {
    node.push(await timeStart(process.execPath, nodeArgs));
    npmStart.push(await timeStart('npm', ['start', '--silent']));
  }
  console.log(`node dist/server/index.js: ${node.map(Math.round).join(', ')} ms; npm start: ${npmStart.map(Math.round).join(', ')} ms`);
  return { first, node: { runs: node, median: median(node) }, npmStart: { runs: npmStart, median: median(npmStart) } };
}

/** A bare node:http server replaying one recorded answer of `url`, measured with the same load. */
async function measureReplay(url, headers, load) {
  const answer = await recordAnswer(url, headers);
  const port = await freePort();
  const replay = startReplayServer(port, answer);
  try {
    await waitFor200(`http://127.0.0.1:${port}/`, { child: replay });
    return await measure(`http://127.0.0.1:${port}/`, { ...load, serverPid: replay.pid, headers });
  } finally {
    await stopProcess(replay);
  }
}

async function main() {
  const browser = await resolveChromium();
  // The report names it: the system's and npm's are different builds.
  settings.chromium = browser.source === 'packaged' ? 'the Chromium from npm (@sparticuz/chromium)' : `the Chromium at ${browser.executablePath}`;
  settings.wrkVersion = await requireWrk();
  // Figures from a busy machine are not comparable: say so up front.
  if (loadAtStart[0] > os.cpus().length) {
    console.warn(`Warning: load average ${loadAtStart[0].toFixed(1)} on ${os.cpus().length} cores; other work will lower the figures.`);
  }

  if (process.env.BENCH_SKIP_BUILD !== '1') {
    step('Build (npm run build)');
    const b = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (b.status !== 0) throw new Error('npm run build failed');
  }

  step('First-load JS from the Vite manifest');
  const firstLoad = firstLoadJs(path.join(root, 'dist/client'), path.join(root, 'src/client/app/router.tsx'), [
    '/',
    '/cours',
    '/cours/:courseId',
    '/recettes',
    '/recettes/:recipeId',
    '/chefs',
    '/abonnement',
  ]);
  for (const f of firstLoad) console.log(`${f.route}: ${(f.gzipBytes / 1000).toFixed(1)} kB gzip in ${f.files} files, ${(f.beforePaintGzipBytes / 1000).toFixed(1)} kB before the first paint`);

  step(`Scratch database on ${new URL(settings.databaseUrl).host}`);
  const db = await createScratchDatabase();
  console.log(`${db.name} (PostgreSQL ${db.version})`);

  step('Start the production build on PostgreSQL (migrates and seeds on first start)');
  const appPort = await freePort();
  const base = `http://127.0.0.1:${appPort}`;
  // Known to the bench: the booking contention signs its learners' session cookies with it.
  const authSecret = randomBytes(32).toString('hex');
  const app = startProcess(process.execPath, [path.join(root, 'dist/server/index.js')], {
    cwd: root,
    // TRUSTED_PROXY: the mixed load's learners each sign up from their own (forwarded) address.
    env: serverEnv({ PORT: String(appPort), DATA_DIR: tempDir('toque-bench-data-'), DATABASE_URL: db.url, PUBLIC_URL: base, AUTH_SECRET: authSecret, TRUSTED_PROXY: '127.0.0.1' }),
  });
  cleanups.push(() => stopProcess(app));
  const booted = await waitFor200(`${base}/healthz`, { child: app });
  console.log(`up in ${Math.round(booted)} ms at ${base}`);
  const memory = { atRest: rssBytes(app.pid) };

  const barePort = await freePort();
  const bare = startBareServer(barePort);
  cleanups.push(() => stopProcess(bare));
  await waitFor200(`http://127.0.0.1:${barePort}/`, { child: bare });

  const load = { connections: settings.connections, durationSeconds: settings.duration, warmupSeconds: settings.warmup };
  step(`Load: ${settings.connections} connections, ${settings.warmup} s warm-up + ${settings.duration} s each`);
  // The bare server is measured right before each API read and each ratio is over its own pair: the
  // machine's speed drifts over a minute (a shared VM), which a single bare window would put in the ratios.
  const bares = [];
  const apis = [];
  const underReads = sampleMemory(app.pid);
  for (const p of ['/api/courses', '/api/recipes']) {
    // As the site's own pages ask (a browser's fetch always offers compression), then without it.
    for (const [client, headers] of [['browser', BROWSER_HEADERS], ['identity', undefined]]) {
      const pair = await measure(`http://127.0.0.1:${barePort}/`, { ...load, serverPid: bare.pid });
      bares.push(pair);
      console.log(`bare node:http: ${Math.round(pair.rps)} req/s, p99 ${pair.p99} ms`);
      const r = await measure(`${base}${p}`, { ...load, serverPid: app.pid, headers });
      console.log(`${p} (${client}): ${Math.round(r.rps)} req/s (${Math.round((r.rps / pair.rps) * 100)} % of bare), p99 ${r.p99} ms, ${r.bytesPerResponse} B/response, non-2xx ${r.non2xx}`);
      // Where the judged ratio stands against its ceiling: Node alone sending this very answer.
      const sameBytes = client === 'browser' ? await measureReplay(`${base}${p}`, headers, load) : null;
      if (sameBytes) console.log(`bare node:http sending the same answer: ${Math.round(sameBytes.rps)} req/s (${Math.round((sameBytes.rps / pair.rps) * 100)} % of bare; the API ${Math.round((r.rps / sameBytes.rps) * 100)} % of it)`);
      apis.push({ ...r, path: p, client, bareRps: pair.rps, sameBytes });
    }
  }
  // The bare row: the median of its windows, with the spread beside it.
  const bareResult = { ...[...bares].sort((a, b) => a.rps - b.rps)[Math.floor((bares.length - 1) / 2)], windows: bares.map((b) => b.rps) };
  memory.peakReads = underReads.stop().peak;
  await stopProcess(bare);

  step(`Mixed load: ${settings.mixedUsers} learners browse, sign in, book and pay on the sandbox, ${settings.mixedDuration} s`);
  const underMixed = sampleMemory(app.pid);
  const mixed = await measureMixedLoad({ base, databaseUrl: db.url, users: settings.mixedUsers, durationSeconds: settings.mixedDuration });
  memory.peakMixed = underMixed.stop().peak;
  console.log(`${Math.round(mixed.rps)} req/s, ${mixed.iterations} visits, ${mixed.seatsPaid} seats paid, errors ${(mixed.errorRate * 100).toFixed(2)} %, p95 ${Math.round(mixed.p95)} ms, p99 ${Math.round(mixed.p99)} ms`);
  if (Object.keys(mixed.failures).length) console.log('failures:', mixed.failures);

  step('Booking contention: 200 concurrent holds of 1–4 seats on a 10-seat session, 5 rounds after 8 of warm-up');
  const booking = await measureBookingContention({ base, databaseUrl: db.url, authSecret });
  const described = describeBooking(booking);
  console.log(`${described.outcome} — ${bookingExact(booking) ? 'exact' : 'NOT EXACT'}; p50 / p99 ${described.latency}; ${described.rate}`);

  step('Waitlist promotion: a one-seat session given back with 3 in line, 20 rounds');
  const waitlist = await measureWaitlistPromotion({ base, databaseUrl: db.url, authSecret });
  console.log(`${describeWaitlist(waitlist).outcome}; release + promotion p50 / p99 ${describeWaitlist(waitlist).latency}`);

  step(`Lighthouse ${settings.lighthouseVersion} (mobile, simulated throttling), ${settings.lhRuns} run(s) per page`);
  const recipes = await (await fetch(`${base}/api/recipes`)).json();
  const recipe = recipes.recipes?.find((r) => !r.isPremium) ?? recipes.recipes?.[0];
  if (!recipe) throw new Error('No recipe in the seeded database to audit');
  const { courses } = await (await fetch(`${base}/api/courses`)).json();
  const course = courses?.find((c) => c.isLive && c.nextSessionAt) ?? courses?.[0];
  if (!course) throw new Error('No course in the seeded database to audit');
  // The rosters (issue 26): the guest chef's own session's « Liste des participants », and the same
  // session's as the admin has it (its tools around the list, behind her second factor).
  const chefSignIn = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email: 'invite@toque.demo', password: 'Invite-Toque-2026' }),
  });
  const chefCookie = (chefSignIn.headers.getSetCookie?.() ?? []).map((c) => c.split(';')[0]).join('; ');
  const chefSessions = await (await fetch(`${base}/api/chef/sessions`, { headers: { cookie: chefCookie } })).json();
  const chefSession = chefSessions.sessions?.find((x) => x.seatsTaken > 0) ?? chefSessions.sessions?.[0];
  if (!chefSession) throw new Error('No session of the guest chef in the seeded database to audit');
  const lighthouse = [];
  // The signed-in pages DESIGN §6 budgets (performance >= 0.90, accessibility 1.0), as the demo admin.
  const adminCookie = await demoAdminCookie(base);
  for (const [label, url, cookie] of [
    ['/admin (Aperçu)', `${base}/admin`, adminCookie],
    ['/admin/journal', `${base}/admin/journal`, adminCookie],
    [`/admin/seances/:id (roster, ${chefSession.courseTitle})`, `${base}/admin/seances/${chefSession.id}`, adminCookie],
    ['/', `${base}/`],
    ['/cours', `${base}/cours`],
    [`/cours/:id (${course.title})`, `${base}/cours/${course.id}`],
    ['/recettes', `${base}/recettes`],
    [`/recettes/:id (${recipe.name})`, `${base}/recettes/${recipe.id}`],
    ['/chefs', `${base}/chefs`],
    ['/abonnement', `${base}/abonnement`],
    [`/mes-seances/:id (roster, ${chefSession.courseTitle})`, `${base}/mes-seances/${chefSession.id}`, chefCookie],
  ]) {
    const r = await medianAudit(url, browser, settings.lhRuns, { cookie });
    lighthouse.push({ ...r, label, signedIn: Boolean(cookie) });
    console.log(`${label}: perf ${r.performance} (${r.runs.join(', ')}), a11y ${r.accessibility}, bp ${r.bestPractices}, seo ${r.seo}, LCP ${Math.round(r.lcpMs)} ms, TBT ${Math.round(r.tbtMs)} ms, CLS ${r.cls.toFixed(3)}`);
  }
  // Ten seconds after the loads: what the process keeps once the garbage collector has run.
  await new Promise((r) => setTimeout(r, 10_000));
  memory.afterLoad = rssBytes(app.pid);
  console.log(`memory (RSS): at rest ${mb(memory.atRest)}, peak under reads ${mb(memory.peakReads)}, peak under the mixed load ${mb(memory.peakMixed)}, 10 s after ${mb(memory.afterLoad)}`);
  await stopProcess(app);

  step('Start-up time on the embedded database');
  const startup = await measureStartup();

  const results = { bare: bareResult, apis, booking, waitlist, mixed, memory, firstLoad, lighthouse, startup };
  const rows = buildRows(results);
  step('Results');
  printTable(rows);

  const out = path.join(root, 'docs/performance.md');
  const notes = keptNotes(existsSync(out) ? readFileSync(out, 'utf8') : '');
  writeFileSync(out, markdown(rows, machine(browser.executablePath, `${db.version} (127.0.0.1)`, loadAtStart), results, settings, notes));
  writeFileSync(path.join(os.tmpdir(), 'toque-bench-results.json'), JSON.stringify(results, null, 2));
  console.log(`\nWritten: ${path.relative(root, out)} (raw figures: ${path.join(os.tmpdir(), 'toque-bench-results.json')})`);
}

try {
  await main();
} catch (e) {
  console.error(`\nBench failed: ${e.stack ?? e.message}`);
  process.exitCode = 1;
} finally {
  await cleanup();
}
