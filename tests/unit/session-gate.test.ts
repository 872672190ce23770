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
    const results = await Promise.all(['a', 'b', 'c'].map((n) => gate.run('s1', task(n))));
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
    await Promise.all([gate.run('s1', task), gate.run('s2', task)]);
    expect(most).toBe(2);
  });

  it('a failed task fails alone: the next one in the queue still runs', async () => {
    const gate = createSessionGate();
    const failing = gate.run('s1', async () => {
      throw new Error('complet');
    });
    const next = gate.run('s1', async () => 'ok');
    await expect(failing).rejects.toThrow('complet');
    await expect(next).resolves.toBe('ok');
  });
});
