// Keeps the learner's place in a course video: every PROGRESS_SAVE_INTERVAL_MS while it plays, and at
// once when they pause, reach the end, move the playhead while paused, hide the tab or leave the page
// (or the course page, inside the app). Leaving uses a keepalive request, which outlives the page.
import { useEffect, useRef, type RefObject } from 'react';
import { progressInput, SaveSchedule } from './progress-policy';

type Save = (input: { positionSeconds: number; durationSeconds: number }, keepalive?: boolean) => Promise<unknown>;

export function useProgressSaver(video: RefObject<HTMLVideoElement | null>, save: Save, enabled: boolean) {
  // The latest save function without re-subscribing the listeners on each render.
  const saveRef = useRef(save);
  saveRef.current = save;

  useEffect(() => {
    const el = video.current;
    if (!enabled || !el) return;
    const schedule = new SaveSchedule();
    // A fresh player starts at 0: nothing is worth saving until it has played or been moved, or a
    // visit that only looks would overwrite the saved place with the start.
    let touched = false;

    const send = (mode: 'tick' | 'now' | 'leaving') => {
      if (!touched) return;
      const input = progressInput({ positionSeconds: el.currentTime, durationSeconds: el.duration });
      if (!input) return;
      const now = Date.now();
      const due = mode === 'tick' ? schedule.duePlaying(input.positionSeconds, now) : schedule.dueNow(input.positionSeconds);
      if (!due) return;
      schedule.sent(input.positionSeconds, now);
      void saveRef.current(input, mode === 'leaving');
    };

    const onPlay = () => {
      touched = true;
    };
    const onTimeUpdate = () => {
      if (!el.paused) send('tick');
    };
    const onPause = () => send('now');
    const onSeeked = () => {
      touched = true;
      if (el.paused) send('now');
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') send('leaving');
    };
    const onPageHide = () => send('leaving');

    // One signal removes every listener below.
    const listening = new AbortController();
    const signal = listening.signal;
    el.addEventListener('play', onPlay, { signal });
    el.addEventListener('timeupdate', onTimeUpdate, { signal });
    el.addEventListener('pause', onPause, { signal });
    el.addEventListener('ended', onPause, { signal });
    el.addEventListener('seeked', onSeeked, { signal });
    document.addEventListener('visibilitychange', onVisibility, { signal });
    window.addEventListener('pagehide', onPageHide, { signal });
    return () => {
      // Leaving the course page inside the app: the element is about to go, its place with it.
      send('leaving');
      listening.abort();
    };
  }, [video, enabled]);
}
