// Booking contention (DESIGN.md §6): a crowd of signed-in learners asks for seats of one small
// session at the same instant, through the real HTTP API of the production build on PostgreSQL.
// Bookings of 1 to 4 seats (docs/decisions/0047): learner i asks 1 + (i + round) % 4 seats, so
// every round mixes sizes. Exact means: the seats held never exceed the capacity, the database
// holds exactly the seats granted, every other attempt is a clean 409, and no refused attempt
// could still fit in the seats left.
// Every round uses a new session; the learners (users, profiles and session rows written straight
// into the database, their cookies signed with the server's AUTH_SECRET as the auth library signs
// them: signing 200 people up through the API would measure password hashing) are the same.
//
// Standalone: `node scripts/bench/booking.mjs [build dir, default dist]` builds nothing; it starts
// that build on a scratch database (BENCH_DATABASE_URL), runs the rounds and prints the figures;
// BENCH_CPU_PROF_DIR=dir profiles the server.
import { createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort, startProcess, stopProcess, waitFor200 } from './processes.mjs';

/** The production cookie (secure cookies: the `__Secure-` prefix), value `token.signature` URL-encoded. */
const COOKIE_NAME = '__Secure-toque.session_token';

function signedCookie(token, secret) {
  const signature = createHmac('sha256', secret).update(token).digest('base64');
  return `${COOKIE_NAME}=${encodeURIComponent(`${token}.${signature}`)}`;
}

/** `count` learners with a live session each; returns their cookies. */
export async function createLearners(db, count, authSecret) {
  const rows = Array.from({ length: count }, (_, i) => ({
    id: `bench_${randomBytes(8).toString('hex')}`,
    name: `Apprenant banc ${i + 1}`,
    token: randomBytes(24).toString('base64url'),
  }));
  // As a sign-in just made them (7 days of idle limit, auth.ts): not yet due for the daily refresh write.
  const expiresAt = new Date(Date.now() + 7 * 24 * 3_600_000);
  await db.query('BEGIN');
  for (const r of rows) {
    await db.query('INSERT INTO users (id, name, email, email_verified) VALUES ($1, $2, $3, true)', [r.id, r.name, `${r.id}@banc.test`]);
    await db.query("INSERT INTO profiles (user_id, full_name, role) VALUES ($1, $2, 'learner')", [r.id, r.name]);
    await db.query('INSERT INTO sessions (id, token, user_id, expires_at) VALUES ($1, $2, $3, $4)', [`sess_${r.id}`, r.token, r.id, expiresAt]);
  }
  await db.query('COMMIT');
  return rows.map((r) => signedCookie(r.token, authSecret));
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/**
 * One hold request (`hold`: the site's origin and the request's fixed options, whose agent keeps the
 * connections alive); its latency covers the whole answer (headers and body). node:http rather than
 * fetch: fetch's own work (web streams, WebIDL checks) cost ~0.7 ms of CPU per request here, ~130 ms
 * a round taken from the two cores the server and PostgreSQL share with this process, and counted
 * in every latency.
 */
function attempt(hold, cookie, sessionId, seats) {
  const started = performance.now();
  const body = JSON.stringify({ sessionId, seats });
  const headers = { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), origin: hold.origin, cookie };
  return new Promise((resolve) => {
    const req = http.request({ ...hold.options, headers }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => {
        let code = null;
        try {
          code = JSON.parse(Buffer.concat(chunks).toString('utf8'))?.error?.code ?? null;
        } catch {
          // Not JSON: counted under 'other' by its status.
        }
        resolve({ status: res.statusCode, code, seats, ms: performance.now() - started });
      });
      res.on('error', (e) => resolve({ status: 0, code: e.message, ms: performance.now() - started }));
    });
    req.on('error', (e) => resolve({ status: 0, code: e.message, ms: performance.now() - started }));
    req.end(body);
  });
}

/**
 * @returns {Promise<{ attempts: number, seats: number, rounds: { granted: number, grantedSeats: number, full: number, other: string[], wallMs: number, heldInDb: number, smallestRefused: number | null }[], p50: number, p99: number, max: number, attemptsPerSecond: number, holdsPerSecond: number }>}
 */
/**
 * `warmupRounds`: rushes run first and not counted — a class opens for booking on a server that has
 * been answering for a while, whose code V8 has long since compiled; 8 rounds (1,600 requests) get
 * there. The first rounds after a boot are slower (p99 ~170 ms where warmed ones are ~135 ms).
 */
export async function measureBookingContention({ base, databaseUrl, authSecret, attempts = 200, seats = 10, rounds = 5, warmupRounds = 8 }) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  // One connection per learner, opened by the warm-up round and kept: as from browsers already on the page.
  const agent = new http.Agent({ keepAlive: true, maxSockets: attempts });
  const { hostname, port } = new URL(base);
  const hold = { origin: base, options: { agent, hostname, port, path: '/api/booking/holds', method: 'POST' } };
  try {
    const { rows: courses } = await db.query("SELECT id FROM courses WHERE is_live AND status = 'published' ORDER BY created_at LIMIT 1");
    if (!courses.length) throw new Error('No published live course in the database to book');
    const courseId = courses[0].id;
    const cookies = await createLearners(db, attempts, authSecret);
    const measured = [];
    const latencies = [];
    for (let round = 0; round < warmupRounds + rounds; round++) {
      // Far enough ahead that no booking rule (start passed, hold longer than the wait) interferes.
      const startsAt = new Date(Date.now() + (30 + round) * 86_400_000);
      const { rows } = await db.query('INSERT INTO course_sessions (course_id, starts_at, capacity) VALUES ($1, $2, $3) RETURNING id', [courseId, startsAt, seats]);
      const sessionId = rows[0].id;
      const started = performance.now();
      const answers = await Promise.all(cookies.map((cookie, i) => attempt(hold, cookie, sessionId, 1 + ((i + round) % 4))));
      const wallMs = performance.now() - started;
      if (round < warmupRounds) continue;
      const { rows: held } = await db.query("SELECT coalesce(sum(seats), 0)::int AS n FROM reservations WHERE session_id = $1 AND status = 'pending_payment'", [sessionId]);
      const won = answers.filter((a) => a.status === 201);
      const refused = answers.filter((a) => a.status === 409 && a.code === 'SESSION_FULL');
      const other = answers.filter((a) => a.status !== 201 && !(a.status === 409 && a.code === 'SESSION_FULL')).map((a) => `${a.status} ${a.code}`);
      const smallestRefused = refused.length ? Math.min(...refused.map((a) => a.seats)) : null;
      measured.push({ granted: won.length, grantedSeats: won.reduce((s, a) => s + a.seats, 0), full: refused.length, other, wallMs, heldInDb: held[0].n, smallestRefused });
      latencies.push(...answers.map((a) => a.ms));
    }
    latencies.sort((a, b) => a - b);
    const totalSeconds = measured.reduce((s, r) => s + r.wallMs, 0) / 1000;
    return {
      attempts,
      seats,
      rounds: measured,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      max: latencies[latencies.length - 1],
      attemptsPerSecond: (attempts * rounds) / totalSeconds,
      holdsPerSecond: measured.reduce((s, r) => s + r.granted, 0) / totalSeconds,
    };
  } finally {
    agent.destroy();
    await db.end();
  }
}

/**
 * Whether every round held at most `seats` seats, exactly those granted, refused every other attempt
 * with a clean 409, and left no seat a refused attempt could have taken.
 */
export function bookingExact(b) {
  return b.rounds.every(
    (r) =>
      r.grantedSeats <= b.seats &&
      r.heldInDb === r.grantedSeats &&
      r.full === b.attempts - r.granted &&
      r.other.length === 0 &&
      (r.smallestRefused === null || b.seats - r.grantedSeats < r.smallestRefused),
  );
}

export function describeBooking(b) {
  const perRound = b.rounds.map((r) => `${r.grantedSeats} seats in ${r.granted}/${r.full}${r.other.length ? ` + ${r.other.length} other` : ''}`);
  return {
    outcome: `${perRound.join(', ')} (seats held in bookings held/409 per round, 1–4 seats each)`,
    latency: `${Math.round(b.p50)} ms / ${Math.round(b.p99)} ms`,
    rate: `${Math.round(b.attemptsPerSecond).toLocaleString('en')} attempts/s, ${Math.round(b.holdsPerSecond)} holds/s`,
  };
}

async function standalone() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  const distDir = path.resolve(root, process.argv[2] ?? 'dist');
  const baseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `toque_bench_booking_${Date.now()}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'toque-bench-booking-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const authSecret = randomBytes(32).toString('hex');
  const env = { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: String(port), PUBLIC_URL: base, DATA_DIR: dataDir, DATABASE_URL: url.toString(), AUTH_SECRET: authSecret, SEED_ON_EMPTY: 'true', PAYMENT_PROVIDER: 'sandbox', CLIENT_DIR: path.join(distDir, 'client') };
  // BENCH_CPU_PROF_DIR: the server writes a V8 CPU profile there when it stops (open it in Chromium's DevTools).
  const profile = process.env.BENCH_CPU_PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF_DIR)}`] : [];
  const app = startProcess(process.execPath, [...profile, path.join(distDir, 'server/index.js')], { cwd: root, env });
  try {
    await waitFor200(`${base}/healthz`, { child: app });
    const b = await measureBookingContention({ base, databaseUrl: url.toString(), authSecret });
    const d = describeBooking(b);
    console.log(`Booking contention, ${b.attempts} concurrent holds of 1–4 seats on a ${b.seats}-seat session, ${b.rounds.length} rounds:`);
    console.log(`  ${d.outcome} — ${bookingExact(b) ? 'exact' : 'NOT EXACT'}`);
    console.log(`  latency p50 / p99: ${d.latency} (max ${Math.round(b.max)} ms); ${d.rate}`);
    console.log(JSON.stringify(b));
  } finally {
    await stopProcess(app);
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await standalone();
}
