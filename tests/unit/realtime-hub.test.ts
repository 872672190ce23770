// The hub's bounds, beside what the integration test proves over the database: heartbeats, the
// end of old streams, a reader that stopped reading, and payloads that are not ours.
import { describe, expect, it } from 'vitest';
import { parseNotification, RealtimeHub, type StreamSink } from '../../src/server/realtime/hub';

/** A sink that records what it is given; `stuck` leaves every write pending (a reader gone quiet). */
function sink(stuck = false) {
  const chunks: string[] = [];
  let closed = false;
  const s: StreamSink & { chunks: string[]; closed: () => boolean } = {
    chunks,
    closed: () => closed,
    write: (chunk) => {
      chunks.push(chunk);
      return stuck ? new Promise(() => {}) : Promise.resolve();
    },
    close: () => {
      closed = true;
    },
  };
  return s;
}

const payload = (to: object, event: object) => JSON.stringify({ to, event });
const event = { type: 'reservation.updated', reservationId: 'r1' };

describe('RealtimeHub', () => {
  it('writes a heartbeat comment to every stream, and ends a stream older than its maximum age', () => {
    let now = 0;
    const hub = new RealtimeHub({ maxAgeMs: 60_000 }, () => now);
    const old = sink();
    hub.add({ userId: 'u1', role: 'learner' }, old);
    now = 50_000;
    const young = sink();
    hub.add({ userId: 'u1', role: 'learner' }, young);
    hub.beat();
    expect(old.chunks).toEqual([': \n\n']);
    expect(young.chunks).toEqual([': \n\n']);
    now = 60_000;
    hub.beat();
    expect(old.closed()).toBe(true);
    expect(young.closed()).toBe(false);
    expect(hub.size).toBe(1);
  });

  it('closes a stream whose reader stopped taking what is written, instead of queueing without end', async () => {
    const hub = new RealtimeHub({ maxPendingBytes: 1000 });
    const stuck = sink(true);
    const fine = sink();
    hub.add({ userId: 'u1', role: 'learner' }, stuck);
    hub.add({ userId: 'u1', role: 'learner' }, fine);
    const send = async (n: number) => {
      for (let i = 0; i < n; i++) {
        hub.dispatch(payload({ userId: 'u1' }, event));
        await Promise.resolve(); // a healthy reader takes each write before the next arrives
      }
    };
    await send(5);
    expect(stuck.closed()).toBe(false);
    await send(20);
    const eventBytes = Buffer.byteLength(fine.chunks[0]!);
    expect(stuck.chunks).toHaveLength(Math.floor(1000 / eventBytes));
    expect(stuck.closed()).toBe(true);
    expect(fine.chunks).toHaveLength(25);
    expect(fine.closed()).toBe(false);
    expect(hub.size).toBe(1);
  });

  it('lets a burst of events in one tick through to a reader that keeps up', async () => {
    const hub = new RealtimeHub();
    const tab = sink();
    hub.add({ userId: 'chef', role: 'admin' }, tab);
    for (let i = 0; i < 200; i++) hub.dispatch(payload({ role: 'admin' }, event));
    expect(tab.chunks).toHaveLength(200);
    expect(tab.closed()).toBe(false);
  });

  it('counts streams per user and in all', () => {
    const hub = new RealtimeHub({ perUser: 2, total: 3 });
    const ana = { userId: 'ana', role: 'learner' };
    expect(hub.room(ana)).toBe('ok');
    hub.add(ana, sink());
    const second = hub.add(ana, sink());
    expect(hub.room(ana)).toBe('user-full');
    hub.add({ userId: 'ben', role: 'learner' }, sink());
    expect(hub.room({ userId: 'chloe', role: 'learner' })).toBe('full');
    second.close();
    expect(hub.room(ana)).toBe('ok');
  });

  it('gives each event a new id, and the same event to an admin stream once even when addressed to them', () => {
    const hub = new RealtimeHub();
    const adminTab = sink();
    hub.add({ userId: 'chef', role: 'admin' }, adminTab);
    hub.dispatch(payload({ role: 'admin' }, event));
    hub.dispatch(payload({ userId: 'chef' }, event));
    const ids = adminTab.chunks.map((c) => /^id: (.+)$/m.exec(c)?.[1]);
    expect(ids).toHaveLength(2);
    expect(new Set(ids).size).toBe(2);
    expect(adminTab.chunks[0]).toContain(`event: message\ndata: ${JSON.stringify(event)}\n\n`);
  });
});

describe('parseNotification', () => {
  it('reads what publish() writes', () => {
    expect(parseNotification(payload({ userId: 'u1' }, event))).toEqual({ to: { userId: 'u1' }, event });
    expect(parseNotification(payload({ role: 'admin' }, event))).toEqual({ to: { role: 'admin' }, event });
  });

  it.each([
    ['not JSON', '{'],
    ['no audience', JSON.stringify({ event })],
    ['another role', payload({ role: 'learner' }, event)],
    ['an unknown event type', payload({ userId: 'u1' }, { type: 'reservation.deleted' })],
    ['a type inherited from Object', payload({ userId: 'u1' }, { type: 'toString' })],
  ])('ignores %s', (_, text) => {
    expect(parseNotification(text)).toBeNull();
  });
});
