// A labelled input of the dark payment panel, its error tied to it (aria-describedby, aria-invalid).
import { forwardRef, useId, type InputHTMLAttributes } from 'react';
import { cn } from '@client/lib/cn';

type CardFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  label: string;
  error?: string;
  hint?: string;
  className?: string;
};

export const CardField = forwardRef<HTMLInputElement, CardFieldProps>(function CardField(
  { label, error, hint, className, ...input },
  ref,
) {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-semibold text-white">
        {label}
      </label>
      <input
        ref={ref}
        id={id}
        type="text"
        aria-invalid={error ? true : undefined}
        aria-describedby={[errorId, hintId].filter(Boolean).join(' ') || undefined}
        className={cn(
          'h-12 w-full rounded-xl border bg-white/[0.07] px-3 text-base tracking-wide text-white placeholder:text-white/55',
          'hover:border-white/60 focus-visible:border-saffron focus-visible:outline-saffron disabled:opacity-60',
          error ? 'border-red-300' : 'border-white/30',
        )}
        {...input}
      />
      {hint ? (
        <p id={hintId} className="text-xs text-white/75">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-red-200">
          {error}
        </p>
      ) : null}
    </div>
  );
});
