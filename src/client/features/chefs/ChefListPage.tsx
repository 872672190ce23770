// /chefs (spec: grid of chef cards, each linking to /chefs/{id}).
import { Users } from 'lucide-react';
import type { ChefListResponse } from '@shared/schemas/public';
import { EmptyState } from '@client/components/ui/EmptyState';
import { ErrorPanel } from '@client/components/ui/ErrorPanel';
import { PageHeader } from '@client/components/ui/PageHeader';
import { Skeleton } from '@client/components/ui/Skeleton';
import { useApiQuery } from '@client/lib/use-api-query';
import { useErrorToast } from '@client/lib/use-error-toast';
import { usePageTitle } from '@client/lib/use-page-title';
import { ChefCard } from './components/ChefCard';

export default function ChefListPage() {
  usePageTitle('Nos Chefs');
  const { data, error, isPending, refetch } = useApiQuery<ChefListResponse>('/chefs');
  useErrorToast(error, 'Erreur de chargement des chefs');

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <PageHeader
        eyebrow="L'équipe"
        title="Nos Chefs"
        subtitle="Les chefs qui vous enseignent, en direct comme en vidéo : leur parcours, leurs spécialités et leurs cours."
      />
      {isPending ? (
        <div role="status" aria-label="Chargement des chefs…" className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {[0, 1, 2].map((i) => (
            <div key={i} aria-hidden="true" className="flex flex-col items-center gap-3 rounded-2xl border border-line bg-white p-6">
              <Skeleton className="size-28 rounded-full" />
              <Skeleton className="h-6 w-1/2" />
              <Skeleton className="h-4 w-1/3" />
              <Skeleton className="h-16 w-full" />
            </div>
          ))}
        </div>
      ) : error ? (
        <ErrorPanel title="Impossible de charger la liste des chefs." message={error.message} onRetry={() => void refetch()} />
      ) : data.chefs.length === 0 ? (
        <EmptyState icon={<Users className="size-8" />} title="Aucun chef pour le moment." />
      ) : (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {data.chefs.map((chef, index) => (
            <li key={chef.id}>
              <ChefCard chef={chef} index={index} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
