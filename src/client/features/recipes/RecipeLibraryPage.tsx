// /recettes — the public recipe library: search by name (debounced 300 ms, on the server), category,
// duration and diet filters, all kept in the URL (spec: recipe library, §5, §9; issue 28).
import { SearchX } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useUrlParams } from '@client/lib/use-url-params';
import { Button } from '@client/components/ui/Button';
import { EmptyState } from '@client/components/ui/EmptyState';
import { ErrorPanel } from '@client/components/ui/ErrorPanel';
import { PageHeader } from '@client/components/ui/PageHeader';
import { CARD_IMAGE_SIZES } from '@client/components/ui/LinkCard';
import { CardSkeleton } from '@client/components/ui/Skeleton';
import { cn } from '@client/lib/cn';
import { usePageTitle } from '@client/lib/use-page-title';
import { useFavorites } from '@client/features/favorites/api';
import { useRecipeList, type RecipeSearch } from './api';
import { RecipeCard } from './components/RecipeCard';
import { RecipeSearchBar } from './components/RecipeSearchBar';
import { readRecipeSearch, writeRecipeParam } from './search-params';
import { useDebouncedValue } from '@client/lib/use-debounced-value';
import { useLoadErrorToast } from './use-load-error-toast';

const GRID = 'grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3 lg:gap-6 xl:grid-cols-4';
// Four columns from 1280 px: (1152 px of page - 48 px of padding - 3 gaps of 24 px) / 4 = 258 px.
const CARD_SIZES = `(min-width: 1280px) 258px, ${CARD_IMAGE_SIZES}`;
const SEARCH_DEBOUNCE_MS = 300;

export default function RecipeLibraryPage() {
  usePageTitle('Bibliothèque de Recettes');
  const [params, updateParams] = useUrlParams();
  const search = useMemo(() => readRecipeSearch(params), [params]);
  const urlQ = search.q ?? '';

  // The box answers every keystroke; the URL (and so the request) follows once typing pauses.
  const [text, setText] = useState(urlQ);
  const settled = useDebouncedValue(text, SEARCH_DEBOUNCE_MS).trim();
  const written = useRef(urlQ);
  useEffect(() => {
    if (settled === written.current) return;
    written.current = settled;
    updateParams((p) => writeRecipeParam(p, 'q', settled));
  }, [settled, updateParams]);
  // The URL changed from outside (back button, a link): the box follows it.
  useEffect(() => {
    if (urlQ === written.current) return;
    written.current = urlQ;
    setText(urlQ);
  }, [urlQ]);

  const setParam = (key: keyof RecipeSearch, value: string | undefined) =>
    updateParams((p) => writeRecipeParam(p, key, value));
  const reset = () => {
    written.current = '';
    setText('');
    updateParams((p) => {
      for (const k of ['q', 'category', 'duration', 'diet']) p.delete(k);
      return p;
    });
  };

  const list = useRecipeList(search);
  const favorites = useFavorites();
  useLoadErrorToast(list.error, 'Erreur de chargement des recettes', 'recipes-load');
  // Spec §8: on a failed load the list is emptied rather than showing stale cards.
  const recipes = list.isError ? [] : (list.data?.recipes ?? []);
  const filtered = Boolean(search.q || search.category || search.duration || search.diet);

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <PageHeader
        eyebrow="Recettes"
        title="Bibliothèque de Recettes"
        subtitle="Des recettes traditionnelles françaises et québécoises, de l'entrée au dessert, expliquées pas à pas."
      />

      <RecipeSearchBar
        text={text}
        onTextChange={setText}
        category={search.category}
        duration={search.duration}
        diet={search.diet}
        onCategoryChange={(v) => setParam('category', v)}
        onDurationChange={(v) => setParam('duration', v)}
        onDietChange={(v) => setParam('diet', v)}
      />

      {list.isPending ? (
        <div className={GRID} role="status" aria-label="Chargement des recettes">
          {Array.from({ length: 8 }, (_, i) => (
            <CardSkeleton key={i} />
          ))}
        </div>
      ) : list.isError ? (
        <ErrorPanel title="Impossible de charger les recettes." message={list.error.message} onRetry={() => void list.refetch()} />
      ) : (
        <>
          <p className="mb-4 text-sm font-semibold text-muted" role="status">
            {list.data.total} recette{list.data.total > 1 ? 's' : ''}
            {filtered ? ' trouvée' + (list.data.total > 1 ? 's' : '') : ''}
          </p>
          {recipes.length === 0 ? (
            <EmptyState
              icon={<SearchX className="size-10" />}
              title={filtered ? 'Aucune recette ne correspond à votre recherche.' : "Aucune recette n'est disponible pour le moment."}
              hint={filtered ? 'Essayez un autre mot ou retirez un filtre.' : 'Revenez bientôt : de nouvelles recettes arrivent.'}
              action={
                filtered ? (
                  <Button variant="secondary" onClick={reset}>
                    Réinitialiser la recherche
                  </Button>
                ) : undefined
              }
            />
          ) : (
            <ul
              className={cn(GRID, 'transition-opacity', list.isPlaceholderData && 'opacity-60')}
              aria-busy={list.isPlaceholderData || undefined}
            >
              {recipes.map((recipe, i) => (
                <li key={recipe.id}>
                  <RecipeCard
                    recipe={recipe}
                    headingLevel={2}
                    priority={i < 2}
                    imageSizes={CARD_SIZES}
                    isFavourite={favorites.isFavorite(recipe.id)}
                    favouritePending={favorites.isPending(recipe.id)}
                    onToggleFavourite={(r) => favorites.toggle(r.id)}
                  />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
