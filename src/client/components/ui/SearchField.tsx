// The one search box of the site's lists (the recipe library, the admin's clients, recipes and
// orders): a labelled search input with its magnifier, a clear button once something is typed, and
// the number of results, said politely to screen readers when it changes. The page debounces the
// text and decides what it searches.
//   <SearchField label="Rechercher un client" value={text} onChange={setText} count={list.data ? '3 clients' : null} />
import { Search, X } from 'lucide-react';
import { useId, useRef, type ReactNode } from 'react';
import { MAX_SEARCH_LENGTH } from '@shared/catalog';
import { cn } from '@client/lib/cn';

type SearchFieldProps = {
  /** What the field searches, as its label (« Rechercher une recette »). */
  label: string;
  /** The label for screen readers only, where the page's title already says what is searched. */
  hideLabel?: boolean;
  value: string;
  onChange: (text: string) => void;
  placeholder?: string;
  /** The number of results in words (« 3 clients »); null while unknown. Omitted: no count line. */
  count?: ReactNode;
  maxLength?: number;
  className?: string;
};

export function SearchField({ label, hideLabel = false, value, onChange, placeholder, count, maxLength = MAX_SEARCH_LENGTH, className }: SearchFieldProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  return (
    <div role="search" className={cn('flex w-full flex-col gap-1.5', className)}>
      <label htmlFor={id} className={hideLabel ? 'sr-only' : 'text-sm font-semibold text-ink'}>
        {label}
      </label>
      <div className="relative">
        <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 size-5 -translate-y-1/2 text-muted" />
        <input
          ref={input}
          id={id}
          type="search"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          maxLength={maxLength}
          placeholder={placeholder}
          autoComplete="off"
          enterKeyHint="search"
          aria-describedby={count === undefined ? undefined : `${id}-count`}
          className="h-11 w-full rounded-xl border border-line bg-white pl-10 pr-11 text-base text-ink placeholder:text-muted hover:border-brand-600 [&::-webkit-search-cancel-button]:appearance-none"
        />
        {value ? (
          <button
            type="button"
            onClick={() => {
              onChange('');
              input.current?.focus();
            }}
            aria-label="Effacer la recherche"
            className="absolute right-1 top-1/2 inline-flex size-9 -translate-y-1/2 items-center justify-center rounded-full text-muted hover:bg-brand-50 hover:text-brand-800"
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        ) : null}
      </div>
      {/* Its line is kept while the count is unknown, so the list below does not move when it comes. */}
      {count === undefined ? null : (
        <p id={`${id}-count`} aria-live="polite" className="min-h-5 text-sm text-muted">
          {count}
        </p>
      )}
    </div>
  );
}
