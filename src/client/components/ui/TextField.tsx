// A labelled text input with an optional hint and a French error under it. The ref reaches the
// <input>, so react-hook-form's register() works as is. The error is tied to the input
// (aria-invalid, aria-describedby) so a screen reader says it when the field takes focus.
import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { cn } from '@client/lib/cn';

export type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  label: string;
  hint?: ReactNode;
  /** The French message shown under the field; the field is marked invalid while it is set. */
  error?: string;
  /** Classes of the wrapper (label, input, messages). */
  className?: string;
  inputClassName?: string;
};

export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, hint, error, className, inputClassName, readOnly, ...rest },
  ref,
) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-semibold text-ink">
        {label}
      </label>
      <input
        ref={ref}
        id={id}
        readOnly={readOnly}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={cn(
          'h-11 w-full rounded-xl border border-line bg-white px-3 text-base text-ink placeholder:text-muted',
          'hover:border-brand-600 disabled:cursor-not-allowed disabled:opacity-60',
          readOnly && 'cursor-default bg-cream text-muted hover:border-line',
          error && 'border-brand-700 hover:border-brand-700',
          inputClassName,
        )}
        {...rest}
      />
      {error ? (
        <p id={errorId} className="text-sm font-semibold text-brand-800">
          {error}
        </p>
      ) : null}
      {hint ? (
        <p id={hintId} className="text-sm text-muted">
          {hint}
        </p>
      ) : null}
    </div>
  );
});
