// Why a form's submission failed, read out as soon as it appears (role=alert), above the button.
import { CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@client/lib/cn';

export function FormAlert({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div role="alert" className={cn('flex gap-2 rounded-xl border border-red-200 bg-red-50 px-3 py-2.5 text-sm text-red-900', className)}>
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div>{children}</div>
    </div>
  );
}
