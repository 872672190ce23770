// − / count / + for the servings the ingredients are written for; the new count is read out politely.
import { Minus, Plus } from 'lucide-react';
import { cn } from '@client/lib/cn';
import { MAX_SERVINGS, MIN_SERVINGS } from '../use-servings';

type Props = { servings: number; onChange: (servings: number) => void; className?: string };

const stepButton =
  'inline-flex size-11 items-center justify-center rounded-full border border-brand-700 bg-white text-brand-800 transition-colors hover:bg-brand-50 aria-disabled:cursor-not-allowed aria-disabled:opacity-50 aria-disabled:hover:bg-white';

export function ServingsStepper({ servings, onChange, className }: Props) {
  const atMin = servings <= MIN_SERVINGS;
  const atMax = servings >= MAX_SERVINGS;
  // aria-disabled, not disabled: the button keeps the focus of a reader pressing it down to the bound.
  return (
    <div role="group" aria-label="Nombre de portions" className={cn('inline-flex items-center gap-3', className)}>
      <button type="button" className={stepButton} aria-label="Retirer une portion" aria-disabled={atMin || undefined} onClick={() => !atMin && onChange(servings - 1)}>
        <Minus aria-hidden="true" className="size-5" />
      </button>
      <p role="status" aria-live="polite" className="min-w-[7.5rem] text-center font-semibold text-ink">
        Portions : <span className="tabular-nums">{servings}</span>
      </p>
      <button type="button" className={stepButton} aria-label="Ajouter une portion" aria-disabled={atMax || undefined} onClick={() => !atMax && onChange(servings + 1)}>
        <Plus aria-hidden="true" className="size-5" />
      </button>
    </div>
  );
}
