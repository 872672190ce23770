import type { ReactNode } from 'react';
import { cn } from '@client/lib/cn';
import { Button } from './Button';

type ErrorPanelProps = {
  /** What failed, in the spec's words, e.g. 'Impossible de charger la liste des chefs.' */
  title: string;
  /** The server's French message, when there is one. */
  message?: string;
  onRetry?: () => void;
  action?: ReactNode;
  className?: string;
};

export function ErrorPanel({ title, message, onRetry, action, className }: ErrorPanelProps) {
  return (
    <div role="alert" className={cn('rounded-2xl border border-brand-100 bg-brand-50 px-6 py-8 text-center', className)}>
      <p className="font-display text-xl text-brand-800">{title}</p>
      {message && message !== title ? <p className="mt-2 text-muted">{message}</p> : null}
      {onRetry || action ? (
        <div className="mt-4 flex flex-wrap justify-center gap-3">
          {onRetry ? (
            <Button variant="secondary" size="sm" onClick={onRetry}>
              Réessayer
            </Button>
          ) : null}
          {action}
        </div>
      ) : null}
    </div>
  );
}
