// Search box (debounced by the page) and the category, duration and diet selects of the library.
import { DURATION_FILTERS, DURATION_FILTER_LABELS, RECIPE_CATEGORIES, RECIPE_CATEGORY_LABELS } from '@shared/catalog';
import { DIETARY_FILTERS, DIETARY_FILTER_LABELS } from '@shared/dietary';
import { SearchField } from '@client/components/ui/SearchField';
import { Select } from '@client/components/ui/Select';
import type { RecipeSearch } from '../api';
import { MAX_SEARCH_LENGTH } from '../search-params';

const CATEGORY_OPTIONS = RECIPE_CATEGORIES.map((value) => ({ value, label: RECIPE_CATEGORY_LABELS[value] }));
const DURATION_OPTIONS = DURATION_FILTERS.map((value) => ({ value, label: DURATION_FILTER_LABELS[value] }));
const DIET_OPTIONS = DIETARY_FILTERS.map((value) => ({ value, label: DIETARY_FILTER_LABELS[value] }));

type RecipeSearchBarProps = {
  text: string;
  onTextChange: (text: string) => void;
  category: RecipeSearch['category'];
  duration: RecipeSearch['duration'];
  diet: RecipeSearch['diet'];
  onCategoryChange: (value: string | undefined) => void;
  onDurationChange: (value: string | undefined) => void;
  onDietChange: (value: string | undefined) => void;
};

export function RecipeSearchBar({ text, onTextChange, category, duration, diet, onCategoryChange, onDurationChange, onDietChange }: RecipeSearchBarProps) {
  return (
    <section
      aria-label="Recherche et filtres"
      className="mb-8 grid grid-cols-2 gap-3 rounded-2xl border border-line bg-white p-4 shadow-sm sm:gap-4 sm:p-5 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1.2fr)] lg:items-end"
    >
      <SearchField
        label="Rechercher une recette"
        value={text}
        onChange={onTextChange}
        maxLength={MAX_SEARCH_LENGTH}
        placeholder="Tarte, soupe, tourtière…"
        className="col-span-2 lg:col-span-1"
      />
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
      <Select
        label="Régime et allergies"
        name="diet"
        value={diet}
        onValueChange={onDietChange}
        options={DIET_OPTIONS}
        allLabel="Tous"
        className="col-span-2 min-w-0 lg:col-span-1"
      />
    </section>
  );
}
