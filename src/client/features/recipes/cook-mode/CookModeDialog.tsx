// 'Mode cuisine': the recipe one step at a time in large type over the whole screen (Radix Dialog:
// focus kept inside, Escape closes), Précédent / Suivant or the arrow keys, the ingredients for the
// chosen servings beside it (a toggle on a phone), the screen kept on where the browser allows, and
// timers started from the durations in a step. Loaded only when opened (see RecipeContent).
import * as Dialog from '@radix-ui/react-dialog';
import { ArrowLeft, ArrowRight, BellRing, ListChecks, Sun, Timer, X } from 'lucide-react';
import { useCallback, useMemo, useState, type KeyboardEvent } from 'react';
import { findDurations, formatTimerLength } from '@shared/recipes/durations';
import { Button } from '@client/components/ui/Button';
import { cn } from '@client/lib/cn';
import { prepareAlarm, ringAlarm } from './alarm';
import { TimerList } from './TimerList';
import { useCookTimers, type CookTimer } from './use-cook-timers';
import { useWakeLock } from './use-wake-lock';

type Props = { recipeName: string; servings: number; ingredients: string[]; steps: string[]; onClose: () => void };

export default function CookModeDialog({ recipeName, servings, ingredients, steps, onClose }: Props) {
  const [index, setIndex] = useState(0);
  const [showIngredients, setShowIngredients] = useState(false);
  const [finished, setFinished] = useState<string | null>(null);
  const awake = useWakeLock(true);

  const onDone = useCallback((t: CookTimer) => {
    ringAlarm();
    setFinished(`Minuteur terminé : ${t.label} — Étape ${t.step}`);
  }, []);
  const { timers, start, pause, resume, stop, leftOf } = useCookTimers(onDone);

  const last = steps.length - 1;
  const go = useCallback((to: number) => setIndex(Math.min(last, Math.max(0, to))), [last]);
  const step = steps[index] ?? '';
  const durations = useMemo(() => findDurations(step), [step]);

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.key === 'ArrowRight') {
      e.preventDefault();
      go(index + 1);
    } else if (e.key === 'ArrowLeft') {
      e.preventDefault();
      go(index - 1);
    }
  };

  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Content
          aria-describedby={undefined}
          onKeyDown={onKeyDown}
          // The page puts the focus back on its 'Mode cuisine' button (this dialog is unmounted on close).
          onCloseAutoFocus={(e) => e.preventDefault()}
          className="fixed inset-0 z-50 flex flex-col bg-cream text-ink focus:outline-none"
        >
          <div className="flex items-center gap-3 border-b border-line bg-white px-4 py-3 sm:px-6">
            <div className="min-w-0 flex-1">
              <Dialog.Title className="font-display text-xl font-semibold sm:text-2xl">Mode cuisine</Dialog.Title>
              <p className="truncate text-sm text-muted">
                {recipeName} · {servings} portion{servings > 1 ? 's' : ''}
              </p>
            </div>
            {awake ? (
              <p className="hidden items-center gap-1.5 text-sm text-herb sm:inline-flex">
                <Sun aria-hidden="true" className="size-4" />
                Écran maintenu allumé
              </p>
            ) : null}
            <Button
              variant="secondary"
              size="sm"
              className="aria-expanded:bg-brand-100 lg:hidden"
              aria-expanded={showIngredients}
              aria-controls="cook-ingredients"
              onClick={() => setShowIngredients((v) => !v)}
            >
              <ListChecks aria-hidden="true" className="size-4" />
              Ingrédients
            </Button>
            <Dialog.Close
              aria-label="Fermer le mode cuisine"
              className="inline-flex size-11 items-center justify-center rounded-full text-muted hover:bg-brand-50 hover:text-brand-800"
            >
              <X aria-hidden="true" className="size-6" />
            </Dialog.Close>
          </div>

          <div className="relative flex min-h-0 flex-1">
            <section
              id="cook-ingredients"
              aria-labelledby="cook-ingredients-title"
              className={cn(
                'overflow-y-auto border-line bg-white p-5 lg:static lg:block lg:w-80 lg:shrink-0 lg:border-r',
                showIngredients ? 'absolute inset-0 z-10 block' : 'hidden',
              )}
            >
              <h2 id="cook-ingredients-title" className="text-xl font-semibold">
                Ingrédients
              </h2>
              <p className="mb-3 text-sm text-muted">Pour {servings} portion{servings > 1 ? 's' : ''}</p>
              <ul className="space-y-2">
                {ingredients.map((item, i) => (
                  <li key={i} className="flex gap-3 text-lg leading-snug">
                    <span aria-hidden="true" className="mt-2.5 size-1.5 shrink-0 rounded-full bg-brand-600" />
                    {item}
                  </li>
                ))}
              </ul>
            </section>

            <div className="flex min-w-0 flex-1 flex-col gap-6 overflow-y-auto px-5 py-6 sm:px-10 sm:py-10">
              {awake ? (
                <p className="inline-flex items-center gap-1.5 text-sm text-herb sm:hidden">
                  <Sun aria-hidden="true" className="size-4" />
                  Écran maintenu allumé
                </p>
              ) : null}
              <div aria-live="polite" aria-atomic="true" className="mx-auto w-full max-w-3xl">
                <h2 className="text-lg font-semibold uppercase tracking-wide text-brand-800">
                  Étape {index + 1} sur {steps.length}
                </h2>
                <p className="mt-3 text-2xl leading-snug sm:text-4xl sm:leading-snug" data-testid="cook-step">
                  {step}
                </p>
              </div>

              {durations.length > 0 ? (
                <div className="mx-auto flex w-full max-w-3xl flex-wrap gap-3">
                  {durations.map((d) => {
                    const id = `${index}:${d.index}`;
                    const label = formatTimerLength(d.seconds);
                    const running = timers.some((t) => t.id === id && t.status !== 'done');
                    return (
                      <Button
                        key={id}
                        variant="secondary"
                        // aria-disabled keeps the focus on the button just pressed.
                        aria-disabled={running || undefined}
                        onClick={() => {
                          if (running) return;
                          prepareAlarm();
                          start(id, label, index + 1, d.seconds);
                        }}
                      >
                        <Timer aria-hidden="true" className="size-5" />
                        Minuteur {label}
                        {running ? <span className="font-normal"> (en cours)</span> : null}
                      </Button>
                    );
                  })}
                </div>
              ) : null}

              <div className="mx-auto w-full max-w-3xl">
                <TimerList timers={timers} leftOf={leftOf} onPause={pause} onResume={resume} onStop={stop} />
              </div>
            </div>
          </div>

          <div role="alert" className="empty:hidden">
            {finished ? (
              <div className="flex items-center gap-3 bg-saffron px-4 py-3 text-lg font-semibold text-ink sm:px-6">
                <BellRing aria-hidden="true" className="size-6 shrink-0" />
                <span className="flex-1">{finished}</span>
                <button
                  type="button"
                  className="inline-flex size-10 items-center justify-center rounded-full hover:bg-white/40"
                  aria-label="Masquer l'annonce"
                  onClick={() => setFinished(null)}
                >
                  <X aria-hidden="true" className="size-5" />
                </button>
              </div>
            ) : null}
          </div>

          <nav aria-label="Étapes" className="grid grid-cols-2 gap-3 border-t border-line bg-white px-4 py-3 sm:px-6">
            <Button variant="secondary" size="lg" aria-disabled={index === 0 || undefined} onClick={() => go(index - 1)}>
              <ArrowLeft aria-hidden="true" className="size-5 shrink-0" />
              Précédent
            </Button>
            <Button size="lg" aria-disabled={index === last || undefined} onClick={() => go(index + 1)}>
              Suivant
              <ArrowRight aria-hidden="true" className="size-5 shrink-0" />
            </Button>
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
