import { cn } from '@client/lib/cn';

type SpinnerProps = {
  /** Read by screen readers; omit when a surrounding element already says what is loading. */
  label?: string;
  className?: string;
};

export function Spinner({ label, className }: SpinnerProps) {
  return (
    <span role={label ? 'status' : undefined} className="inline-flex items-center gap-2">
      <span
        aria-hidden="true"
        className={cn('inline-block size-5 animate-spin rounded-full border-2 border-current border-r-transparent', className)}
      />
      {label ? <span className="sr-only">{label}</span> : null}
    </span>
  );
}

/**
 * A spinner centred in the page area, for a route whose data or access is still loading. It fills the
 * screen below the header, so the footer stays below the fold until the page appears (otherwise the
 * footer would be on screen and jump down then: a layout shift).
 */
export function PageSpinner({ label = 'Chargement…' }: { label?: string }) {
  return (
    <div className="flex min-h-[calc(100dvh-4rem)] items-center justify-center text-brand-700">
      <Spinner label={label} className="size-8" />
    </div>
  );
}
