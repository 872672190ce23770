import { describe, expect, it } from 'vitest';
import { createSessionGate } from '../../src/server/modules/booking/session-gate';

const tick = () => new Promise((r) => setTimeout(r, 1));

describe('createSessionGate', () => {
  it('runs one task at a time per session, in arrival order', async () => {
    const gate = createSessionGate();
    const log: string[] = [];
    let running = 0;
    let most = 0;
    const task = (name: string) => async () => {
      running++;
      most = Math.max(most, running);
      log.push(`start ${name}`);
      await tick();
      log.push(`end ${name}`);
      running--;
      return name;
    };
    const results = await Promise.all(['a', 'b', 'c'].map((n) => gate.run('s1', n, task(n))));
    expect(results).toEqual(['a', 'b', 'c']);
    expect(most).toBe(1);
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
  });

  it('lets different sessions run side by side', async () => {
    const gate = createSessionGate();
    let running = 0;
    let most = 0;
    const task = async () => {
      running++;
      most = Math.max(most, running);
      await tick();
      running--;
    };
    await Promise.all([gate.run('s1', 'a', task), gate.run('s2', 'b', task)]);
    expect(most).toBe(2);
  });

  it('a failed task fails alone: the next one in the queue still runs', async () => {
    const gate = createSessionGate();
    const failing = gate.run('s1', 'a', async () => {
      throw new Error('complet');
    });
    const next = gate.run('s1', 'b', async () => 'ok');
    await expect(failing).rejects.toThrow('complet');
    await expect(next).resolves.toBe('ok');
  });

  it('once a task finds the session full, those already waiting learn it from memory; later arrivals ask again', async () => {
    const gate = createSessionGate();
    const asked: string[] = [];
    const attempt = (who: string, full: boolean) =>
      gate.run('s1', who, async (turn) => {
        if (turn.seenFull()) return `${who}: full (memory)`;
        asked.push(who);
        await tick();
        if (full) {
          turn.markFull();
          return `${who}: full`;
        }
        turn.markHolder();
        return `${who}: seat`;
      });
    const first = [attempt('a', false), attempt('b', true), attempt('c', false), attempt('d', false)];
    // 'c' and 'd' queued before 'b' saw the session full: answered without asking.
    expect(await Promise.all(first)).toEqual(['a: seat', 'b: full', 'c: full (memory)', 'd: full (memory)']);
    // A later attempt (a seat may have been freed since) asks again.
    expect(await attempt('e', false)).toBe('e: seat');
    expect(asked).toEqual(['a', 'b', 'e']);
  });

  it('a person who got a seat in the queue is never told "full" from memory (a double click gets its seat back)', async () => {
    const gate = createSessionGate();
    const attempt = (who: string, outcome: 'seat' | 'full' | 'again') =>
      gate.run('s1', who, async (turn) => {
        if (turn.seenFull()) return `${who}: full (memory)`;
        await tick();
        if (outcome === 'seat') turn.markHolder();
        if (outcome === 'full') turn.markFull();
        return `${who}: ${outcome}`;
      });
    const answers = await Promise.all([attempt('a', 'seat'), attempt('b', 'full'), attempt('a', 'again'), attempt('c', 'seat')]);
    expect(answers).toEqual(['a: seat', 'b: full', 'a: again', 'c: full (memory)']);
  });
});

describe('createSessionGate with bookings of several seats', () => {
  it('a task short of k seats answers from memory only the waiters asking k or more', async () => {
    const gate = createSessionGate();
    let release!: () => void;
    const first = gate.run('s1', 'a', (turn) => new Promise<void>((r) => (release = r)).then(() => turn.markShort(3)));
    const seen: Record<string, boolean> = {};
    const waiters = [
      gate.run('s1', 'b', async (turn) => void (seen.b2 = turn.seenShort(2))),
      gate.run('s1', 'c', async (turn) => void (seen.c3 = turn.seenShort(3))),
      gate.run('s1', 'd', async (turn) => void (seen.d4 = turn.seenShort(4))),
    ];
    await tick();
    release();
    await Promise.all([first, ...waiters]);
    expect(seen).toEqual({ b2: false, c3: true, d4: true });
    // A later arrival is not answered by that old moment.
    expect(await gate.run('s1', 'e', async (turn) => turn.seenShort(4))).toBe(false);
  });
});
