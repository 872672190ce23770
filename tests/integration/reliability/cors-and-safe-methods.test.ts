// CORS and safe methods (checklist H1): another site's page gets no CORS permission from the API
// (no Access-Control-Allow-Origin, reflected or wildcard, on answers or preflights), and reading —
// every GET and HEAD route of the app, as a visitor, a learner and the admin — changes nothing.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../../src/server/db/schema';
import { createCourse, createRecipe, createSession, setRole } from '../../factories';
import { newSignedInUser, SESSION_COOKIE } from '../../setup/auth-client';
import { createTestApp, type TestApp } from '../../setup/test-app';

const EVIL = 'https://evil.example';

let t: TestApp;
let learner: { id: string; cookie: string };
let admin: { id: string; cookie: string };
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  learner = await newSignedInUser(t, 'Léa Apprenante');
  admin = await newSignedInUser(t, 'Cheffe Admin');
  await setRole(t.db, admin.id, 'admin');
  const course = await createCourse(t.db, { isLive: true });
  ids.id = course.id;
  ids.sessionId = (await createSession(t.db, course.id)).id;
  ids.recipeId = (await createRecipe(t.db)).id;
  // Unread: reading the list must not mark it read.
  const [note] = await t.db.insert(notifications).values({ userId: learner.id, kind: 'booking.confirmed', title: 'Place confirmée', body: 'À bientôt.', dedupeKey: 'lecture' }).returning({ id: notifications.id });
  ids.notificationId = note!.id;
});
afterAll(() => t.close());

const corsHeaders = (res: Response) =>
  [...res.headers.keys()].filter((name) => name.startsWith('access-control-allow-'));

describe('CORS', () => {
  it.each(['/api/me', '/api/courses', '/api/notifications', '/api/admin/sales'])('GET %s from another origin, with a cookie: no CORS header', async (path) => {
    for (const origin of [EVIL, 'null']) {
      const res = await t.request(path, { headers: { origin, cookie: `${SESSION_COOKIE}=${admin.cookie}` } });
      expect(corsHeaders(res)).toEqual([]);
    }
  });

  it.each(['/api/checkout', '/api/account/profile', '/api/auth/sign-in/email', '/api/admin/courses'])('a preflight OPTIONS %s from another origin is not granted', async (path) => {
    const res = await t.request(path, {
      method: 'OPTIONS',
      headers: { origin: EVIL, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(corsHeaders(res)).toEqual([]);
    expect(res.status).toBeGreaterThanOrEqual(400);
  });
});

/** A digest of every table's rows: what a read must leave exactly as it found it. */
async function snapshot(): Promise<Record<string, unknown>> {
  const tables = await t.db.execute(sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`);
  const names = (tables as unknown as { rows: { table_name: string }[] }).rows;
  const digests: Record<string, unknown> = {};
  // Left out, by design: the rate limits count reads of a calendar feed; a session's expiry slides
  // forward when it is used.
  for (const { table_name: name } of names.filter((n) => !['rate_limits', 'sessions'].includes(n.table_name))) {
    const r = await t.db.execute(sql.raw(`select count(*)::int as n, md5(coalesce(string_agg(t::text, ',' order by t::text), '')) as digest from "${name}" t`));
    digests[name] = (r as unknown as { rows: unknown[] }).rows[0];
  }
  return digests;
}

describe('safe methods', () => {
  it('no GET or HEAD route changes the database, whoever asks', { timeout: 60_000 }, async () => {
    const routes = [...new Set(t.app.routes.filter((r) => r.path.startsWith('/api/') && r.method === 'GET').map((r) => r.path))];
    // The event stream never ends: it is a read by construction (tested in realtime-events).
    const reads = routes.filter((p) => p !== '/api/events');
    expect(reads.length).toBeGreaterThan(40);
    const before = await snapshot();
    for (const cookie of [undefined, learner.cookie, admin.cookie]) {
      for (const route of reads) {
        const path = route.replace(/:([A-Za-z]+)/g, (_, name: string) => ids[name] ?? ids.id!);
        for (const method of ['GET', 'HEAD']) {
          const res = await t.request(path, { method, headers: cookie ? { cookie: `${SESSION_COOKIE}=${cookie}` } : {} });
          expect({ path, method, status: res.status }).toEqual({ path, method, status: expect.toSatisfy((s: number) => s < 500) });
          await res.arrayBuffer();
        }
      }
    }
    expect(await snapshot()).toEqual(before);
  });
});
