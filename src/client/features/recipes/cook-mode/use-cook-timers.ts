// The timers of a cooking session: started from a step's durations, they run on whatever step the
// cook is reading, can be paused, resumed or stopped, and call `onDone` once when they reach zero.
// Time is read from Date.now() at each tick, so a throttled background tab catches up on return.
import { useCallback, useEffect, useRef, useState } from 'react';

export type CookTimer = {
  id: string;
  /** '10 min' */
  label: string;
  /** The step it was started from, counted from 1. */
  step: number;
  totalMs: number;
  status: 'running' | 'paused' | 'done';
  /** When a running timer ends (ms since epoch). */
  endsAt: number;
  /** What a paused timer has left. */
  leftMs: number;
};

const TICK_MS = 250;

export function useCookTimers(onDone: (timer: CookTimer) => void) {
  const [timers, setTimers] = useState<CookTimer[]>([]);
  const [now, setNow] = useState(() => Date.now());
  const latest = useRef(timers);
  latest.current = timers;
  const done = useRef(onDone);
  done.current = onDone;
  const announced = useRef(new Set<string>());

  const anyRunning = timers.some((t) => t.status === 'running');
  useEffect(() => {
    if (!anyRunning) return;
    const tick = () => {
      const t = Date.now();
      setNow(t);
      const ended = latest.current.filter((x) => x.status === 'running' && x.endsAt <= t && !announced.current.has(x.id));
      if (ended.length === 0) return;
      for (const x of ended) announced.current.add(x.id);
      const ids = new Set(ended.map((x) => x.id));
      setTimers((list) => list.map((x) => (ids.has(x.id) ? { ...x, status: 'done', leftMs: 0 } : x)));
      for (const x of ended) done.current(x);
    };
    const handle = window.setInterval(tick, TICK_MS);
    return () => window.clearInterval(handle);
  }, [anyRunning]);

  const start = useCallback((id: string, label: string, step: number, seconds: number) => {
    const at = Date.now();
    setNow(at);
    announced.current.delete(id);
    setTimers((list) => [
      ...list.filter((x) => x.id !== id),
      { id, label, step, totalMs: seconds * 1000, status: 'running', endsAt: at + seconds * 1000, leftMs: seconds * 1000 },
    ]);
  }, []);

  const pause = useCallback((id: string) => {
    const at = Date.now();
    setTimers((list) => list.map((x) => (x.id === id && x.status === 'running' ? { ...x, status: 'paused', leftMs: Math.max(0, x.endsAt - at) } : x)));
  }, []);

  const resume = useCallback((id: string) => {
    const at = Date.now();
    setNow(at);
    setTimers((list) => list.map((x) => (x.id === id && x.status === 'paused' ? { ...x, status: 'running', endsAt: at + x.leftMs } : x)));
  }, []);

  const stop = useCallback((id: string) => setTimers((list) => list.filter((x) => x.id !== id)), []);

  /** Milliseconds left on a timer now. */
  const leftOf = (t: CookTimer) => (t.status === 'running' ? Math.max(0, t.endsAt - now) : t.leftMs);

  return { timers, start, pause, resume, stop, leftOf };
}
