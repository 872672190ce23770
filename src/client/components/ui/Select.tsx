// A labelled select on Radix (keyboard, screen readers, phone-friendly). Radix forbids an item with an
// empty value (spec §5 too), so "no filter" is a real item whose value is ALL and maps to undefined.
import * as RadixSelect from '@radix-ui/react-select';
import { Check, ChevronDown } from 'lucide-react';
import { useId } from 'react';
import { cn } from '@client/lib/cn';

const ALL = '__all__';

export type SelectOption = { value: string; label: string };

type SelectProps = {
  /** Visible label (or read by screen readers only when hideLabel). */
  label: string;
  hideLabel?: boolean;
  /** undefined = the "all" item (or the placeholder when there is no allLabel). */
  value: string | undefined;
  onValueChange: (value: string | undefined) => void;
  options: readonly SelectOption[];
  /** e.g. 'Toutes les catégories': an item meaning no filter. */
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
  const current = value ?? (allLabel ? ALL : undefined);
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} id={`${id}-label`} className={cn('text-sm font-semibold text-ink', hideLabel && 'sr-only')}>
        {label}
      </label>
      <RadixSelect.Root
        value={current}
        onValueChange={(v) => onValueChange(v === ALL ? undefined : v)}
        disabled={disabled}
        name={name}
      >
        <RadixSelect.Trigger
          id={id}
          aria-labelledby={`${id}-label ${id}`}
          className={cn(
            'inline-flex h-11 w-full items-center justify-between gap-2 rounded-xl border border-line bg-white px-3 text-left text-base text-ink',
            'hover:border-brand-600 data-[placeholder]:text-muted disabled:opacity-60',
          )}
        >
          {/* One line however narrow the trigger (two selects side by side on a phone). */}
          <span className="min-w-0 truncate">
            <RadixSelect.Value placeholder={placeholder ?? allLabel ?? 'Choisir…'} />
          </span>
          <RadixSelect.Icon>
            <ChevronDown aria-hidden="true" className="size-4 text-muted" />
          </RadixSelect.Icon>
        </RadixSelect.Trigger>
        <RadixSelect.Portal>
          <RadixSelect.Content
            position="popper"
            sideOffset={6}
            className="z-50 max-h-[min(var(--radix-select-content-available-height),22rem)] min-w-[var(--radix-select-trigger-width)] overflow-hidden rounded-xl border border-line bg-white shadow-lg"
          >
            <RadixSelect.Viewport className="p-1">
              {allLabel ? <Item value={ALL} label={allLabel} /> : null}
              {options.map((o) => (
                <Item key={o.value} value={o.value} label={o.label} />
              ))}
            </RadixSelect.Viewport>
          </RadixSelect.Content>
        </RadixSelect.Portal>
      </RadixSelect.Root>
    </div>
  );
}

function Item({ value, label }: SelectOption) {
  return (
    <RadixSelect.Item
      value={value}
      className="relative flex min-h-10 cursor-pointer select-none items-center rounded-lg py-2 pl-8 pr-3 text-ink outline-none data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-800 data-[state=checked]:font-semibold"
    >
      <RadixSelect.ItemIndicator className="absolute left-2 inline-flex">
        <Check aria-hidden="true" className="size-4" />
      </RadixSelect.ItemIndicator>
      <RadixSelect.ItemText>{label}</RadixSelect.ItemText>
    </RadixSelect.Item>
  );
}
