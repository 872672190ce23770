// One chef, one class at a time, under concurrency: requests that create (or move) sessions of the
// same chef into one slot at the same moment take turns on the chef's schedule lock, so exactly one
// passes the overlap check and every other is refused 409 SESSION_OVERLAP, as it would be one after
// the other. On PGlite the transactions take turns anyway; the check that matters runs on PostgreSQL
// (TEST_DATABASE_URL), where the ten requests' transactions really overlap.
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@shared/errors';
import type { AdminCourseSessionResponse } from '@shared/schemas/admin-courses';
import { courseSessions } from '../../src/server/db/schema';
import { createCourse, setRole } from '../factories';
import { newSignedInUser, send } from '../setup/auth-client';
import { createTestApp, type TestApp } from '../setup/test-app';
import { testNow } from '../setup/test-clock';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const START = Math.floor(testNow().getTime() / MINUTE) * MINUTE;

let t: TestApp;
let admin: { id: string; cookie: string };
let chefId: string;

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(START) });
  admin = await newSignedInUser(t, 'Cheffe Admin');
  await setRole(t.db, admin.id, 'admin');
  const chef = await newSignedInUser(t, 'Hélène Côté');
  await setRole(t.db, chef.id, 'chef');
  chefId = chef.id;
});
afterAll(() => t.close());

const iso = (ms: number) => new Date(ms).toISOString();
const liveCourses = (n: number, prefix: string) =>
  Promise.all(Array.from({ length: n }, (_, i) => createCourse(t.db, { title: `${prefix} ${i + 1}`, isLive: true, priceCents: 6000, durationMinutes: 90, teacherId: chefId })));
const addSession = (courseId: string, body: Record<string, unknown>) => send(t, 'POST', `/api/admin/courses/${courseId}/sessions`, { cookie: admin.cookie, body });
const editSession = (courseId: string, sessionId: string, body: Record<string, unknown>) =>
  send(t, 'PATCH', `/api/admin/courses/${courseId}/sessions/${sessionId}`, { cookie: admin.cookie, body });
const codeOf = async (res: Response) => ((await res.json()) as ApiErrorBody).error.code;

describe('overlapping sessions of one chef, at the same time', () => {
  it('ten creates of her ten courses into one slot at once: exactly one is made, the nine others are 409 SESSION_OVERLAP', async () => {
    for (let round = 0; round < 2; round++) {
      const courses = await liveCourses(10, `Atelier ${round + 1}`);
      // Each a little later than the one before: every pair overlaps (90 minutes each).
      const at = START + (10 + round * 5) * DAY;
      const answers = await Promise.all(courses.map((c, i) => addSession(c.id, { startsAt: iso(at + i * MINUTE), capacity: 6 })));
      const statuses = answers.map((r) => r.status);
      expect(statuses.filter((s) => s === 201)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(9);
      for (const res of answers.filter((r) => r.status === 409)) expect(await codeOf(res)).toBe('SESSION_OVERLAP');
      const made = await t.db.select().from(courseSessions).where(inArray(courseSessions.courseId, courses.map((c) => c.id)));
      expect(made).toHaveLength(1);
    }
  });

  it('two of her sessions moved into one slot at once: one moves, the other is refused 409 and stays where it was', async () => {
    const [a, b] = await liveCourses(2, 'Déplacement');
    for (let round = 0; round < 4; round++) {
      const base = START + (30 + round * 2) * DAY;
      const first = (await (await addSession(a!.id, { startsAt: iso(base), capacity: 6 })).json()) as AdminCourseSessionResponse;
      const second = (await (await addSession(b!.id, { startsAt: iso(base + 6 * 60 * MINUTE), capacity: 6 })).json()) as AdminCourseSessionResponse;
      const slot = base + 12 * 60 * MINUTE;
      const [moveA, moveB] = await Promise.all([
        editSession(a!.id, first.session.id, { startsAt: iso(slot) }),
        editSession(b!.id, second.session.id, { startsAt: iso(slot + 30 * MINUTE) }),
      ]);
      expect([moveA.status, moveB.status].sort()).toEqual([200, 409]);
      const [lost, lostId, lostStart] = moveA.status === 409 ? [moveA, first.session.id, base] : [moveB, second.session.id, base + 6 * 60 * MINUTE];
      expect(await codeOf(lost)).toBe('SESSION_OVERLAP');
      const [row] = await t.db.select({ startsAt: courseSessions.startsAt }).from(courseSessions).where(eq(courseSessions.id, lostId));
      expect(row!.startsAt.getTime()).toBe(lostStart);
    }
  });

  it('with the overlap confirmed, all ten are made', async () => {
    const courses = await liveCourses(10, 'Confirmé');
    const at = START + 50 * DAY;
    const answers = await Promise.all(courses.map((c) => addSession(c.id, { startsAt: iso(at), capacity: 6, confirmOverlap: true })));
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(201));
  });
});
