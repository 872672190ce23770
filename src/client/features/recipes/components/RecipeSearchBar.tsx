// Search box (debounced by the page) and the category and duration selects of the library.
import { Search, X } from 'lucide-react';
import { useId } from 'react';
import { DURATION_FILTERS, DURATION_FILTER_LABELS, RECIPE_CATEGORIES, RECIPE_CATEGORY_LABELS } from '@shared/catalog';
import { Select } from '@client/components/ui/Select';
import type { RecipeSearch } from '../api';
import { MAX_SEARCH_LENGTH } from '../search-params';

const CATEGORY_OPTIONS = RECIPE_CATEGORIES.map((value) => ({ value, label: RECIPE_CATEGORY_LABELS[value] }));
const DURATION_OPTIONS = DURATION_FILTERS.map((value) => ({ value, label: DURATION_FILTER_LABELS[value] }));

type RecipeSearchBarProps = {
  text: string;
  onTextChange: (text: string) => void;
  category: RecipeSearch['category'];
  duration: RecipeSearch['duration'];
  onCategoryChange: (value: string | undefined) => void;
  onDurationChange: (value: string | undefined) => void;
};

export function RecipeSearchBar({ text, onTextChange, category, duration, onCategoryChange, onDurationChange }: RecipeSearchBarProps) {
  const searchId = useId();
  return (
    <section
      aria-label="Recherche et filtres"
      className="mb-8 grid grid-cols-2 gap-3 rounded-2xl border border-line bg-white p-4 shadow-sm sm:gap-4 sm:p-5 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)] lg:items-end"
    >
      <div role="search" className="col-span-2 flex flex-col gap-1.5 lg:col-span-1">
        <label htmlFor={searchId} className="text-sm font-semibold text-ink">
          Rechercher une recette
        </label>
        <div className="relative">
          <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 size-5 -translate-y-1/2 text-muted" />
          <input
            id={searchId}
            type="search"
            value={text}
            onChange={(e) => onTextChange(e.target.value)}
            maxLength={MAX_SEARCH_LENGTH}
            placeholder="Tarte, soupe, tourtière…"
            autoComplete="off"
            enterKeyHint="search"
            className="h-11 w-full rounded-xl border border-line bg-white pl-10 pr-11 text-base text-ink placeholder:text-muted hover:border-brand-600 [&::-webkit-search-cancel-button]:appearance-none"
          />
          {text ? (
            <button
              type="button"
              onClick={() => onTextChange('')}
              aria-label="Effacer la recherche"
              className="absolute right-1 top-1/2 inline-flex size-9 -translate-y-1/2 items-center justify-center rounded-full text-muted hover:bg-brand-50 hover:text-brand-800"
            >
              <X aria-hidden="true" className="size-4" />
            </button>
          ) : null}
        </div>
      </div>
      {/* Short "all" items: on a phone both selects share a row under their labels. */}
      <Select
        label="Catégorie"
        name="category"
        value={category}
        onValueChange={onCategoryChange}
        options={CATEGORY_OPTIONS}
        allLabel="Toutes"
        className="min-w-0"
      />
      <Select
        label="Durée"
        name="duration"
        value={duration}
        onValueChange={onDurationChange}
        options={DURATION_OPTIONS}
        allLabel="Toutes"
        className="min-w-0"
      />
    </section>
  );
}
