// The French demo data on a real database: what it holds, that it is written once, and that every
// picture it points to is a real WebP of the right size.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, asc, count, eq, gt, isNotNull, lt, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECIPE_CATEGORIES } from '../../src/shared/catalog';
import type { Database } from '../../src/server/db/client';
import {
  courseSessions,
  courses,
  orderLines,
  orders,
  profiles,
  purchases,
  recipes,
  reservations,
  subscriptions,
  users,
} from '../../src/server/db/schema';
import { seedDemoData, seedIfEmpty } from '../../src/server/db/seed';
import { writeImages } from '../../src/server/db/seed/images/render';
import { sessionStartsAt, zoneOffsetMinutes } from '../../src/server/db/seed/schedule';
import type { Deps } from '../../src/server/deps';
import { loadConfig } from '../../src/server/env';
import { localDiskStorage } from '../../src/server/integrations/storage/local-disk';
import type { Storage } from '../../src/server/integrations/storage/storage';
import { createLogger } from '../../src/server/logger';
import { openTestDatabase } from '../setup/test-db';

const NOW = new Date('2026-03-04T15:00:00Z');
const DAY = 24 * 60 * 60 * 1000;

let database: Database & { dispose: () => Promise<void> };
let storage: Storage;
let dataDir: string;
let deps: Deps;
let firstRun: boolean;

beforeAll(async () => {
  database = await openTestDatabase();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'toque-seed-'));
  storage = localDiskStorage(path.join(dataDir, 'uploads'));
  const config = { ...loadConfig({ NODE_ENV: 'test' }), dataDir };
  deps = { config, database, storage, logger: createLogger(config), now: () => NOW };
  firstRun = await seedIfEmpty(deps);
});

afterAll(async () => {
  await database?.dispose();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** The storage key behind a public /media/… URL. */
const keyOf = (url: string | null) => {
  expect(url).toMatch(/^\/media\/seed\//);
  return (url as string).replace(/^\/media\//, '');
};

async function bytesOf(key: string): Promise<Buffer> {
  const object = await storage.get(key);
  expect(object, key).not.toBeNull();
  const chunks: Buffer[] = [];
  for await (const chunk of object!.open()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('seedIfEmpty on an empty database', () => {
  it('seeds, and a second call changes nothing', async () => {
    expect(firstRun).toBe(true);
    const before = await database.db.select({ n: count() }).from(users);
    expect(await seedIfEmpty(deps)).toBe(false);
    const after = await database.db.select({ n: count() }).from(users);
    expect(after).toEqual(before);
  });

  it('has the chef who runs the site (admin) with a specialty, a bio and a portrait, and a guest chef', async () => {
    const chefs = await database.db
      .select({ role: profiles.role, fullName: profiles.fullName, specialty: profiles.specialty, bio: profiles.bio, avatarUrl: profiles.avatarUrl, email: users.email })
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.userId))
      .where(sql`${profiles.role} in ('chef', 'admin')`)
      .orderBy(asc(profiles.fullName));
    const admin = chefs.filter((c) => c.role === 'admin');
    expect(admin).toHaveLength(1);
    expect(admin[0]).toMatchObject({ email: 'cheffe@toque.demo', specialty: expect.stringMatching(/\S/) });
    // A real bio: several sentences.
    expect(admin[0]!.bio!.split(/[.!?](\s|$)/).filter((s) => s.trim().length > 20).length).toBeGreaterThanOrEqual(3);
    const guest = chefs.find((c) => c.role === 'chef');
    expect(guest).toMatchObject({ email: 'invite@toque.demo', specialty: expect.stringMatching(/\S/), bio: expect.stringMatching(/\S/) });
    for (const c of chefs) expect(c.avatarUrl).toMatch(/^\/media\/seed\/chefs\/[a-z-]+\.webp$/);
  });

  it('has the demo learners, and the subscriber has a running sandbox subscription', async () => {
    const people = await database.db
      .select({ email: users.email, role: profiles.role, id: users.id })
      .from(users)
      .innerJoin(profiles, eq(profiles.userId, users.id));
    const byEmail = new Map(people.map((p) => [p.email, p]));
    expect(byEmail.get('apprenant@toque.demo')?.role).toBe('learner');
    expect(byEmail.get('abonne@toque.demo')?.role).toBe('learner');
    for (const p of people) expect(p.id).toMatch(/^[A-Za-z0-9]{32}$/);

    const subs = await database.db.select().from(subscriptions);
    expect(subs).toHaveLength(1);
    const [sub] = subs;
    expect(sub).toMatchObject({ userId: byEmail.get('abonne@toque.demo')!.id, status: 'active', provider: 'sandbox', cancelAtPeriodEnd: false });
    expect(sub!.currentPeriodStart!.getTime()).toBe(NOW.getTime());
    expect(sub!.currentPeriodEnd!.toISOString()).toBe('2026-04-04T15:00:00.000Z');
  });

  it('has at least 4 live courses, each with upcoming sessions at 18 h 30 in Toronto', async () => {
    const live = await database.db.select().from(courses).where(eq(courses.isLive, true));
    expect(live.length).toBeGreaterThanOrEqual(4);
    expect(new Set(live.map((c) => c.cuisineType)).size).toBeGreaterThanOrEqual(3);
    expect(new Set(live.map((c) => c.difficulty)).size).toBe(3);
    expect(live.some((c) => c.isPremium)).toBe(true);
    const teachers = await database.db
      .select({ role: profiles.role })
      .from(courses)
      .innerJoin(profiles, eq(profiles.userId, courses.teacherId))
      .where(eq(courses.isLive, true));
    expect(teachers.filter((t) => t.role === 'admin').length).toBeGreaterThan(teachers.length / 2);
    expect(teachers.some((t) => t.role === 'chef')).toBe(true);

    for (const c of live) {
      expect(c.priceCents).toBeGreaterThanOrEqual(4500);
      expect(c.priceCents).toBeLessThanOrEqual(9500);
      expect(c.durationMinutes).toBeGreaterThanOrEqual(90);
      expect(c.durationMinutes).toBeLessThanOrEqual(150);
      expect(c.dietaryInfo).toBeTruthy();
      const sessions = await database.db
        .select()
        .from(courseSessions)
        .where(and(eq(courseSessions.courseId, c.id), gt(courseSessions.startsAt, NOW)));
      expect(sessions.length, c.title).toBeGreaterThanOrEqual(2);
      expect(sessions.length, c.title).toBeLessThanOrEqual(3);
      for (const s of sessions) {
        const ahead = s.startsAt.getTime() - NOW.getTime();
        expect(ahead).toBeGreaterThan(2 * DAY);
        expect(ahead).toBeLessThan(41 * DAY);
        expect(s.capacity).toBeGreaterThanOrEqual(8);
        expect(s.capacity).toBeLessThanOrEqual(12);
        const wall = new Intl.DateTimeFormat('fr-CA', { timeZone: 'America/Toronto', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(s.startsAt);
        expect(wall).toBe('18 h 30');
      }
    }
  });

  it('has a session whose seats are all taken by confirmed, paid reservations', async () => {
    const taken = await database.db
      .select({ sessionId: reservations.sessionId, capacity: courseSessions.capacity, seats: count() })
      .from(reservations)
      .innerJoin(courseSessions, eq(courseSessions.id, reservations.sessionId))
      .where(eq(reservations.status, 'confirmed'))
      .groupBy(reservations.sessionId, courseSessions.capacity);
    expect(taken.some((t) => t.seats === t.capacity)).toBe(true);
    expect(taken.every((t) => t.seats <= t.capacity)).toBe(true);
    // Each confirmed seat was paid for.
    const [paid] = await database.db.select({ n: count() }).from(purchases).where(eq(purchases.status, 'succeeded'));
    const [confirmed] = await database.db.select({ n: count() }).from(reservations).where(eq(reservations.status, 'confirmed'));
    expect(paid!.n).toBe(confirmed!.n);
  });

  it('has one live session given last week, attended by the demo learner, with the demo video as its recording', async () => {
    const past = await database.db
      .select({ id: courseSessions.id, startsAt: courseSessions.startsAt, status: courseSessions.status, key: courseSessions.recordingKey, type: courseSessions.recordingContentType, bytes: courseSessions.recordingBytes, isLive: courses.isLive })
      .from(courseSessions)
      .innerJoin(courses, eq(courses.id, courseSessions.courseId))
      .where(lt(courseSessions.startsAt, NOW));
    expect(past).toHaveLength(1);
    const [session] = past;
    expect(session).toMatchObject({ status: 'scheduled', isLive: true, key: 'videos/seed/demo-course.webm', type: 'video/webm' });
    expect(NOW.getTime() - session!.startsAt.getTime()).toBeGreaterThan(6 * DAY);
    expect(session!.bytes).toBe((await bytesOf(session!.key!)).length);
    const attendees = await database.db
      .select({ email: users.email, status: reservations.status })
      .from(reservations)
      .innerJoin(users, eq(users.id, reservations.userId))
      .where(eq(reservations.sessionId, session!.id));
    expect(attendees).toContainEqual({ email: 'apprenant@toque.demo', status: 'confirmed' });
    // The learner's seat was paid through an order (its receipt), whose line names the seat: Mes
    // Achats finds the session, and its recording, through that line.
    const paid = await database.db
      .select({ orderStatus: orders.status, kind: orderLines.kind, purchase: purchases.status, email: users.email })
      .from(purchases)
      .innerJoin(orderLines, eq(orderLines.id, purchases.orderLineId))
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .innerJoin(reservations, eq(reservations.id, orderLines.reservationId))
      .innerJoin(users, eq(users.id, purchases.userId))
      .where(eq(reservations.sessionId, session!.id));
    expect(paid).toEqual([{ orderStatus: 'paid', kind: 'live_class', purchase: 'succeeded', email: 'apprenant@toque.demo' }]);
    expect(await database.db.select({ id: courseSessions.id }).from(courseSessions).where(isNotNull(courseSessions.recordingKey))).toEqual([{ id: session!.id }]);
  });

  it('gives every recorded course the demo video: a real WebM in storage, never under /media', async () => {
    const recorded = await database.db.select().from(courses).where(eq(courses.isLive, false));
    const video = await bytesOf('videos/seed/demo-course.webm');
    // WebM: the EBML magic, then the 'webm' DocType; small enough to commit.
    expect([...video.subarray(0, 4)]).toEqual([0x1a, 0x45, 0xdf, 0xa3]);
    expect(video.subarray(0, 64).toString('latin1')).toContain('webm');
    expect(video.length).toBeLessThan(600 * 1024);
    for (const c of recorded) {
      expect({ title: c.title, key: c.videoKey, type: c.videoContentType, bytes: c.videoBytes }).toEqual({
        title: c.title,
        key: 'videos/seed/demo-course.webm',
        type: 'video/webm',
        bytes: video.length,
      });
    }
    expect((await database.db.select().from(courses).where(and(eq(courses.isLive, true), isNotNull(courses.videoKey)))).length).toBe(0);
  });

  it('has at least 4 recorded courses, some premium, one free', async () => {
    const recorded = await database.db.select().from(courses).where(eq(courses.isLive, false));
    expect(recorded.length).toBeGreaterThanOrEqual(4);
    expect(recorded.some((c) => c.isPremium)).toBe(true);
    expect(recorded.some((c) => c.priceCents === 0 && !c.isPremium)).toBe(true);
    for (const c of recorded) {
      if (c.priceCents > 0) {
        expect(c.priceCents).toBeGreaterThanOrEqual(2900);
        expect(c.priceCents).toBeLessThanOrEqual(7900);
      }
      expect(c.durationMinutes).toBeGreaterThan(0);
    }
    const sessions = await database.db
      .select({ n: count() })
      .from(courseSessions)
      .innerJoin(courses, eq(courses.id, courseSessions.courseId))
      .where(eq(courses.isLive, false));
    expect(sessions[0]!.n).toBe(0);
  });

  it('has at least 18 recipes, 3 or more per category, some premium, with real ingredients and steps', async () => {
    const all = await database.db.select().from(recipes);
    expect(all.length).toBeGreaterThanOrEqual(18);
    for (const category of RECIPE_CATEGORIES) {
      expect(all.filter((r) => r.category === category).length, category).toBeGreaterThanOrEqual(3);
    }
    const premium = all.filter((r) => r.isPremium).length;
    expect(premium).toBeGreaterThanOrEqual(4);
    expect(premium).toBeLessThanOrEqual(7);
    for (const r of all) {
      expect(r.ingredients.length, r.name).toBeGreaterThanOrEqual(5);
      expect(r.steps.length, r.name).toBeGreaterThanOrEqual(3);
      expect(r.steps.some((s) => /\d+ (minutes?|heures?)/.test(s)), r.name).toBe(true);
      expect(r.description.length, r.name).toBeGreaterThan(60);
      // It is the page's meta description too: short enough not to be cut.
      expect(r.description.length, r.name).toBeLessThanOrEqual(160);
      expect(r.durationMinutes).toBeGreaterThan(0);
      expect(r.servings).toBeGreaterThan(0);
    }
    // Distinct publication dates, so "newest first" is an order.
    expect(new Set(all.map((r) => r.createdAt.getTime())).size).toBe(all.length);
  });

  it('points every course, recipe and chef at a stored WebP of the right size', async () => {
    const urls = [
      ...(await database.db.select({ url: courses.imageUrl }).from(courses)).map((r) => ({ url: r.url, w: 1200, h: 800 })),
      ...(await database.db.select({ url: recipes.imageUrl }).from(recipes)).map((r) => ({ url: r.url, w: 1200, h: 800 })),
      ...(await database.db
        .select({ url: profiles.avatarUrl })
        .from(profiles)
        .where(sql`${profiles.role} in ('chef', 'admin')`)).map((r) => ({ url: r.url, w: 600, h: 600 })),
    ];
    expect(urls.length).toBeGreaterThanOrEqual(30);
    expect(new Set(urls.map((u) => u.url)).size).toBe(urls.length);
    for (const { url, w, h } of urls) {
      const bytes = await bytesOf(keyOf(url));
      const meta = await sharp(bytes).metadata();
      expect({ url, format: meta.format, width: meta.width, height: meta.height }).toEqual({ url, format: 'webp', width: w, height: h });
      expect(bytes.length, url!).toBeLessThan(60 * 1024);
    }
  });
});

describe('npm run seed -- --reset', () => {
  it('empties the content tables and seeds again, keeping the pictures already stored', async () => {
    // A row that only the reset can remove, and a picture it must not redraw.
    await database.db.insert(recipes).values({ name: 'Brouillon', category: 'main', durationMinutes: 5, ingredients: ['x'], steps: ['y'] });
    const key = 'seed/recipes/tarte-au-sucre.webp';
    const before = await bytesOf(key);
    const summary = await seedDemoData(deps, { reset: true });
    expect(summary).not.toBeNull();
    expect(summary!.imagesWritten).toBe(0);
    expect(await database.db.select().from(recipes).where(eq(recipes.name, 'Brouillon'))).toEqual([]);
    const [people] = await database.db.select({ n: count() }).from(users);
    expect(people!.n).toBe(summary!.plan.users.length);
    const [admins] = await database.db.select({ n: count() }).from(profiles).where(eq(profiles.role, 'admin'));
    expect(admins!.n).toBe(1);
    expect((await bytesOf(key)).equals(before)).toBe(true);
  });
});

describe('two instances starting together on an empty database', () => {
  it('seed it once', async () => {
    await database.db.execute(sql`truncate table ${users}, ${courses}, ${recipes} cascade`);
    const results = await Promise.all([seedIfEmpty(deps), seedIfEmpty(deps), seedIfEmpty(deps)]);
    expect(results.filter(Boolean)).toHaveLength(1);
    const [admins] = await database.db.select({ n: count() }).from(profiles).where(eq(profiles.role, 'admin'));
    expect(admins!.n).toBe(1);
    const [all] = await database.db.select({ n: count() }).from(recipes);
    expect(all!.n).toBe(20);
  });
});

describe('writeImages', () => {
  it('draws only missing pictures, unless asked to redraw them all', async () => {
    const dot = (fill: string) => () => `<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8" fill="${fill}"/></svg>`;
    const jobs = [
      { key: 'seed/test/a.webp', width: 8, height: 8, svg: dot('#c00') },
      { key: 'seed/test/b.webp', width: 8, height: 8, svg: dot('#0c0') },
    ];
    expect(await writeImages(storage, jobs.slice(0, 1))).toBe(1);
    expect(await writeImages(storage, jobs)).toBe(1);
    expect(await writeImages(storage, jobs)).toBe(0);
    expect(await writeImages(storage, jobs, { redraw: true })).toBe(2);
    expect((await sharp(await bytesOf('seed/test/b.webp')).metadata()).format).toBe('webp');
  });
});

describe('session times', () => {
  it('finds the Toronto offset with daylight saving time', () => {
    expect(zoneOffsetMinutes(new Date('2026-01-15T12:00:00Z'), 'America/Toronto')).toBe(-300);
    expect(zoneOffsetMinutes(new Date('2026-07-15T12:00:00Z'), 'America/Toronto')).toBe(-240);
  });

  it('puts a class at 18 h 30 Toronto on the right day on both sides of a DST change', () => {
    // DST starts on Sunday 8 March 2026 in Toronto.
    expect(sessionStartsAt(NOW, 3).toISOString()).toBe('2026-03-07T23:30:00.000Z'); // 18 h 30 HNE
    expect(sessionStartsAt(NOW, 5).toISOString()).toBe('2026-03-09T22:30:00.000Z'); // 18 h 30 HAE
    // Late evening in Toronto is already the next day in UTC: the day still counts from Toronto.
    expect(sessionStartsAt(new Date('2026-11-10T04:30:00Z'), 1).toISOString()).toBe('2026-11-10T23:30:00.000Z');
  });
});
