import { cn } from '@client/lib/cn';

/** A shimmering block holding the place of content that is loading (hidden from screen readers). */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-xl bg-line/70 motion-reduce:animate-none', className)} />;
}

/** The placeholder of one image card (image, two text lines) while a list loads. */
export function CardSkeleton({ className }: { className?: string }) {
  return (
    <div aria-hidden="true" className={cn('overflow-hidden rounded-2xl border border-line bg-white', className)}>
      <Skeleton className="aspect-[4/3] rounded-none" />
      <div className="space-y-3 p-4">
        <Skeleton className="h-5 w-3/4" />
        <Skeleton className="h-4 w-1/2" />
      </div>
    </div>
  );
}
