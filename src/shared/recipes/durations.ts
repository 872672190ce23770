// Durations in the text of a recipe step ('10 minutes', '1 h 30', 'de 20 à 25 min', '30 secondes'):
// what cook mode offers as timers. A range keeps both ends; the timer runs to the upper one (the
// step's own 'jusqu'à ce que…' tells the cook when to stop earlier).

export type FoundDuration = {
  /** The words as they are in the step ('3 à 5 minutes'). */
  text: string;
  index: number;
  /** The timer's length: the upper end of a range. */
  seconds: number;
  minSeconds: number;
  maxSeconds: number;
};

const NUM = '(\\d+(?:[.,]\\d+)?|une?)';
const HOURS = '(?:h|hr|hrs|heures?)';
const MINUTES = '(?:min|mins|minutes?|mn)';
const SECONDS = '(?:s|sec|secs|secondes?)';
const UNIT = `(${HOURS}|${MINUTES}|${SECONDS})`;
// '1 h 30', '2 heures 30 minutes', '1h30', '1 heure et demie'
const HOUR_TAIL = `(?:\\s*(?:et\\s+)?(\\d{1,2})(?:\\s*${MINUTES})?|\\s+et\\s+(demie))?`;

const PATTERN = new RegExp(
  `(?<![\\p{L}\\d,.])(?:de\\s+)?${NUM}(?:\\s*(?:à|-|–|ou)\\s*${NUM})?\\s*${UNIT}${HOUR_TAIL}(?![\\p{L}\\d])`,
  'giu',
);

const numberOf = (text: string): number => {
  const t = text.toLowerCase();
  if (t === 'un' || t === 'une') return 1;
  return Number(t.replace(',', '.'));
};

const unitSeconds = (unit: string): number => {
  const u = unit.toLowerCase();
  if (/^(?:h|hr|hrs|heures?)$/.test(u)) return 3600;
  if (/^(?:min|mins|minutes?|mn)$/.test(u)) return 60;
  return 1;
};

/** Every duration in a step, in reading order. */
export function findDurations(step: string): FoundDuration[] {
  const found: FoundDuration[] = [];
  for (const m of step.matchAll(PATTERN)) {
    const [text, a, b, unit, tailMinutes, half] = m as unknown as [string, string, string | undefined, string, string | undefined, string | undefined];
    const per = unitSeconds(unit);
    let extra = 0;
    if (per === 3600) {
      if (tailMinutes) extra = Number(tailMinutes) * 60;
      if (half) extra = 1800;
    } else if (tailMinutes || half) {
      continue;
    }
    const lo = Math.round(numberOf(a) * per);
    const hi = b ? Math.round(numberOf(b) * per) : lo;
    if (!(lo > 0) || !(hi >= lo)) continue;
    found.push({ text: text.trim(), index: m.index ?? 0, seconds: hi + extra, minSeconds: lo + extra, maxSeconds: hi + extra });
  }
  return found;
}

/** A length for a button or a list ('10 min', '1 h 30', '45 s', '2 h'). */
export function formatTimerLength(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  if (h > 0) return m > 0 ? `${h}\u00a0h\u00a0${String(m).padStart(2, '0')}` : `${h}\u00a0h`;
  if (m > 0) return s > 0 ? `${m} min ${String(s).padStart(2, '0')} s` : `${m} min`;
  return `${s} s`;
}

/** What is left on a running timer, as a clock ('9:58', '1:02:05'). */
export function formatRemaining(seconds: number): string {
  const t = Math.max(0, Math.ceil(seconds));
  const h = Math.floor(t / 3600);
  const m = Math.floor((t % 3600) / 60);
  const s = t % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}
