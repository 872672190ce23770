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

export function DietaryTagsFieldset({ allergens, diets, undeclared = false, onChange, tickWhat, className }: DietaryTagsFieldsetProps) {
  const ids = useId();
  return (
    <div className={cn('flex flex-col gap-4', className)}>
      <fieldset aria-describedby={`${ids}-allergens-hint`}>
        <legend className="mb-1 text-sm font-semibold text-ink">Allergènes</legend>
        <p id={`${ids}-allergens-hint`} className="mb-2 text-sm text-muted">
          {tickWhat} Aucune case cochée : aucun de ces allergènes.
          {undeclared ? ' Pas encore précisés : les filtres « Sans … » l’écartent jusqu’à l’enregistrement.' : null}
        </p>
        <Boxes name="allergens" list={ALLERGENS} labels={ALLERGEN_LABELS} ticked={allergens} onTick={(next) => onChange({ allergens: next, diets })} />
      </fieldset>
      <fieldset>
        <legend className="mb-2 text-sm font-semibold text-ink">Convient aux régimes</legend>
        <Boxes name="diets" list={DIETS} labels={DIET_LABELS} ticked={diets} onTick={(next) => onChange({ allergens, diets: next })} />
      </fieldset>
    </div>
  );
}

/** One checkbox per code of `list`, ticked ones given back in the list's order (the seats' needs use it too). */
export function Boxes<T extends string>({ name, list, labels, ticked, onTick }: { name: string; list: readonly T[]; labels: Record<T, string>; ticked: T[]; onTick: (next: T[]) => void }) {
  return (
    <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
      {list.map((value) => (
        <label key={value} className={boxClass}>
          <input
            type="checkbox"
            name={name}
            value={value}
            className="size-5 accent-brand-700"
            checked={ticked.includes(value)}
            onChange={(e) => onTick(inListOrder(list, e.target.checked ? [...ticked, value] : ticked.filter((v) => v !== value)))}
          />
          {labels[value]}
        </label>
      ))}
    </div>
  );
}
