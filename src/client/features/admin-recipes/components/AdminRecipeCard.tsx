// One recipe of the admin's grid: its picture (or the site's placeholder), category, duration,
// servings, the premium mark, and the 'Modifier' / 'Supprimer' buttons.
import { Clock, Crown, Pencil, Trash2, Users } from 'lucide-react';
import { RECIPE_CATEGORY_LABELS } from '@shared/catalog';
import { formatDuration } from '@shared/format';
import type { AdminRecipe } from '@shared/schemas/admin-recipes';
import { Badge } from '@client/components/ui/Badge';
import { Button } from '@client/components/ui/Button';
import { ResponsiveImage } from '@client/components/ui/ResponsiveImage';

type AdminRecipeCardProps = {
  recipe: AdminRecipe;
  onEdit: (recipe: AdminRecipe) => void;
  onDelete: (recipe: AdminRecipe) => void;
};

export function AdminRecipeCard({ recipe, onEdit, onDelete }: AdminRecipeCardProps) {
  return (
    <article className="flex flex-col overflow-hidden rounded-2xl border border-line bg-white shadow-sm">
      <div className="relative">
        <ResponsiveImage
          src={recipe.imageUrl}
          alt=""
          width={1200}
          height={800}
          sizes="(min-width: 1024px) 22rem, (min-width: 640px) 50vw, 100vw"
          className="aspect-[3/2] w-full"
        />
        {recipe.isPremium ? (
          <Badge tone="saffron" className="absolute left-3 top-3">
            <Crown aria-hidden="true" className="size-3.5" />
            Premium
          </Badge>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Badge tone="brand">{RECIPE_CATEGORY_LABELS[recipe.category]}</Badge>
          <span className="inline-flex items-center gap-3 text-sm text-muted">
            <span className="inline-flex items-center gap-1">
              <Clock aria-hidden="true" className="size-4" />
              <span className="sr-only">Durée : </span>
              {formatDuration(recipe.durationMinutes)}
            </span>
            <span className="inline-flex items-center gap-1">
              <Users aria-hidden="true" className="size-4" />
              {recipe.servings} {recipe.servings > 1 ? 'portions' : 'portion'}
            </span>
          </span>
        </div>
        <h3 className="font-display text-lg leading-snug text-ink">{recipe.name}</h3>
        <div className="mt-auto flex gap-2 pt-1">
          <Button variant="secondary" size="sm" className="flex-1" onClick={() => onEdit(recipe)} aria-label={`Modifier la recette « ${recipe.name} »`}>
            <Pencil aria-hidden="true" className="size-4" />
            Modifier
          </Button>
          <Button
            variant="ghost"
            size="sm"
            className="flex-1 text-red-800 hover:bg-red-50 hover:text-red-900"
            onClick={() => onDelete(recipe)}
            aria-label={`Supprimer la recette « ${recipe.name} »`}
          >
            <Trash2 aria-hidden="true" className="size-4" />
            Supprimer
          </Button>
        </div>
      </div>
    </article>
  );
}
