// The end of a timer: three short beeps made by Web Audio (no sound file to load) and a vibration
// where the device has one. Browsers only let a page play sound after a gesture: starting a timer
// (a click) prepares the audio context that the end will use.
let context: AudioContext | null = null;

function audio(): AudioContext | null {
  try {
    context ??= new AudioContext();
    return context;
  } catch {
    return null;
  }
}

/** Called from the click that starts a timer. */
export function prepareAlarm(): void {
  void audio()?.resume().catch(() => undefined);
}

export function ringAlarm(): void {
  const ctx = audio();
  if (ctx) {
    try {
      const start = ctx.currentTime + 0.05;
      for (let i = 0; i < 3; i += 1) {
        const at = start + i * 0.4;
        const tone = ctx.createOscillator();
        const gain = ctx.createGain();
        tone.type = 'sine';
        tone.frequency.value = 880;
        gain.gain.setValueAtTime(0.0001, at);
        gain.gain.exponentialRampToValueAtTime(0.35, at + 0.02);
        gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.28);
        tone.connect(gain).connect(ctx.destination);
        tone.start(at);
        tone.stop(at + 0.3);
      }
    } catch {
      // No sound: the visible and spoken announcement remains.
    }
  }
  if (typeof navigator !== 'undefined' && 'vibrate' in navigator) navigator.vibrate([300, 150, 300, 150, 300]);
}
