import { Clock, Crown } from 'lucide-react';
import { RECIPE_CATEGORY_LABELS, type RecipeCategory } from '@shared/catalog';
import { formatDuration } from '@shared/format';
import { Badge } from '@client/components/ui/Badge';

export function CategoryBadge({ category, className }: { category: RecipeCategory; className?: string }) {
  return (
    <Badge tone="brand" className={className}>
      {RECIPE_CATEGORY_LABELS[category]}
    </Badge>
  );
}

export function RecipePremiumBadge({ className }: { className?: string }) {
  return (
    <Badge tone="saffron" className={className}>
      <Crown aria-hidden="true" className="size-3.5" />
      Premium
    </Badge>
  );
}

export function RecipeDuration({ minutes, className }: { minutes: number; className?: string }) {
  return (
    <span className={className ?? 'inline-flex items-center gap-1.5 text-sm text-muted'}>
      <Clock aria-hidden="true" className="size-4 shrink-0" />
      <span className="sr-only">Durée : </span>
      {formatDuration(minutes)}
    </span>
  );
}
