// A tab whose connection stops reading (a phone gone to sleep, a stuck proxy) while events keep
// coming: the server drops that stream and its socket once a bounded amount waits unsent, and
// counts it, instead of queueing every event for it in memory; a tab that reads meanwhile keeps
// its stream and gets every event. Real sockets: the app served by Node on a local port, raw TCP
// clients (one paused from the start).
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_HUB_LIMITS } from '../../src/server/realtime/hub';
import { createSignedInLearners, type SignedInLearner } from '../factories/accounts';
import { SESSION_COOKIE } from '../setup/auth-client';
import { createTestApp, type TestApp } from '../setup/test-app';

let t: TestApp;
let server: ServerType;
let port: number;
let stuck: SignedInLearner;
let reader: SignedInLearner;
const sockets: net.Socket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  [stuck, reader] = (await createSignedInLearners(t, 2)) as [SignedInLearner, SignedInLearner];
  await t.realtime.start();
  server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  for (const s of sockets) s.destroy();
  await t.realtime.stop();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await t.close();
});

/** GET /api/events over a raw socket; resolves once the response head has arrived. */
async function openStream(user: SignedInLearner, opts: { read: boolean }) {
  const socket = net.connect(port, '127.0.0.1');
  sockets.push(socket);
  let received = 0;
  let head = '';
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (!head.includes('\r\n\r\n')) {
        head += chunk.toString('latin1');
        if (head.includes('\r\n\r\n')) {
          // The stuck tab never reads again: what comes next fills the kernel's buffers, then the server's.
          if (!opts.read) socket.pause();
          resolve();
        }
      }
    });
    socket.write(
      `GET /api/events HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAccept: text/event-stream\r\nCookie: ${SESSION_COOKIE}=${user.cookie}\r\n\r\n`,
    );
  });
  expect(head.startsWith('HTTP/1.1 200')).toBe(true);
  socket.on('error', () => {}); // the server dropping the stuck one may reset it
  return { socket, received: () => received };
}

const openConnections = () => new Promise<number>((resolve, reject) => server.getConnections((e, n) => (e ? reject(e) : resolve(n))));

describe('a tab that stops reading its event stream', () => {
  it('is dropped, socket and all, once a bounded amount waits for it; a tab that reads keeps every event', async () => {
    const slow = await openStream(stuck, { read: false });
    const fast = await openStream(reader, { read: true });
    expect(t.realtime.hub.size).toBe(2);
    const droppedBefore = t.realtime.hub.slowReadersDropped;

    // Events of about 4 kB, a few at a time, as a busy evening would send them: far more, in
    // all, than the socket buffers between the server and the stuck tab hold (several MB on
    // loopback), so what does not fit would pile up in the server's memory.
    const title = 'Tourtière '.repeat(400);
    const event = (n: number) => ({ type: 'reservation.confirmed', reservationId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`, courseTitle: title, startsAt: '2030-01-15T23:00:00.000Z' });
    let sentToReader = 0;
    let sentBytes = 0;
    const limitBytes = 64 * 1024 * 1024;
    for (let n = 0; t.realtime.hub.size === 2 && sentBytes < limitBytes; n++) {
      for (const to of [stuck, reader]) t.realtime.hub.dispatch(JSON.stringify({ to: { userId: to.id }, event: event(n) }));
      sentToReader++;
      sentBytes += 4_100;
      // A reader that keeps up takes each event before the next: a pause now and then lets it.
      if (n % 8 === 7) await new Promise((r) => setTimeout(r, 1));
    }

    // The stuck tab was dropped long before the 64 MB it was sent: it waited for at most the
    // limit in the server's queue (plus what the socket buffers held), and it was counted.
    expect(sentBytes).toBeLessThan(limitBytes);
    expect(t.realtime.hub.size).toBe(1);
    expect(t.realtime.hub.slowReadersDropped).toBe(droppedBefore + 1);
    expect(DEFAULT_HUB_LIMITS.maxPendingBytes).toBeLessThanOrEqual(256 * 1024);
    // Its socket is gone from the server too (not left to hold its buffers).
    await expect.poll(openConnections).toBe(1);
    expect(slow.socket.readableLength).toBeLessThan(sentBytes);

    // The reading tab has all it was sent, and its stream is still open.
    await expect.poll(() => fast.received(), { timeout: 10_000 }).toBeGreaterThan(sentToReader * 4_000);
    expect(fast.socket.destroyed).toBe(false);
  }, 30_000);
});
