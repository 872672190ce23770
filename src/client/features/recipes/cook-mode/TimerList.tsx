// The timers under way in cook mode, whatever the step on screen: time left, pause/resume, stop.
import { Pause, Play, Square, X } from 'lucide-react';
import { formatRemaining } from '@shared/recipes/durations';
import { cn } from '@client/lib/cn';
import type { CookTimer } from './use-cook-timers';

type Props = {
  timers: CookTimer[];
  leftOf: (t: CookTimer) => number;
  onPause: (id: string) => void;
  onResume: (id: string) => void;
  onStop: (id: string) => void;
};

const small = 'inline-flex size-10 items-center justify-center rounded-full border border-line bg-white text-ink hover:bg-brand-50 hover:text-brand-800';

export function TimerList({ timers, leftOf, onPause, onResume, onStop }: Props) {
  if (timers.length === 0) return null;
  return (
    <section aria-labelledby="cook-timers" className="rounded-2xl border border-line bg-white p-3 shadow-sm sm:p-4">
      <h2 id="cook-timers" className="mb-2 text-lg font-semibold text-ink">
        Minuteurs
      </h2>
      <ul className="space-y-2">
        {timers.map((t) => {
          const name = `minuteur ${t.label}, étape ${t.step}`;
          return (
            <li key={t.id} className={cn('flex items-center gap-3 rounded-xl px-3 py-2', t.status === 'done' ? 'bg-saffron/25' : 'bg-cream')}>
              <div className="min-w-0 flex-1">
                <p className="font-semibold text-ink">{t.label}</p>
                <p className="text-sm text-muted">
                  Étape {t.step} · {t.status === 'paused' ? 'En pause' : t.status === 'done' ? 'Terminé' : 'En cours'}
                </p>
              </div>
              <span role="timer" aria-label={`Temps restant, ${name}`} className="font-display text-2xl font-semibold tabular-nums text-ink">
                {formatRemaining(leftOf(t) / 1000)}
              </span>
              {t.status === 'running' ? (
                <button type="button" className={small} aria-label={`Pause, ${name}`} onClick={() => onPause(t.id)}>
                  <Pause aria-hidden="true" className="size-4" />
                </button>
              ) : t.status === 'paused' ? (
                <button type="button" className={small} aria-label={`Reprendre, ${name}`} onClick={() => onResume(t.id)}>
                  <Play aria-hidden="true" className="size-4" />
                </button>
              ) : null}
              <button type="button" className={small} aria-label={`${t.status === 'done' ? 'Retirer' : 'Arrêter'}, ${name}`} onClick={() => onStop(t.id)}>
                {t.status === 'done' ? <X aria-hidden="true" className="size-4" /> : <Square aria-hidden="true" className="size-4" />}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
