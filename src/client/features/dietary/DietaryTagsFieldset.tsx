// The admin's « Allergènes et régimes » checkboxes, in the recipe and the course forms: what the dish
// contains, whom it suits. Saving the form gives the allergens (none ticked: none of these); until
// then a recipe or class is left out of every « Sans … » filter (@shared/dietary).
import { useId } from 'react';
import { ALLERGENS, ALLERGEN_LABELS, DIETS, DIET_LABELS, inListOrder, type Allergen, type Diet } from '@shared/dietary';
import { cn } from '@client/lib/cn';

type DietaryTagsFieldsetProps = {
  allergens: Allergen[];
  diets: Diet[];
  /** The entry's allergens were never given (from before the tags, or created through the API without them). */
  undeclared?: boolean;
  onChange: (next: { allergens: Allergen[]; diets: Diet[] }) => void;
  /** The first sentence of the hint, naming what is described (« Cochez ce que la recette contient. »). */
  tickWhat: string;
  className?: string;
};

const boxClass =
  'flex min-h-11 cursor-pointer items-center gap-2.5 rounded-xl border border-line bg-white px-3 py-2 text-sm text-ink hover:border-brand-600 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50';

export function DietaryTagsFieldset({ allergens: given, diets, undeclared = false, onChange, tickWhat, className }: DietaryTagsFieldsetProps) {
  const ids = useId();
  const toggle = <T extends string>(list: readonly T[], values: T[], value: T, on: boolean) =>
    inListOrder(list, on ? [...values, value] : values.filter((v) => v !== value));

  return (
    <div className={cn('flex flex-col gap-4', className)}>
      <fieldset aria-describedby={`${ids}-allergens-hint`}>
        <legend className="mb-1 text-sm font-semibold text-ink">Allergènes</legend>
        <p id={`${ids}-allergens-hint`} className="mb-2 text-sm text-muted">
          {tickWhat} Aucune case cochée : aucun de ces allergènes.
          {undeclared ? ' Pas encore précisés : les filtres « Sans … » l’écartent jusqu’à l’enregistrement.' : null}
        </p>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          {ALLERGENS.map((a) => (
            <label key={a} className={boxClass}>
              <input
                type="checkbox"
                name="allergens"
                value={a}
                className="size-5 accent-brand-700"
                checked={given.includes(a)}
                onChange={(e) => onChange({ allergens: toggle(ALLERGENS, given, a, e.target.checked), diets })}
              />
              {ALLERGEN_LABELS[a]}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend className="mb-2 text-sm font-semibold text-ink">Convient aux régimes</legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          {DIETS.map((d) => (
            <label key={d} className={boxClass}>
              <input
                type="checkbox"
                name="diets"
                value={d}
                className="size-5 accent-brand-700"
                checked={diets.includes(d)}
                onChange={(e) => onChange({ allergens: given, diets: toggle(DIETS, diets, d, e.target.checked) })}
              />
              {DIET_LABELS[d]}
            </label>
          ))}
        </div>
      </fieldset>
    </div>
  );
}
