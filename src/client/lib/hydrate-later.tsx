// Adopting a server-rendered page in pieces. A phone's browser adopts a list of two dozen cards in
// one long task (~250 ms of blocked main thread on Lighthouse's slowed CPU, docs/performance.md):
// taps wait for it. Wrapped in <HydrateLater>, a card keeps the server's markup while the rest of
// the page is adopted, then is adopted in a task of its own, one card per task, right after.
// Preact (decision 0019) keeps the markup of a subtree whose render suspends while it hydrates,
// and hydrates it when the promise settles; outside a hydration the wrapper does nothing.
import { Suspense, useRef, useSyncExternalStore, type ReactNode } from 'react';

const never = () => () => {};

/** True while the component renders as part of the browser adopting the server's markup. */
export function useHydrating(): boolean {
  return useSyncExternalStore(
    never,
    () => false,
    () => typeof document !== 'undefined',
  );
}

type Turn = { promise: Promise<void>; done: boolean };

const waiting: Array<() => void> = [];
let channel: MessageChannel | undefined;

// A message, not setTimeout: nested timeouts are held back 4 ms each after the fifth.
function releaseNext() {
  waiting.shift()?.();
  if (waiting.length > 0) channel!.port2.postMessage(null);
}

/** A promise settled in a task of its own, after those asked for before it. */
function laterTurn(): Turn {
  const turn: Turn = { promise: Promise.resolve(), done: false };
  turn.promise = new Promise<void>((resolve) => {
    waiting.push(() => {
      turn.done = true;
      resolve();
    });
  });
  if (!channel) {
    channel = new MessageChannel();
    channel.port1.onmessage = releaseNext;
  }
  if (waiting.length === 1) channel.port2.postMessage(null);
  return turn;
}

function Gate({ children }: { children: ReactNode }) {
  const hydrating = useHydrating();
  const turn = useRef<Turn | null>(null);
  if (hydrating) {
    turn.current ??= laterTurn();
    if (!turn.current.done) throw turn.current.promise;
  }
  return children;
}

/**
 * Hydrates `children` in a later task when the page is being adopted; renders them as usual
 * otherwise. `children` must render one element (Preact keeps the first node of the server's
 * markup for a suspended subtree).
 */
export function HydrateLater({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Gate>{children}</Gate>
    </Suspense>
  );
}
