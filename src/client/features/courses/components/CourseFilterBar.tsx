// The catalogue's filter bar: five labelled selects and the clear-filters button with its count.
import { FilterX } from 'lucide-react';
import { Button } from '@client/components/ui/Button';
import { Select, type SelectOption } from '@client/components/ui/Select';
import { DIETARY_FILTER_LABELS } from '@shared/dietary';
import { cn } from '@client/lib/cn';
import type { CourseFilters, FilterKey, FilterOptions } from '../filters';

type CourseFilterBarProps = {
  filters: CourseFilters;
  options: FilterOptions;
  activeCount: number;
  disabled?: boolean;
  onChange: (key: FilterKey, value: string | undefined) => void;
  onClear: () => void;
};

const FIELDS: { key: FilterKey; label: string; allLabel: string; className?: string }[] = [
  // Short "all" items: on a phone two selects share a row, and the label above already names the filter.
  { key: 'cuisine', label: 'Type de cuisine', allLabel: 'Toutes' },
  { key: 'difficulty', label: 'Difficulté', allLabel: 'Tous' },
  { key: 'chef', label: 'Chef', allLabel: 'Tous' },
  { key: 'format', label: 'Format', allLabel: 'Tous' },
  { key: 'diet', label: 'Régime et allergies', allLabel: 'Tous', className: 'col-span-2 lg:col-span-1' },
];

/** A value from the URL that no loaded course has still shows in its select rather than a blank. */
function withCurrent(options: SelectOption[], value: string | undefined, key: FilterKey): SelectOption[] {
  if (!value || options.some((o) => o.value === value)) return options;
  return [...options, { value, label: key === 'chef' ? 'Chef sélectionné' : key === 'diet' ? (DIETARY_FILTER_LABELS as Record<string, string>)[value] ?? value : value }];
}

export function CourseFilterBar({ filters, options, activeCount, disabled, onChange, onClear }: CourseFilterBarProps) {
  return (
    <section aria-label="Filtres des cours" className="mb-8 rounded-2xl border border-line bg-white p-4 shadow-sm sm:p-5">
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-[repeat(5,minmax(0,1fr))_auto] lg:items-end">
        {FIELDS.map(({ key, label, allLabel, className }) => (
          <Select
            key={key}
            label={label}
            name={key}
            value={filters[key]}
            onValueChange={(v) => onChange(key, v)}
            options={withCurrent(options[key], filters[key], key)}
            allLabel={allLabel}
            disabled={disabled}
            className={cn('min-w-0', className)}
          />
        ))}
        <Button
          variant="secondary"
          onClick={onClear}
          disabled={activeCount === 0}
          className="col-span-2 lg:col-span-1"
        >
          <FilterX aria-hidden="true" className="size-4" />
          Effacer les filtres
          <span className="inline-flex min-w-6 items-center justify-center rounded-full bg-brand-700 px-1.5 text-sm text-white">
            {activeCount}
            <span className="sr-only"> {activeCount > 1 ? 'actifs' : 'actif'}</span>
          </span>
        </Button>
      </div>
    </section>
  );
}
