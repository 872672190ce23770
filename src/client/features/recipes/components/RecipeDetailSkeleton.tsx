import { Skeleton } from '@client/components/ui/Skeleton';

export function RecipeDetailSkeleton() {
  return (
    <div role="status" aria-label="Chargement de la recette" className="space-y-8">
      <div className="grid gap-6 lg:grid-cols-2 lg:items-center lg:gap-10">
        <Skeleton className="aspect-[4/3] w-full rounded-2xl" />
        <div className="space-y-4">
          <Skeleton className="h-6 w-40" />
          <Skeleton className="h-12 w-4/5" />
          <Skeleton className="h-20 w-full" />
        </div>
      </div>
      <div className="grid gap-8 lg:grid-cols-[20rem_1fr]">
        <Skeleton className="h-64" />
        <Skeleton className="h-80" />
      </div>
    </div>
  );
}
