// A labelled text input with its hint and its error message, tied to the input for assistive tech
// (aria-describedby, aria-invalid). Spread react-hook-form's register() into it:
//   <TextField label="Nom complet" error={errors.name?.message} autoComplete="name" {...register('name')} />
import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { cn } from '@client/lib/cn';

export type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  label: string;
  /** The French message of what is wrong with the value, shown under the input. */
  error?: string;
  /** A short help text under the input (e.g. the password rule). */
  hint?: ReactNode;
  /** Something at the end of the label's line (e.g. a 'Mot de passe oublié ?' link). */
  labelAction?: ReactNode;
  className?: string;
};

export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, hint, labelAction, className, type = 'text', readOnly, ...input },
  ref,
) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={id} className="text-sm font-semibold text-ink">
          {label}
        </label>
        {labelAction}
      </div>
      <input
        ref={ref}
        id={id}
        type={type}
        readOnly={readOnly}
        aria-invalid={error ? true : undefined}
        aria-describedby={[errorId, hintId].filter(Boolean).join(' ') || undefined}
        className={cn(
          'h-11 w-full rounded-xl border bg-white px-3 text-base text-ink placeholder:text-muted',
          'hover:border-brand-600 disabled:cursor-not-allowed disabled:opacity-60',
          error ? 'border-red-700' : 'border-line',
          readOnly && 'cursor-default bg-cream text-muted hover:border-line',
        )}
        {...input}
      />
      {error ? (
        <p id={errorId} className="text-sm font-medium text-red-800">
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
