// Waitlist promotion (DESIGN.md §6, docs/decisions/0050): a full one-seat session, three learners in
// its « Liste d'attente », and the seat's holder gives it back (DELETE /api/booking/holds/:id) —
// that request runs seatsFreed before it answers, so its latency is the release plus the promotion
// (lock, line settled, the hold offered, e-mail and notice queued). Exact means: after each round,
// one offer, to the first in line, and one running hold on the session.
//
// Standalone: `node scripts/bench/waitlist.mjs [build dir, default dist]` starts that build on a
// scratch database (BENCH_DATABASE_URL), runs the rounds and prints the figures.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createLearners } from './booking.mjs';
import { freePort, startProcess, stopProcess, waitFor200 } from './processes.mjs';

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function call(base, cookie, method, p, body) {
  const started = performance.now();
  const res = await fetch(`${base}/api${p}`, { method, headers: { 'content-type': 'application/json', origin: base, cookie }, body: body ? JSON.stringify(body) : undefined });
  const json = await res.json().catch(() => null);
  return { status: res.status, json, ms: performance.now() - started };
}

/** @returns {Promise<{ rounds: number, waiting: number, exactRounds: number, failures: string[], p50: number, p99: number, max: number }>} */
export async function measureWaitlistPromotion({ base, databaseUrl, authSecret, rounds = 20, waiting = 3 }) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rows: courses } = await db.query("SELECT id FROM courses WHERE is_live AND status = 'published' AND NOT is_premium ORDER BY created_at LIMIT 1");
    if (!courses.length) throw new Error('No published live course in the database to wait for');
    const courseId = courses[0].id;
    const latencies = [];
    const failures = [];
    let exactRounds = 0;
    for (let round = 0; round < rounds; round++) {
      const [holder, ...line] = await createLearners(db, 1 + waiting, authSecret);
      const startsAt = new Date(Date.now() + (60 + round) * 86_400_000);
      const { rows } = await db.query('INSERT INTO course_sessions (course_id, starts_at, capacity) VALUES ($1, $2, 1) RETURNING id', [courseId, startsAt]);
      const sessionId = rows[0].id;
      const held = await call(base, holder, 'POST', '/booking/holds', { sessionId });
      if (held.status !== 201) throw new Error(`hold: ${held.status} ${JSON.stringify(held.json)}`);
      const entries = [];
      for (const cookie of line) {
        const joined = await call(base, cookie, 'POST', '/waitlist', { sessionId, seats: 1 });
        if (joined.status !== 201) throw new Error(`join: ${joined.status} ${JSON.stringify(joined.json)}`);
        entries.push(joined.json.entry.id);
      }
      const released = await call(base, holder, 'DELETE', `/booking/holds/${held.json.hold.id}`);
      if (released.status !== 200) failures.push(`release ${released.status}`);
      latencies.push(released.ms);
      const { rows: offered } = await db.query("SELECT id FROM waitlist_entries WHERE session_id = $1 AND status = 'offered'", [sessionId]);
      const { rows: holds } = await db.query("SELECT count(*)::int AS n FROM reservations WHERE session_id = $1 AND status = 'pending_payment' AND hold_expires_at > now()", [sessionId]);
      if (offered.length === 1 && offered[0].id === entries[0] && holds[0].n === 1) exactRounds++;
      else failures.push(`round ${round}: ${offered.length} offers, ${holds[0].n} holds`);
    }
    latencies.sort((a, b) => a - b);
    return { rounds, waiting, exactRounds, failures, p50: percentile(latencies, 50), p99: percentile(latencies, 99), max: latencies[latencies.length - 1] };
  } finally {
    await db.end();
  }
}

export function describeWaitlist(w) {
  return {
    outcome: `${w.exactRounds}/${w.rounds} rounds: one offer, to the first of ${w.waiting} in line`,
    latency: `${Math.round(w.p50)} ms / ${Math.round(w.p99)} ms`,
  };
}

async function standalone() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  const distDir = path.resolve(root, process.argv[2] ?? 'dist');
  const baseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `toque_bench_waitlist_${Date.now()}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'toque-bench-waitlist-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const authSecret = randomBytes(32).toString('hex');
  const env = { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: String(port), PUBLIC_URL: base, DATA_DIR: dataDir, DATABASE_URL: url.toString(), AUTH_SECRET: authSecret, SEED_ON_EMPTY: 'true', PAYMENT_PROVIDER: 'sandbox', CLIENT_DIR: path.join(distDir, 'client') };
  const app = startProcess(process.execPath, [path.join(distDir, 'server/index.js')], { cwd: root, env });
  try {
    await waitFor200(`${base}/healthz`, { child: app });
    const w = await measureWaitlistPromotion({ base, databaseUrl: url.toString(), authSecret });
    const d = describeWaitlist(w);
    console.log(`Waitlist promotion, a one-seat session given back with ${w.waiting} in line, ${w.rounds} rounds:`);
    console.log(`  ${d.outcome}${w.failures.length ? ` — ${w.failures.join('; ')}` : ''}`);
    console.log(`  release + promotion p50 / p99: ${d.latency} (max ${Math.round(w.max)} ms)`);
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
