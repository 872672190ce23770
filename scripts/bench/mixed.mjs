// A mixed load like a busy evening: virtual users, in a loop, each visit as a different learner:
// browse (home page HTML, catalogue, a course, the recipe library, a recipe), sign in with a password,
// hold a seat in a live class, check out and pay on the sandbox processor, open Mes Achats, sign out.
// Every request's latency and outcome is kept: requests/s, error rate (any answer other than the one
// expected, or no answer), p50/p95/p99 over all requests, over all but the password sign-in (the
// checklist's L1 gate is for reads and signed-in requests; L2 treats logins apart: their hashing is
// slow on purpose, and must not slow the rest), and per step.
//
// A learner buys a live course once, so every visit needs its own learner: one signs up through the
// API (its password hashed by the server), and that hash is copied in SQL to as many learners as the
// run can use (same password, real sign-ins). The seats are taken in a few big sessions of one course.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : 0);

const PASSWORD = 'Banc-Essai-Toque-2026';
const SIGN_IN = 'sign in';

function cookieFrom(res) {
  const raw = res.headers.getSetCookie?.() ?? [];
  const session = raw.find((c) => /session_token=/.test(c) && !/session_token=;/.test(c));
  return session ? session.split(';')[0] : null;
}

/**
 * @param {{ base: string, databaseUrl: string, users?: number, durationSeconds?: number }} opts
 */
export async function measureMixedLoad({ base, databaseUrl, users = 20, durationSeconds = 20 }) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const samples = [];
  const steps = new Map();
  const failures = new Map();
  const record = (step, ms, ok, detail) => {
    samples.push(ms);
    let s = steps.get(step);
    if (!s) steps.set(step, (s = { latencies: [], errors: 0 }));
    s.latencies.push(ms);
    if (!ok) {
      s.errors++;
      const key = `${step}: ${detail}`;
      failures.set(key, (failures.get(key) ?? 0) + 1);
    }
  };
  /** One request; `expect`: the status that counts as success. Returns the response (or null). */
  async function call(step, method, path, { cookie, body, ip, expect = 200 } = {}) {
    const started = performance.now();
    try {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: {
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...(method !== 'GET' ? { origin: base } : {}),
          ...(cookie ? { cookie } : {}),
          ...(ip ? { 'x-forwarded-for': ip } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
      const text = await res.text();
      const json = text.startsWith('{') ? JSON.parse(text) : null;
      record(step, performance.now() - started, res.status === expect, `${res.status} ${json?.error?.code ?? ''}`.trim());
      return { res, json };
    } catch (e) {
      record(step, performance.now() - started, false, e.cause?.code ?? e.message);
      return null;
    }
  }

  try {
    const { rows: live } = await db.query("SELECT id FROM courses WHERE is_live AND status = 'published' AND price_cents > 0 ORDER BY created_at LIMIT 1");
    if (!live.length) throw new Error('No published paid live course to book');
    const courseId = live[0].id;
    const courses = (await (await fetch(`${base}/api/courses`)).json()).courses.map((c) => c.id);
    const recipes = (await (await fetch(`${base}/api/recipes`)).json()).recipes.filter((r) => !r.isPremium).map((r) => r.id);
    // Enough sessions for every iteration any user could reach in the time given.
    const { rows: sessionRows } = await db.query(
      `INSERT INTO course_sessions (course_id, starts_at, capacity)
       SELECT $1, now() + (interval '1 day' * (40 + g)), 100000 FROM generate_series(1, $2) g RETURNING id`,
      [courseId, Math.min(users, 10)],
    );
    const sessions = sessionRows.map((r) => r.id);

    const run = randomBytes(3).toString('hex');
    const first = `banc-${run}-0@exemple.test`;
    const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base, 'x-forwarded-for': '198.19.0.1' },
      body: JSON.stringify({ name: 'Banc 0', email: first, password: PASSWORD }),
    });
    if (!signUp.ok) throw new Error(`sign-up ${signUp.status}: ${await signUp.text()}`);
    const { rows: hashRows } = await db.query(
      "SELECT a.password FROM accounts a JOIN users u ON u.id = a.user_id WHERE u.email = $1 AND a.provider_id = 'credential'",
      [first],
    );
    // More learners than visits could ever use: ~3 visits a second per user at most.
    const learnerCount = users * durationSeconds * 3;
    await db.query(
      `WITH made AS (
         INSERT INTO users (id, name, email, email_verified)
         SELECT 'banc_${run}_' || g, 'Banc ' || g, 'banc-${run}-' || g || '@exemple.test', true FROM generate_series(1, $1) g
         RETURNING id, name
       ), prof AS (
         INSERT INTO profiles (user_id, full_name, role) SELECT id, name, 'learner' FROM made
       )
       INSERT INTO accounts (id, account_id, provider_id, user_id, password)
       SELECT 'acc_' || id, id, 'credential', id, $2 FROM made`,
      [learnerCount, hashRows[0].password],
    );
    let nextLearner = 0;
    const nextEmail = () => (++nextLearner <= learnerCount ? `banc-${run}-${nextLearner}@exemple.test` : null);

    const pick = (xs) => xs[Math.floor(Math.random() * xs.length)];
    const deadline = performance.now() + durationSeconds * 1000;
    let iterations = 0;
    let paidOk = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: users }, async (_, u) => {
        const ip = `198.19.1.${u + 1}`;
        const sessionId = sessions[u % sessions.length];
        while (performance.now() < deadline) {
          const email = nextEmail();
          if (!email) break;
          await call('browse: GET /', 'GET', '/', { ip });
          await call('browse: GET /api/courses', 'GET', '/api/courses', { ip });
          await call('browse: GET /api/courses/:id', 'GET', `/api/courses/${pick(courses)}`, { ip });
          await call('browse: GET /api/recipes', 'GET', '/api/recipes', { ip });
          await call('browse: GET /api/recipes/:id', 'GET', `/api/recipes/${pick(recipes)}`, { ip });
          const signIn = await call(SIGN_IN, 'POST', '/api/auth/sign-in/email', { ip, body: { email, password: PASSWORD } });
          const cookie = signIn && cookieFrom(signIn.res);
          if (!cookie) continue;
          const hold = await call('book: POST /api/booking/holds', 'POST', '/api/booking/holds', { ip, cookie, body: { sessionId }, expect: 201 });
          if (hold?.res.status === 201) {
            const checkout = await call('pay: POST /api/checkout', 'POST', '/api/checkout', {
              ip,
              cookie,
              expect: 201,
              body: { items: [{ courseId, sessionId }], province: 'QC', idempotencyKey: `banc-${run}-${email}` },
            });
            const payment = checkout?.json?.payment;
            if (payment) {
              const paid = await call('pay: POST /api/payments/sandbox/confirm', 'POST', '/api/payments/sandbox/confirm', {
                ip,
                cookie,
                body: { paymentId: payment.paymentId, clientSecret: payment.clientSecret, method: { type: 'card', number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' } },
              });
              if (paid?.res.status === 200 && paid.json?.error === null) paidOk++;
            }
          }
          await call('account: GET /api/purchases', 'GET', '/api/purchases', { ip, cookie });
          await call('sign out', 'POST', '/api/auth/sign-out', { ip, cookie });
          iterations++;
        }
      }),
    );
    const wallSeconds = (performance.now() - started) / 1000;
    // The seat is confirmed by the processor's event, delivered to the webhook a moment later.
    const confirmedSeats = async () =>
      (await db.query("SELECT count(*)::int AS n FROM reservations WHERE session_id = ANY($1::uuid[]) AND status = 'confirmed'", [sessions])).rows[0].n;
    let seatsPaid = await confirmedSeats();
    for (let waited = 0; seatsPaid < paidOk && waited < 15_000; waited += 250) {
      await new Promise((r) => setTimeout(r, 250));
      seatsPaid = await confirmedSeats();
    }
    samples.sort((a, b) => a - b);
    const others = [...steps].filter(([name]) => name !== SIGN_IN).flatMap(([, s]) => s.latencies).sort((a, b) => a - b);
    const errors = [...steps.values()].reduce((n, s) => n + s.errors, 0);
    return {
      users,
      durationSeconds: wallSeconds,
      iterations,
      requests: samples.length,
      rps: samples.length / wallSeconds,
      errors,
      errorRate: samples.length ? errors / samples.length : 1,
      p50: percentile(samples, 50),
      p95: percentile(samples, 95),
      p99: percentile(samples, 99),
      withoutSignIn: { requests: others.length, p50: percentile(others, 50), p95: percentile(others, 95), p99: percentile(others, 99) },
      paymentsAccepted: paidOk,
      seatsPaid,
      failures: Object.fromEntries(failures),
      steps: Object.fromEntries(
        [...steps].map(([name, s]) => {
          s.latencies.sort((a, b) => a - b);
          return [name, { count: s.latencies.length, errors: s.errors, p50: percentile(s.latencies, 50), p95: percentile(s.latencies, 95), p99: percentile(s.latencies, 99) }];
        }),
      ),
    };
  } finally {
    await db.end();
  }
}
