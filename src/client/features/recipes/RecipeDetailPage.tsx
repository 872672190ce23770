// /recettes/:recipeId — one recipe: picture, category, time, servings, ingredients and numbered steps;
// a premium recipe is locked for non-subscribers (the server sends no ingredients or steps then).
// An unlocked recipe has the kitchen tools (servings, print, cook mode: see RecipeContent); on paper
// the picture, badges and summary give way to the title and the recipe (data-recipe-print: styles.css).
import { Users } from 'lucide-react';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { toast } from '@client/lib/toast';
import { ErrorPanel } from '@client/components/ui/ErrorPanel';
import { ResponsiveImage } from '@client/components/ui/ResponsiveImage';
import { usePageTitle } from '@client/lib/use-page-title';
import { useAuth } from '@client/app/auth';
import { useFavorites } from '@client/features/favorites/api';
import { useRecipe } from './api';
import { AllergenLine, DietBadges } from '@client/features/dietary';
import { CategoryBadge, RecipeDuration, RecipePremiumBadge } from './components/RecipeBadges';
import { FavouriteButton } from './components/FavouriteButton';
import { RecipeContent } from './components/RecipeContent';
import { RecipeDetailSkeleton } from './components/RecipeDetailSkeleton';
import { RecipeLocked } from './components/RecipeLocked';
import { useLoadErrorToast } from './use-load-error-toast';
import { MAIN_IMAGES } from '@shared/media';

export default function RecipeDetailPage() {
  const { recipeId = '' } = useParams();
  const navigate = useNavigate();
  const query = useRecipe(recipeId);
  const notFound = query.error?.status === 404;
  const recipe = query.data?.recipe;
  const { user } = useAuth();
  const favorites = useFavorites();

  usePageTitle(recipe?.name);
  useLoadErrorToast(notFound ? null : query.error, 'Erreur de chargement des recettes', 'recipe-load');
  // Spec §8: a missing recipe says so and sends the reader back to the library.
  useEffect(() => {
    if (!notFound) return;
    toast.error('Erreur', { id: 'recipe-not-found', description: "Cette recette n'a pas été trouvée." });
    navigate('/recettes', { replace: true });
  }, [notFound, navigate]);

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      {query.isPending || notFound ? (
        <RecipeDetailSkeleton />
      ) : query.isError ? (
        <ErrorPanel title="Impossible de charger cette recette." message={query.error.message} onRetry={() => void query.refetch()} />
      ) : recipe ? (
        <article data-recipe-print className="space-y-10 print:space-y-4">
          <header className="grid gap-6 lg:grid-cols-2 lg:items-center lg:gap-10 print:block">
            <div className="relative overflow-hidden rounded-2xl shadow-sm print:hidden">
              <ResponsiveImage
                src={recipe.imageUrl}
                alt={recipe.name}
                width={1200}
                height={900}
                sizes={MAIN_IMAGES.recipe.sizes}
                priority
                className="aspect-[4/3] w-full"
              />
              {/* Spec: the heart over the picture is shown to signed-in users only. */}
              {user ? (
                <FavouriteButton
                  recipeId={recipe.id}
                  recipeName={recipe.name}
                  isFavourite={favorites.isFavorite(recipe.id)}
                  pending={favorites.isPending(recipe.id)}
                  onToggle={() => favorites.toggle(recipe.id)}
                  className="absolute right-4 top-4"
                />
              ) : null}
            </div>
            <div className="space-y-4">
              <div className="flex flex-wrap items-center gap-2 print:hidden">
                <CategoryBadge category={recipe.category} />
                {recipe.isPremium ? <RecipePremiumBadge /> : null}
                <DietBadges diets={recipe.diets} />
              </div>
              <h1 className="text-3xl font-semibold leading-tight text-ink sm:text-5xl print:text-3xl">{recipe.name}</h1>
              {recipe.description ? <p className="text-lg leading-relaxed text-muted print:hidden">{recipe.description}</p> : null}
              <ul className="flex flex-wrap gap-x-6 gap-y-2 text-ink print:hidden" aria-label="En bref">
                <li>
                  <RecipeDuration minutes={recipe.durationMinutes} className="inline-flex items-center gap-2 font-semibold" />
                </li>
                <li className="inline-flex items-center gap-2 font-semibold">
                  <Users aria-hidden="true" className="size-4" />
                  {recipe.servings} portion{recipe.servings > 1 ? 's' : ''}
                </li>
              </ul>
              <AllergenLine allergens={recipe.allergens} />
            </div>
          </header>

          {/* The server's JSON-LD names .premium-content as the paywalled part of the page. */}
          <div className="premium-content">
            {recipe.locked || !recipe.ingredients || !recipe.steps ? (
              <RecipeLocked />
            ) : (
              <RecipeContent recipeName={recipe.name} recipeServings={recipe.servings} ingredients={recipe.ingredients} steps={recipe.steps} />
            )}
          </div>
        </article>
      ) : null}
    </div>
  );
}
