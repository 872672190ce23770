import type { ReactNode } from 'react';
import { cn } from '@client/lib/cn';

type EmptyStateProps = {
  title: string;
  /** The title's element: a page whose whole content is this state makes it the h1. */
  titleAs?: 'p' | 'h1' | 'h2' | 'h3';
  hint?: ReactNode;
  icon?: ReactNode;
  /** A button or link, e.g. 'Découvrir les recettes'. */
  action?: ReactNode;
  className?: string;
};

export function EmptyState({ title, titleAs: Title = 'p', hint, icon, action, className }: EmptyStateProps) {
  return (
    <div className={cn('flex flex-col items-center gap-3 rounded-2xl border border-dashed border-line bg-white/60 px-6 py-12 text-center', className)}>
      {icon ? <div className="text-brand-700" aria-hidden="true">{icon}</div> : null}
      <Title className="font-display text-xl text-ink">{title}</Title>
      {hint ? <p className="max-w-md text-muted">{hint}</p> : null}
      {action ? <div className="mt-2">{action}</div> : null}
    </div>
  );
}
