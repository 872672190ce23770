import type { ReactNode } from 'react';
import { cn } from '@client/lib/cn';

type PageHeaderProps = {
  /** The page's one h1. */
  title: ReactNode;
  subtitle?: ReactNode;
  /** A small line above the title (e.g. 'Nos Chefs'). */
  eyebrow?: ReactNode;
  actions?: ReactNode;
  className?: string;
};

export function PageHeader({ title, subtitle, eyebrow, actions, className }: PageHeaderProps) {
  return (
    <header className={cn('mb-8 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between', className)}>
      <div className="max-w-3xl">
        {eyebrow ? <p className="mb-2 text-sm font-semibold uppercase tracking-wider text-brand-700">{eyebrow}</p> : null}
        <h1 className="text-3xl font-semibold text-ink sm:text-4xl">{title}</h1>
        {subtitle ? <p className="mt-3 text-lg text-muted">{subtitle}</p> : null}
      </div>
      {actions ? <div className="flex shrink-0 flex-wrap gap-3">{actions}</div> : null}
    </header>
  );
}
