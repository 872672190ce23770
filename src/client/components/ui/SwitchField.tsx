// One setting as an on/off switch (e-mail preferences, « Mon crédit »): a real checkbox (role switch) under a visible track,
// with its label and a line of help tied to it.
import { useId } from 'react';
import { cn } from '@client/lib/cn';

type Props = { label: string; help: string; checked: boolean; disabled?: boolean; onChange: (checked: boolean) => void };

export function SwitchField({ label, help, checked, disabled, onChange }: Props) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4 py-4">
      <div className="min-w-0">
        <label htmlFor={id} className="font-semibold text-ink">
          {label}
        </label>
        <p id={`${id}-help`} className="mt-1 text-sm text-muted">
          {help}
        </p>
      </div>
      <span className="relative mt-0.5 inline-flex shrink-0">
        <input
          id={id}
          type="checkbox"
          role="switch"
          aria-describedby={`${id}-help`}
          checked={checked}
          disabled={disabled}
          onChange={(e) => onChange(e.target.checked)}
          className="peer absolute inset-0 z-10 size-full cursor-pointer opacity-0 disabled:cursor-not-allowed"
        />
        <span
          aria-hidden="true"
          className={cn(
            'flex h-7 w-12 items-center rounded-full p-0.5 transition-colors peer-focus-visible:outline peer-focus-visible:outline-[3px] peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600 peer-disabled:opacity-60',
            checked ? 'bg-brand-700' : 'bg-muted/40',
          )}
        >
          <span className={cn('size-6 rounded-full bg-white shadow transition-transform motion-reduce:transition-none', checked ? 'translate-x-5' : 'translate-x-0')} />
        </span>
      </span>
    </div>
  );
}
