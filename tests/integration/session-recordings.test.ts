// A live session's uploaded recording on the real database and local-disk storage: the admin
// uploads it (raw body, only once the session is over, never for a cancelled one, audited, the
// attendees' open tabs told) or removes it; the session's confirmed attendees, its teacher and the
// admin watch it through /api/recordings/:sessionId(/video) with Range requests, checked on every
// request; Mes Achats and the reservations say an uploaded recording exists.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@shared/errors';
import type { PurchasesResponse } from '@shared/schemas/checkout';
import { learningPaths, type RecordingResponse } from '@shared/schemas/learning';
import type { AdminSessionResponse, ReservationResponse } from '@shared/schemas/reservations';
import { auditLog, courseSessions, notifications, reservations } from '../../src/server/db/schema';
import { createCourse, createReservation, createSession, setRole } from '../factories';
import { createSignedInLearners, type SignedInLearner } from '../factories/accounts';
import { createPaidSeat } from '../factories/bookings';
import { ORIGIN, SESSION_COOKIE, send } from '../setup/auth-client';
import { sseReader, type SseReader } from '../setup/sse';
import { rootDir } from '../setup/test-db';
import { createTestApp, type TestApp } from '../setup/test-app';
import { testNow } from '../setup/test-clock';

const HOUR = 3_600_000;
const clock = testNow().getTime();
let t: TestApp;
let admin: SignedInLearner;
let chef: SignedInLearner;
let course: { id: string; title: string };
let mp4: Buffer;
let webm: Buffer;
const readers: SseReader[] = [];

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock), config: { videoMaxBytes: 64 * 1024 } });
  [admin, chef] = (await createSignedInLearners(t, 2)) as [SignedInLearner, SignedInLearner];
  await setRole(t.db, admin.id, 'admin');
  await setRole(t.db, chef.id, 'chef');
  // 90 minutes long, taught by the guest chef.
  course = await createCourse(t.db, { title: 'Tourtière en direct', isLive: true, priceCents: 6500, durationMinutes: 90, teacherId: chef.id });
  const fixtures = path.join(rootDir, 'tests/fixtures/videos');
  [mp4, webm] = await Promise.all([readFile(path.join(fixtures, 'tiny.mp4')), readFile(path.join(fixtures, 'tiny.webm'))]);
});
afterAll(async () => {
  await Promise.all(readers.map((r) => r.close()));
  await t.close();
});

const codeOf = async (res: Response) => ((await res.json()) as ApiErrorBody).error.code;
const recordingsDir = () => path.join(t.deps.config.dataDir, 'uploads', 'videos', 'recordings');
const filesOnDisk = async () => (await readdir(recordingsDir()).catch(() => [] as string[])).sort();
const sessionRow = async (id: string) => (await t.db.select().from(courseSessions).where(eq(courseSessions.id, id)))[0]!;
/** A session that started `hoursAgo` hours ago (90 minutes long: over after 1.5 h). */
const sessionStarted = async (hoursAgo: number) =>
  (await createSession(t.db, course.id, { startsAt: new Date(clock - hoursAgo * HOUR), capacity: 8 })).id;
const paidSeat = (learner: SignedInLearner, sessionId: string) =>
  createPaidSeat(t.db, { user: { id: learner.id, fullName: learner.fullName }, course, sessionId, amountCents: 6500 });

function upload(sessionId: string, body: Buffer, opts: { cookie?: string; type?: string } = {}) {
  return t.request(learningPaths.adminSessionRecording(sessionId), {
    method: 'PUT',
    headers: { origin: ORIGIN, cookie: `${SESSION_COOKIE}=${opts.cookie ?? admin.cookie}`, 'content-type': opts.type ?? 'video/webm' },
    body: Uint8Array.from(body),
  });
}
const remove = (sessionId: string, cookie = admin.cookie) => send(t, 'DELETE', learningPaths.adminSessionRecording(sessionId), { cookie });
const recording = (sessionId: string, cookie?: string) => send(t, 'GET', learningPaths.recording(sessionId), { cookie });
const recordingVideo = (sessionId: string, cookie?: string, range?: string) =>
  send(t, 'GET', learningPaths.recordingVideo(sessionId), { cookie, headers: range ? { range } : {} });

async function openTab(who: SignedInLearner) {
  const res = await send(t, 'GET', '/api/events', { cookie: who.cookie, headers: { accept: 'text/event-stream' } });
  expect(res.status).toBe(200);
  const reader = sseReader(res);
  readers.push(reader);
  await reader.next();
  return reader;
}

describe('the admin uploads a recording', () => {
  it('once the session is over: stored byte for byte, audited, the attendees told; a replacement removes the old file', async () => {
    const sessionId = await sessionStarted(2);
    const [attendee] = (await createSignedInLearners(t, 1)) as [SignedInLearner];
    const seat = await paidSeat(attendee, sessionId);
    const tab = await openTab(attendee);

    const res = await upload(sessionId, webm);
    expect(res.status).toBe(200);
    expect(((await res.json()) as AdminSessionResponse).session).toMatchObject({ id: sessionId, status: 'scheduled' });
    expect(JSON.parse((await tab.nextEvent()).data)).toEqual({ type: 'reservation.updated', reservationId: seat.reservationId });
    const row = await sessionRow(sessionId);
    expect(row).toMatchObject({ recordingContentType: 'video/webm', recordingBytes: webm.length });
    expect(row.recordingKey).toMatch(/^videos\/recordings\/[0-9a-f-]{36}\.webm$/);
    expect(await readFile(path.join(t.deps.config.dataDir, 'uploads', row.recordingKey!))).toEqual(webm);

    // Replaced by an MP4: the WebM file goes once the row names the new one.
    expect((await upload(sessionId, mp4, { type: 'video/mp4' })).status).toBe(200);
    const replaced = await sessionRow(sessionId);
    expect(replaced.recordingKey).toMatch(/\.mp4$/);
    expect(await filesOnDisk()).toEqual([path.basename(replaced.recordingKey!)]);
    // The attendee's in-app notice, once: the replacement is the same news.
    const notices = await t.db.select({ kind: notifications.kind, link: notifications.link }).from(notifications).where(eq(notifications.userId, attendee.id));
    expect(notices).toEqual([{ kind: 'session.recording', link: `/enregistrements/${sessionId}` }]);

    const trail = await t.db
      .select({ details: auditLog.details, actorId: auditLog.actorId })
      .from(auditLog)
      .where(and(eq(auditLog.targetId, sessionId), eq(auditLog.action, 'session.recording')))
      .orderBy(auditLog.createdAt);
    expect(trail).toEqual([
      { actorId: admin.id, details: { courseId: course.id, contentType: 'video/webm', bytes: webm.length, replaced: false } },
      { actorId: admin.id, details: { courseId: course.id, contentType: 'video/mp4', bytes: mp4.length, replaced: true } },
    ]);

    // Removed: the row forgets it, the file goes, a repeat is harmless.
    expect((await remove(sessionId)).status).toBe(200);
    expect(await sessionRow(sessionId)).toMatchObject({ recordingKey: null, recordingContentType: null, recordingBytes: null });
    expect(await filesOnDisk()).toEqual([]);
    expect((await remove(sessionId)).status).toBe(200);
    const removals = await t.db.select({ details: auditLog.details }).from(auditLog).where(and(eq(auditLog.targetId, sessionId), eq(auditLog.action, 'session.recording')));
    expect(removals.map((r) => r.details).slice(2)).toEqual([
      { courseId: course.id, removed: true },
      { courseId: course.id, removed: false },
    ]);
  });

  it('before the end 409 SESSION_NOT_OVER (a running class too), for a cancelled session 409, unknown 404 — nothing stored', async () => {
    const upcoming = await sessionStarted(-24);
    const running = await sessionStarted(1); // started an hour ago, 90 minutes long
    for (const id of [upcoming, running]) {
      const res = await upload(id, webm);
      expect(res.status, id).toBe(409);
      expect(await codeOf(res)).toBe('SESSION_NOT_OVER');
    }
    const cancelled = await sessionStarted(5);
    await t.db.update(courseSessions).set({ status: 'cancelled', cancelReason: 'Cheffe malade' }).where(eq(courseSessions.id, cancelled));
    const refused = await upload(cancelled, webm);
    expect(refused.status).toBe(409);
    expect(await codeOf(refused)).toBe('SESSION_CANCELLED');
    for (const id of ['00000000-0000-4000-8000-000000000000', 'pas-un-id']) {
      const res = await upload(id, webm);
      expect(res.status, id).toBe(404);
      expect(await codeOf(res)).toBe('SESSION_NOT_FOUND');
    }
    expect(await filesOnDisk()).toEqual([]);
  });

  it('a body that is not a video 415, a declared type that is not one 415, too large 413 — nothing stored', async () => {
    const sessionId = await sessionStarted(3);
    const text = await upload(sessionId, Buffer.from('ceci n’est pas une vidéo, mais du texte assez long pour être lu'));
    expect(text.status).toBe(415);
    expect(await codeOf(text)).toBe('UNSUPPORTED_VIDEO_TYPE');
    const declared = await upload(sessionId, webm, { type: 'text/plain' });
    expect(declared.status).toBe(415);
    expect(await codeOf(declared)).toBe('UNSUPPORTED_VIDEO_TYPE');
    const big = Buffer.concat([webm, Buffer.alloc(64 * 1024)]);
    const tooLarge = await upload(sessionId, big);
    expect(tooLarge.status).toBe(413);
    expect(await codeOf(tooLarge)).toBe('VIDEO_TOO_LARGE');
    expect((await sessionRow(sessionId)).recordingKey).toBeNull();
    expect(await filesOnDisk()).toEqual([]);
  });

  it('is the admin’s alone: a learner or the teacher 403, a visitor 401', async () => {
    const sessionId = await sessionStarted(3);
    const [learner] = (await createSignedInLearners(t, 1)) as [SignedInLearner];
    for (const who of [learner, chef]) {
      expect((await upload(sessionId, webm, { cookie: who.cookie })).status).toBe(403);
      expect((await remove(sessionId, who.cookie)).status).toBe(403);
    }
    const visitor = await t.request(learningPaths.adminSessionRecording(sessionId), {
      method: 'PUT',
      headers: { origin: ORIGIN, 'content-type': 'video/webm' },
      body: Uint8Array.from(webm),
    });
    expect(visitor.status).toBe(401);
    expect(await filesOnDisk()).toEqual([]);
  });
});

describe('watching a recording', () => {
  let sessionId: string;
  let attendee: SignedInLearner;
  let other: SignedInLearner;
  let seat: Awaited<ReturnType<typeof paidSeat>>;

  beforeAll(async () => {
    sessionId = await sessionStarted(26);
    [attendee, other] = (await createSignedInLearners(t, 2)) as [SignedInLearner, SignedInLearner];
    seat = await paidSeat(attendee, sessionId);
    // Another learner attended another session of the same course.
    await paidSeat(other, await sessionStarted(50));
    expect((await upload(sessionId, webm)).status).toBe(200);
  });

  it('the attendee gets the page and plays it with Range requests', async () => {
    const res = await recording(sessionId, attendee.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const { startsAt } = await sessionRow(sessionId);
    expect(((await res.json()) as RecordingResponse).recording).toEqual({
      sessionId,
      courseId: course.id,
      courseTitle: course.title,
      startsAt: startsAt.toISOString(),
      durationMinutes: 90,
      video: { url: learningPaths.recordingVideo(sessionId), contentType: 'video/webm' },
      externalUrl: null,
    });
    const part = await recordingVideo(sessionId, attendee.cookie, 'bytes=100-199');
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${webm.length}`);
    expect(part.headers.get('cache-control')).toBe('private, no-store');
    expect(Buffer.from(await part.arrayBuffer()).equals(webm.subarray(100, 200))).toBe(true);
    const whole = await recordingVideo(sessionId, attendee.cookie);
    expect(whole.status).toBe(200);
    expect(Buffer.from(await whole.arrayBuffer()).equals(webm)).toBe(true);
    const past = await recordingVideo(sessionId, attendee.cookie, `bytes=${webm.length}-`);
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${webm.length}`);
  });

  it('another learner 403 on the page and on every byte; a visitor 401', async () => {
    for (const res of [await recording(sessionId, other.cookie), await recordingVideo(sessionId, other.cookie, 'bytes=0-1')]) {
      expect(res.status).toBe(403);
      expect(await codeOf(res)).toBe('RECORDING_ACCESS_DENIED');
    }
    for (const res of [await recording(sessionId), await recordingVideo(sessionId, undefined, 'bytes=0-1')]) {
      expect(res.status).toBe(401);
      expect(await codeOf(res)).toBe('UNAUTHENTICATED');
    }
  });

  it('the admin and the course’s teacher watch it without a seat', async () => {
    for (const who of [admin, chef]) {
      expect((await recording(sessionId, who.cookie)).status).toBe(200);
      expect((await recordingVideo(sessionId, who.cookie, 'bytes=0-9')).status).toBe(206);
    }
  });

  it('says so in Mes Achats and in the attendee’s reservation (not in anyone else’s)', async () => {
    const { purchases } = (await (await send(t, 'GET', '/api/purchases', { cookie: attendee.cookie })).json()) as PurchasesResponse;
    expect(purchases.find((p) => p.course.id === course.id)?.session).toMatchObject({ id: sessionId, hasRecordingVideo: true, recordingUrl: null });
    const mine = (await (await send(t, 'GET', `/api/booking/reservations/${seat.reservationId}`, { cookie: attendee.cookie })).json()) as ReservationResponse;
    expect(mine.reservation).toMatchObject({ sessionId, hasRecordingVideo: true });
    const theirs = (await (await send(t, 'GET', '/api/purchases', { cookie: other.cookie })).json()) as PurchasesResponse;
    expect(theirs.purchases[0]!.session).toMatchObject({ hasRecordingVideo: false });
  });

  it('a seat cancelled afterwards cuts access at the next request', async () => {
    const [late] = (await createSignedInLearners(t, 1)) as [SignedInLearner];
    const lateSeat = await paidSeat(late, sessionId);
    expect((await recordingVideo(sessionId, late.cookie, 'bytes=0-1')).status).toBe(206);
    await t.db.update(reservations).set({ status: 'cancelled', cancelReason: 'learner_no_refund' }).where(eq(reservations.id, lateSeat.reservationId));
    expect((await recordingVideo(sessionId, late.cookie, 'bytes=2-3')).status).toBe(403);
  });

  it('a pending hold of the session gives nothing', async () => {
    const [holder] = (await createSignedInLearners(t, 1)) as [SignedInLearner];
    await createReservation(t.db, sessionId, holder.id, { status: 'pending_payment', holdExpiresAt: new Date(clock + HOUR) });
    expect((await recordingVideo(sessionId, holder.cookie)).status).toBe(403);
  });

  it('only an outside link: the page gives it, the video 404; neither: 404 RECORDING_NOT_AVAILABLE', async () => {
    const linked = await sessionStarted(30);
    await paidSeat(attendee, linked);
    await t.db.update(courseSessions).set({ recordingUrl: 'https://video.exemple.test/tourtiere' }).where(eq(courseSessions.id, linked));
    const page = await recording(linked, attendee.cookie);
    expect(page.status).toBe(200);
    expect(((await page.json()) as RecordingResponse).recording).toMatchObject({ video: null, externalUrl: 'https://video.exemple.test/tourtiere' });
    const noVideo = await recordingVideo(linked, attendee.cookie);
    expect(noVideo.status).toBe(404);
    expect(await codeOf(noVideo)).toBe('RECORDING_NOT_AVAILABLE');

    const bare = await sessionStarted(40);
    await paidSeat(attendee, bare);
    const none = await recording(bare, attendee.cookie);
    expect(none.status).toBe(404);
    expect(await codeOf(none)).toBe('RECORDING_NOT_AVAILABLE');
    const unknown = await recording('00000000-0000-4000-8000-000000000000', attendee.cookie);
    expect(unknown.status).toBe(404);
    expect(await codeOf(unknown)).toBe('SESSION_NOT_FOUND');
  });

  it('once the admin removes it, attendees get 404 at the next request', async () => {
    expect((await remove(sessionId)).status).toBe(200);
    const res = await recordingVideo(sessionId, attendee.cookie, 'bytes=0-1');
    expect(res.status).toBe(404);
    expect(await codeOf(res)).toBe('RECORDING_NOT_AVAILABLE');
  });
});
