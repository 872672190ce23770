import type { ReactNode } from 'react';
import { CardSkeleton } from '@client/components/ui/Skeleton';
import { cn } from '@client/lib/cn';

export const COURSE_GRID_CLASS = 'grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3 lg:gap-6';

export function CourseGrid({ children, busy, className }: { children: ReactNode; busy?: boolean; className?: string }) {
  return (
    <ul className={cn(COURSE_GRID_CLASS, className)} aria-busy={busy || undefined}>
      {children}
    </ul>
  );
}

/** As many placeholders as a first screen of cards, in the same grid, while the catalogue loads. */
export function CourseGridSkeleton({ count = 6 }: { count?: number }) {
  return (
    <div className={COURSE_GRID_CLASS} role="status" aria-label="Chargement des cours">
      {Array.from({ length: count }, (_, i) => (
        <CardSkeleton key={i} className="[&>div:last-child]:pb-8" />
      ))}
    </div>
  );
}
