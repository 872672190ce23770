// /favoris — 'Mes Recettes Favorites' (spec: favourites page): the signed-in user's favourite
// recipes as cards with their hearts, no filters. Unfavouriting a card takes it off the page at once.
import { Heart } from 'lucide-react';
import { ButtonLink } from '@client/components/ui/Button';
import { EmptyState } from '@client/components/ui/EmptyState';
import { ErrorPanel } from '@client/components/ui/ErrorPanel';
import { PageHeader } from '@client/components/ui/PageHeader';
import { CardSkeleton } from '@client/components/ui/Skeleton';
import { useErrorToast } from '@client/lib/use-error-toast';
import { usePageTitle } from '@client/lib/use-page-title';
import { RecipeCard } from '@client/features/recipes';
import { useFavoriteRecipes, useFavorites } from './api';

const GRID = 'grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3 lg:gap-6 xl:grid-cols-4';

export default function FavoritesPage() {
  usePageTitle('Mes Recettes Favorites');
  const list = useFavoriteRecipes();
  const favorites = useFavorites({ fresh: true });
  useErrorToast(list.error, 'Erreur de chargement des favoris');

  // The hearts decide: a card unfavourited here leaves at once, and comes back if the server refuses.
  const recipes = (list.data?.recipes ?? []).filter((r) => !favorites.ready || favorites.isFavorite(r.id));

  return (
    <div className="mx-auto min-h-[60vh] w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <PageHeader eyebrow="Mes Favoris" title="Mes Recettes Favorites" />

      {list.isPending ? (
        <div className={GRID} role="status" aria-label="Chargement des favoris">
          {Array.from({ length: 4 }, (_, i) => (
            <CardSkeleton key={i} />
          ))}
        </div>
      ) : list.isError ? (
        <ErrorPanel title="Impossible de charger vos favoris." message={list.error.message} onRetry={() => void list.refetch()} />
      ) : recipes.length === 0 ? (
        <EmptyState
          icon={<Heart className="size-10" />}
          title="Aucune recette favorite pour le moment"
          titleAs="h2"
          hint="Explorez nos recettes et cliquez sur le cœur pour les ajouter ici."
          action={<ButtonLink to="/recettes">Découvrir les recettes</ButtonLink>}
        />
      ) : (
        <ul className={GRID} aria-label="Mes recettes favorites">
          {recipes.map((recipe, i) => (
            <li key={recipe.id}>
              <RecipeCard
                recipe={recipe}
                headingLevel={2}
                priority={i < 2}
                isFavourite={favorites.isFavorite(recipe.id)}
                favouritePending={favorites.isPending(recipe.id)}
                onToggleFavourite={(r) => favorites.toggle(r.id)}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
