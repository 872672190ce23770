// Keeps the screen on while cook mode is open, where the browser has the Screen Wake Lock API. The
// browser drops the lock when the tab is hidden: it is asked for again when the tab comes back.
// Anywhere it is missing or refused, nothing happens and `held` stays false.
import { useEffect, useState } from 'react';

export function useWakeLock(active: boolean): boolean {
  const [held, setHeld] = useState(false);

  useEffect(() => {
    if (!active || typeof navigator === 'undefined' || !('wakeLock' in navigator)) return;
    let sentinel: WakeLockSentinel | null = null;
    let closed = false;

    const acquire = async () => {
      if (document.visibilityState !== 'visible' || sentinel) return;
      try {
        const lock = await navigator.wakeLock.request('screen');
        if (closed) {
          void lock.release().catch(() => undefined);
          return;
        }
        sentinel = lock;
        setHeld(true);
        lock.addEventListener('release', () => {
          if (sentinel !== lock) return;
          sentinel = null;
          setHeld(false);
        });
      } catch {
        // Refused (battery saver, a policy, a hidden tab): the cook keeps the screen on by hand.
        setHeld(false);
      }
    };
    const onVisibility = () => void acquire();

    void acquire();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      closed = true;
      document.removeEventListener('visibilitychange', onVisibility);
      const lock = sentinel;
      sentinel = null;
      setHeld(false);
      void lock?.release().catch(() => undefined);
    };
  }, [active]);

  return held;
}
