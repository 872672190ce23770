// Home (spec: hero with two buttons, up to 3 upcoming live courses, 3 latest recipes, one chef).
import { useEffect } from 'react';
import { CalendarX2 } from 'lucide-react';
import type { HomeData } from '@shared/schemas/public';
import { ButtonLink } from '@client/components/ui/Button';
import { EmptyState } from '@client/components/ui/EmptyState';
import { ErrorPanel } from '@client/components/ui/ErrorPanel';
import { CardSkeleton } from '@client/components/ui/Skeleton';
import { useApiQuery } from '@client/lib/use-api-query';
import { useErrorToast } from '@client/lib/use-error-toast';
import { HydrationBoundary } from '@client/lib/hydration-boundary';
import { usePageTitle } from '@client/lib/use-page-title';
import { CourseCard } from '@client/features/courses';
import { useFavorites } from '../favorites/api';
import { RecipeCard } from '@client/features/recipes';
import { ChefBlock } from './components/ChefBlock';
import { Hero } from './components/Hero';
import { SectionHeading } from './components/SectionHeading';
import { SubscriptionBand } from './components/SubscriptionBand';

export default function HomePage() {
  usePageTitle('');
  const { data, error, isPending, refetch } = useApiQuery<HomeData>('/home');
  const favorites = useFavorites();
  // One request feeds the page: its failure is told once, as the course load error (spec §8).
  useErrorToast(error, 'Erreur de chargement des cours');
  useEffect(() => {
    // Spec §8: the home chef's load error is only logged.
    if (error) console.error('Chargement du chef de l’accueil impossible :', error.message);
  }, [error]);

  return (
    <>
      {/* The page's blocks (and each card) are hydrated each on its own (lib/hydration-boundary). */}
      <HydrationBoundary>
        <Hero nextCourse={data?.courses[0]} fallbackImage={data?.recipes[0]?.imageUrl} />
      </HydrationBoundary>

      <section aria-labelledby="home-courses" className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
        <SectionHeading
          id="home-courses"
          title="Prochains cours en direct"
          subtitle="En petit groupe, avec vos questions en direct."
          linkTo="/cours"
          linkLabel="Tous les cours"
        />
        {isPending ? (
          <CardGridSkeleton />
        ) : error ? (
          <ErrorPanel title="Impossible de charger les cours." message={error.message} onRetry={() => void refetch()} />
        ) : data.courses.length === 0 ? (
          <EmptyState
            icon={<CalendarX2 className="size-8" />}
            title="Aucun cours en direct n'est programmé pour le moment."
            hint="Les cours enregistrés, eux, sont disponibles à tout moment."
            action={<ButtonLink to="/cours?format=recorded" variant="secondary">Voir les cours enregistrés</ButtonLink>}
          />
        ) : (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {data.courses.map((course) => (
              <li key={course.id}>
                <CourseCard course={course} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="home-recipes" className="mx-auto max-w-6xl px-4 pb-12 sm:px-6">
        <SectionHeading
          id="home-recipes"
          title="Dernières recettes"
          subtitle="Fraîchement ajoutées à la bibliothèque."
          linkTo="/recettes"
          linkLabel="Toutes les recettes"
        />
        {isPending ? (
          <CardGridSkeleton />
        ) : error ? (
          <ErrorPanel title="Impossible de charger les recettes." message={error.message} onRetry={() => void refetch()} />
        ) : data.recipes.length === 0 ? (
          <EmptyState title="Aucune recette pour le moment." hint="Les premières recettes arrivent bientôt." />
        ) : (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {data.recipes.map((recipe) => (
              <li key={recipe.id}>
                <RecipeCard
                  recipe={recipe}
                  isFavourite={favorites.isFavorite(recipe.id)}
                  favouritePending={favorites.isPending(recipe.id)}
                  onToggleFavourite={(r) => favorites.toggle(r.id)}
                />
              </li>
            ))}
          </ul>
        )}
      </section>

      {data?.chef ? (
        <HydrationBoundary>
          <ChefBlock chef={data.chef} />
        </HydrationBoundary>
      ) : null}

      <HydrationBoundary>
        <SubscriptionBand />
      </HydrationBoundary>
    </>
  );
}

function CardGridSkeleton() {
  return (
    <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" role="status" aria-label="Chargement…">
      <CardSkeleton />
      <CardSkeleton className="hidden sm:block" />
      <CardSkeleton className="hidden lg:block" />
    </div>
  );
}
