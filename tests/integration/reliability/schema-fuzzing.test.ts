// Schema fuzzing (checklist V1): every API route of the app, called by a visitor, a signed-in
// learner and the admin with bad input — malformed JSON, arrays for objects, wrong types, 100 kB
// strings, NUL bytes and odd Unicode, negative and huge numbers, SQL and HTML injection, bad ids in
// the path and the query. Never a 5xx, never a stack trace or SQL in a body, every error in the
// API's shape with a French message, and a route that refused everything changed nothing.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES, type ApiErrorBody } from '@shared/errors';
import { createCourse, createSession, setRole } from '../../factories';
import { newSignedInUser, ORIGIN, SESSION_COOKIE } from '../../setup/auth-client';
import { createTestApp, type TestApp } from '../../setup/test-app';
import { WEBHOOK_PATH } from '../../../src/server/modules/payments/routes';

const HUGE = 'é'.repeat(50 * 1024); // 100 kB once encoded
const ODD = 'a\u0000b\uFFFF\u202Eé🍁\u200B\uD800';
const INJECTIONS = ["' OR 1=1--", '1;SELECT pg_sleep(5)', '<img src=x onerror=alert(1)>', '{{7*7}}', '../../etc/passwd'];

/** The field names the API's schemas use, so the bad values reach real fields. */
const FIELDS = [
  'email', 'password', 'name', 'fullName', 'currentPassword', 'newPassword', 'token', 'code', 'confirmation',
  'items', 'courseId', 'sessionId', 'province', 'idempotencyKey', 'servings', 'positionSeconds', 'durationSeconds',
  'title', 'description', 'priceCents', 'isLive', 'isPremium', 'difficulty', 'teacherId', 'status', 'startsAt',
  'capacity', 'videoLink', 'reason', 'prepKit', 'reminders', 'marketing', 'phone', 'address', 'specialty', 'bio',
  'category', 'ingredients', 'steps', 'lines', 'amountCents', 'card', 'approve', 'days', 'returnTo', 'paymentId',
];
const each = (value: unknown) => Object.fromEntries(FIELDS.map((f) => [f, value]));

const OVER_LIMIT = 'over the 100 kB body limit';

/** Bodies for a write route: [label, raw JSON text]. */
const BODIES: [string, string][] = [
  ['malformed JSON', '{"email": "a@b.ca",'],
  ['an array for the object', JSON.stringify([{ email: 'a@b.ca' }])],
  ['null', 'null'],
  ['wrong types (objects)', JSON.stringify(each({ $gt: '' }))],
  ['wrong types (arrays and booleans)', JSON.stringify({ ...each([1, 2]), email: true, items: { courseId: 1 } })],
  ['a 100 kB string', JSON.stringify({ email: HUGE })],
  ['NUL bytes and odd Unicode', JSON.stringify(each(ODD))],
  ['negative and huge numbers', JSON.stringify(Object.fromEntries(FIELDS.map((f, i) => [f, [-1, 1e308, 2 ** 53 + 1, -0.5][i % 4]])))],
  ['SQL and HTML injection', JSON.stringify(Object.fromEntries(FIELDS.map((f, i) => [f, INJECTIONS[i % INJECTIONS.length]])))],
  [OVER_LIMIT, JSON.stringify({ description: 'x'.repeat(150 * 1024) })],
];

/** What takes the place of a path parameter. */
const BAD_IDS = ['pas-un-uuid', "'%20OR%201%3D1--", '%00', '99999999999999999999', 'a'.repeat(300)];
const BAD_QUERIES = ['?limit=-1&offset=1e309&page=abc', `?q=${encodeURIComponent(INJECTIONS.join(' '))}&from=%00&to=9999-99`, '?status[]=x&sort=;DROP%20TABLE%20users'];

const FRENCH_MESSAGES = new Set<string>(Object.values(ERROR_MESSAGES));
const looksFrench = (m: string) => FRENCH_MESSAGES.has(m) || /[àâçéèêëîïôûùüÿœ]/i.test(m) || /\b(le|la|les|de|des|du|un|une|et|ou|est|pas|ne|vous|votre|au|aux|en|choisissez|entrez|indiquez|invalide|requis|requise|trop|attendu|soit)\b/i.test(m);
const LEAKS = /\bat \S+ \(|\.[cm]?[jt]s:\d+|node_modules|\bselect\b.+\bfrom\b|insert into|syntax error|violates|duplicate key|relation "|drizzle|postgres|pglite|TypeError|ReferenceError/i;

/** Bodies that start a stream or end the caller's session would spoil the other cases. */
const LEFT_OUT = new Set(['GET /api/events', 'POST /api/auth/sign-out']);

let t: TestApp;
const people: Record<'visitor' | 'learner' | 'admin', string | undefined> = { visitor: undefined, learner: undefined, admin: undefined };

/** Row counts of the tables a write would change; the rate limits and sessions are the server's own bookkeeping. */
async function snapshot(): Promise<string> {
  const rows = await t.db.execute(sql`
    select (select count(*) from users) u, (select count(*) from profiles where role <> 'learner') r,
      (select count(*) from courses) c, (select count(*) from course_sessions) s, (select count(*) from recipes) rc,
      (select count(*) from orders) o, (select count(*) from reservations) re, (select count(*) from subscriptions) sb,
      (select count(*) from favorites) f, (select count(*) from calendar_feeds) cf, (select count(*) from refunds) rf,
      (select count(*) from course_progress) cp, (select count(*) from email_preferences) ep, (select count(*) from outbox_emails) ob,
      (select max(updated_at)::text from profiles) pu, (select max(updated_at)::text from courses) cu, (select max(updated_at)::text from course_sessions) su`);
  return JSON.stringify((rows as unknown as { rows: unknown[] }).rows);
}

function apiRoutes(): { method: string; path: string }[] {
  const seen = new Set<string>();
  return t.app.routes
    .filter((r) => r.path.startsWith('/api/') && r.method !== 'ALL')
    .map((r) => ({ method: r.method, path: r.path }))
    .filter((r) => !LEFT_OUT.has(`${r.method} ${r.path}`) && !seen.has(`${r.method} ${r.path}`) && seen.add(`${r.method} ${r.path}`));
}

type Problem = { request: string; status: number; body: string };

/** The error codes answered, to see the bad input reached the routes' own checks (not only a guard). */
const codes = new Map<string, number>();

async function check(request: string, res: Response, problems: Problem[]) {
  const body = await res.text();
  const code = /"code":"([A-Z_]+)"/.exec(body)?.[1];
  if (code) codes.set(code, (codes.get(code) ?? 0) + 1);
  const problem = (why: string) => problems.push({ request: `${request} → ${why}`, status: res.status, body: body.slice(0, 300) });
  if (res.status >= 500) return problem('5xx');
  if (LEAKS.test(body) && res.status >= 400) return problem('leaks internals');
  if (res.status < 400) return;
  let error: ApiErrorBody['error'] | undefined;
  try {
    error = (JSON.parse(body) as ApiErrorBody).error;
  } catch {
    return problem('not JSON');
  }
  if (!error || typeof error.code !== 'string' || !(error.code in ERROR_MESSAGES)) return problem('not the API error shape');
  if (!looksFrench(error.message)) return problem('message not in French');
  for (const message of Object.values(error.fields ?? {})) if (!looksFrench(message)) return problem(`field message not in French: ${message}`);
}

beforeAll(async () => {
  t = await createTestApp();
  const learner = await newSignedInUser(t, 'Léa Apprenante');
  const admin = await newSignedInUser(t, 'Cheffe Admin');
  await setRole(t.db, admin.id, 'admin');
  people.learner = learner.cookie;
  people.admin = admin.cookie;
  const course = await createCourse(t.db, { isLive: true });
  await createSession(t.db, course.id);
});
afterAll(() => t.close());

describe.each(['visitor', 'learner', 'admin'] as const)('every route, as %s', (who) => {
  it('answers bad input with a French 4xx in the API shape, never a 5xx, and changes nothing it refused', { timeout: 60_000 }, async () => {
    const cookie = people[who];
    const headers = (extra: Record<string, string> = {}) => ({ origin: ORIGIN, ...(cookie ? { cookie: `${SESSION_COOKIE}=${cookie}` } : {}), ...extra });
    const problems: Problem[] = [];
    codes.clear();
    let tooLarge = 0;
    const changedWhenRefused: string[] = [];
    // A learner meets the admin API's guard first (403, tested route by route in access-control).
    const routes = apiRoutes().filter((r) => who !== 'learner' || !r.path.startsWith('/api/admin/'));
    expect(routes.length).toBeGreaterThan(50);
    for (const route of routes) {
      // Reads are checked for side effects in cors-and-safe-methods; here only the writes.
      const before = route.method === 'GET' ? '' : await snapshot();
      const statuses: number[] = [];
      const withIds = (id: string) => route.path.replace(/:[A-Za-z]+/g, id);
      const paths = route.path.includes(':') ? BAD_IDS.map(withIds) : [route.path];
      if (route.method === 'GET') {
        for (const path of [...paths, ...BAD_QUERIES.map((q) => paths[0] + q)]) {
          const res = await t.request(path, { headers: headers() });
          statuses.push(res.status);
          await check(`GET ${path.slice(0, 120)}`, res, problems);
        }
      } else {
        for (const path of paths.slice(0, 2)) {
          for (const [label, body] of path === paths[0] ? BODIES : BODIES.slice(0, 1)) {
            const res = await t.request(path, { method: route.method, headers: headers({ 'content-type': 'application/json' }), body });
            statuses.push(res.status);
            const request = `${route.method} ${path.slice(0, 120)} (${label})`;
            // A body over the limit is never read whole: no route answers it as if it had read it. The
            // payment webhook has its own larger limit (Stripe's events) and answers a bad signature.
            if (label === OVER_LIMIT && !route.path.includes(':') && route.path !== WEBHOOK_PATH && (res.status < 300 || res.status === 400)) {
              problems.push({ request: `${request} → read past the limit`, status: res.status, body: (await res.clone().text()).slice(0, 200) });
            }
            if (res.status === 413) tooLarge++;
            await check(request, res, problems);
          }
        }
      }
      if (route.method !== 'GET' && statuses.every((s) => s >= 400) && (await snapshot()) !== before) changedWhenRefused.push(`${route.method} ${route.path}`);
    }
    expect(problems).toEqual([]);
    expect(changedWhenRefused).toEqual([]);
    // The signed-in got past the guards to the routes' validation; the visitor was stopped at them.
    if (who === 'visitor') expect(codes.get('UNAUTHENTICATED')).toBeGreaterThan(100);
    else {
      expect(codes.get('VALIDATION_FAILED')).toBeGreaterThan(who === 'admin' ? 150 : 40);
      expect(tooLarge).toBeGreaterThan(10);
    }
    if (who === 'admin') expect([...codes.keys()].filter((c) => c === 'TWO_FACTOR_REQUIRED' || c === 'TWO_FACTOR_ENROLMENT_REQUIRED' || c === 'FORBIDDEN')).toEqual([]);
  });
});
