// One recipe in a grid (library, home, favourites): the whole card links to /recettes/:id and
// carries the favourite heart (spec: each card has a favourite toggle).
import { Link } from 'react-router';
import type { RecipeSummary } from '@shared/schemas/public';
import { Card } from '@client/components/ui/Card';
import { ResponsiveImage } from '@client/components/ui/ResponsiveImage';
import { cn } from '@client/lib/cn';
import { FavouriteButton } from './FavouriteButton';
import { CategoryBadge, RecipeDuration, RecipePremiumBadge } from './RecipeBadges';

export type RecipeCardProps = {
  recipe: RecipeSummary;
  /** The card title's heading level, so headings stay in order wherever the card is placed. */
  headingLevel?: 2 | 3;
  /** The first cards of a page may hold the largest image in view: load it eagerly. */
  priority?: boolean;
  /** The signed-in user's favourite state; visitors are asked to sign in instead. */
  isFavourite?: boolean;
  favouritePending?: boolean;
  onToggleFavourite?: (recipe: RecipeSummary) => void;
  className?: string;
};

export const RECIPE_CARD_IMAGE_SIZES = '(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw';

export function RecipeCard({
  recipe,
  headingLevel = 3,
  priority = false,
  isFavourite,
  favouritePending,
  onToggleFavourite,
  className,
}: RecipeCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <Card
      as="article"
      className={cn(
        'group relative flex h-full flex-col transition-shadow hover:shadow-md',
        // The title link hides its own outline (it spans the card): the card shows the focus instead.
        'has-[a:focus-visible]:outline-3 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-brand-600',
        className,
      )}
    >
      <div className="relative overflow-hidden">
        <ResponsiveImage
          src={recipe.imageUrl}
          alt=""
          width={800}
          height={600}
          sizes={RECIPE_CARD_IMAGE_SIZES}
          priority={priority}
          className="aspect-[4/3] w-full transition-transform duration-300 group-hover:scale-[1.03]"
        />
        {recipe.isPremium ? <RecipePremiumBadge className="absolute left-3 top-3" /> : null}
        <FavouriteButton
          recipeName={recipe.name}
          isFavourite={isFavourite}
          pending={favouritePending}
          onToggle={onToggleFavourite ? () => onToggleFavourite(recipe) : undefined}
          className="absolute right-3 top-3"
        />
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CategoryBadge category={recipe.category} />
          <RecipeDuration minutes={recipe.durationMinutes} />
        </div>
        <Heading className="text-lg font-semibold leading-snug text-ink">
          <Link
            to={`/recettes/${recipe.id}`}
            className="after:absolute after:inset-0 after:content-[''] hover:text-brand-800 focus-visible:outline-none"
          >
            {recipe.name}
          </Link>
        </Heading>
        {recipe.description ? <p className="line-clamp-2 text-sm text-muted">{recipe.description}</p> : null}
      </div>
    </Card>
  );
}
