// One recipe in a grid (library, home, favourites): the whole card links to /recettes/:id and
// carries the favourite heart (spec: each card has a favourite toggle).
import type { RecipeSummary } from '@shared/schemas/public';
import { LinkCard } from '@client/components/ui/LinkCard';
import { HydrationBoundary } from '@client/lib/hydration-boundary';
import { DietBadges } from '@client/features/dietary';
import { FavouriteButton } from './FavouriteButton';
import { CategoryBadge, RecipeDuration, RecipePremiumBadge } from './RecipeBadges';

export type RecipeCardProps = {
  recipe: RecipeSummary;
  /** The card title's heading level, so headings stay in order wherever the card is placed. */
  headingLevel?: 2 | 3;
  /** The first cards of a page may hold the largest image in view: load it eagerly. */
  priority?: boolean;
  /** The image's `sizes` in a grid other than three columns (LinkCard). */
  imageSizes?: string;
  /** The signed-in user's favourite state; visitors are asked to sign in instead. */
  isFavourite?: boolean;
  favouritePending?: boolean;
  onToggleFavourite?: (recipe: RecipeSummary) => void;
  className?: string;
};

/** Adopted after the rest of a server-rendered page, each card on its own (lib/hydration-boundary). */
export function RecipeCard(props: RecipeCardProps) {
  return (
    <HydrationBoundary>
      <RecipeCardContent {...props} />
    </HydrationBoundary>
  );
}

function RecipeCardContent({
  recipe,
  headingLevel = 3,
  priority = false,
  imageSizes,
  isFavourite,
  favouritePending,
  onToggleFavourite,
  className,
}: RecipeCardProps) {
  return (
    <LinkCard
      to={`/recettes/${recipe.id}`}
      title={recipe.name}
      imageUrl={recipe.imageUrl}
      headingLevel={headingLevel}
      priority={priority}
      imageSizes={imageSizes}
      className={className}
      overlay={
        <>
          {recipe.isPremium ? <RecipePremiumBadge className="absolute left-3 top-3" /> : null}
          <FavouriteButton
            recipeId={recipe.id}
            recipeName={recipe.name}
            isFavourite={isFavourite}
            pending={favouritePending}
            onToggle={onToggleFavourite ? () => onToggleFavourite(recipe) : undefined}
            className="absolute right-3 top-3"
          />
        </>
      }
      eyebrow={
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CategoryBadge category={recipe.category} />
          <RecipeDuration minutes={recipe.durationMinutes} />
        </div>
      }
    >
      {recipe.description ? <p className="line-clamp-2 text-sm text-muted">{recipe.description}</p> : null}
      <DietBadges diets={recipe.diets} className="mt-3" />
    </LinkCard>
  );
}
