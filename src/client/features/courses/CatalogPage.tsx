// /cours — the published catalogue with its four filters (spec: catalogue page). The filters live in
// the URL so a filtered list can be shared and survives a reload.
import { BookOpen } from 'lucide-react';
import { useMemo } from 'react';
import { useUrlParams } from '@client/lib/use-url-params';
import { Button } from '@client/components/ui/Button';
import { EmptyState } from '@client/components/ui/EmptyState';
import { ErrorPanel } from '@client/components/ui/ErrorPanel';
import { PageHeader } from '@client/components/ui/PageHeader';
import { usePageTitle } from '@client/lib/use-page-title';
import { useCourseCatalog } from './api';
import { CourseCard } from './components/CourseCard';
import { CourseFilterBar } from './components/CourseFilterBar';
import { CourseGrid, CourseGridSkeleton } from './components/CourseGrid';
import { activeFilterCount, applyFilters, clearFilters, deriveOptions, readFilters, writeFilter, type FilterKey } from './filters';
import { useLoadErrorToast } from './use-load-error-toast';

export default function CatalogPage() {
  usePageTitle('Cours de cuisine');
  const [params, updateParams] = useUrlParams();
  const catalog = useCourseCatalog();
  useLoadErrorToast(catalog.error, 'Erreur de chargement des cours', 'courses-load');

  const filters = useMemo(() => readFilters(params), [params]);
  const all = catalog.data?.courses;
  const options = useMemo(() => deriveOptions(all ?? []), [all]);
  const shown = useMemo(() => applyFilters(all ?? [], filters), [all, filters]);
  const activeCount = activeFilterCount(filters);

  // Replacing the history entry keeps the back button for leaving the page, not for undoing a select.
  const setFilter = (key: FilterKey, value: string | undefined) =>
    updateParams((p) => writeFilter(p, key, value));
  const clear = () => updateParams((p) => clearFilters(p));

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <PageHeader
        eyebrow="Catalogue"
        title="Nos cours de cuisine"
        subtitle="Cuisinez en direct avec nos chefs ou à votre rythme avec nos cours enregistrés."
      />

      <CourseFilterBar
        filters={filters}
        options={options}
        activeCount={activeCount}
        disabled={!all}
        onChange={setFilter}
        onClear={clear}
      />

      {catalog.isPending ? (
        <CourseGridSkeleton />
      ) : catalog.isError ? (
        <ErrorPanel
          title="Impossible de charger les cours."
          message={catalog.error.message}
          onRetry={() => void catalog.refetch()}
        />
      ) : (
        <>
          <p className="mb-4 text-sm font-semibold text-muted" role="status">
            {shown.length} cours{activeCount > 0 ? ` sur ${all?.length ?? 0}` : ''}
          </p>
          {shown.length === 0 ? (
            activeCount > 0 ? (
              <EmptyState
                icon={<BookOpen className="size-10" />}
                title="Aucun cours ne correspond à vos filtres."
                hint="Essayez une autre combinaison ou effacez les filtres pour voir tout le catalogue."
                action={
                  <Button variant="secondary" onClick={clear}>
                    Effacer les filtres
                  </Button>
                }
              />
            ) : (
              <EmptyState
                icon={<BookOpen className="size-10" />}
                title="Aucun cours n'est disponible pour le moment."
                hint="De nouveaux cours arrivent bientôt : revenez nous voir."
              />
            )
          ) : (
            <CourseGrid>
              {shown.map((course, i) => (
                <li key={course.id}>
                  <CourseCard course={course} headingLevel={2} priority={i < 2} />
                </li>
              ))}
            </CourseGrid>
          )}
        </>
      )}
    </div>
  );
}
