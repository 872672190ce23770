// A labelled select. It is the browser's native <select>, styled: no JavaScript to download (a
// Radix select cost ~33 KB gzip on the catalogue and recipe pages, a third of the first-load
// budget of DESIGN §6), the phone's own picker, and full keyboard and screen-reader support.
// As the spec asks, no option has an empty value: "no filter" is a real option whose value is ALL
// and which maps to undefined.
import { ChevronDown } from 'lucide-react';
import { useId } from 'react';
import { cn } from '@client/lib/cn';

const ALL = '__all__';
const NONE = '__none__';

export type SelectOption = { value: string; label: string };

type SelectProps = {
  /** Visible label (or read by screen readers only when hideLabel). */
  label: string;
  hideLabel?: boolean;
  /** undefined = the "all" option (or the placeholder when there is no allLabel). */
  value: string | undefined;
  onValueChange: (value: string | undefined) => void;
  options: readonly SelectOption[];
  /** e.g. 'Toutes les catégories': an option meaning no filter. */
  allLabel?: string;
  placeholder?: string;
  disabled?: boolean;
  name?: string;
  className?: string;
};

export function Select({
  label,
  hideLabel = false,
  value,
  onValueChange,
  options,
  allLabel,
  placeholder,
  disabled,
  name,
  className,
}: SelectProps) {
  const id = useId();
  const current = value ?? (allLabel ? ALL : NONE);
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className={cn('text-sm font-semibold text-ink', hideLabel && 'sr-only')}>
        {label}
      </label>
      <div className="relative">
        <select
          id={id}
          name={name}
          value={current}
          disabled={disabled}
          onChange={(e) => onValueChange(e.target.value === ALL || e.target.value === NONE ? undefined : e.target.value)}
          className={cn(
            'h-11 w-full cursor-pointer appearance-none truncate rounded-xl border border-line bg-white pl-3 pr-9 text-base text-ink',
            'hover:border-brand-600 disabled:cursor-not-allowed disabled:opacity-60',
            current === NONE && 'text-muted',
          )}
        >
          {allLabel ? <option value={ALL}>{allLabel}</option> : <option value={NONE} disabled hidden>{placeholder ?? 'Choisir…'}</option>}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
        <ChevronDown aria-hidden="true" className="pointer-events-none absolute right-3 top-1/2 size-4 -translate-y-1/2 text-muted" />
      </div>
    </div>
  );
}
