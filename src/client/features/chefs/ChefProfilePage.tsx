// /chefs/:chefId (spec: portrait, name, specialty, bio, the chef's courses as cards).
import { useParams } from 'react-router';
import { BookOpen, SearchX } from 'lucide-react';
import type { ChefResponse } from '@shared/schemas/public';
import { ButtonLink } from '@client/components/ui/Button';
import { EmptyState } from '@client/components/ui/EmptyState';
import { ErrorPanel } from '@client/components/ui/ErrorPanel';
import { useApiQuery } from '@client/lib/use-api-query';
import { usePageTitle } from '@client/lib/use-page-title';
import { chefSpecialty } from './chef-text';
import { ChefProfileSkeleton, ChefProfileView } from './components/ChefProfileView';

export default function ChefProfilePage() {
  const { chefId = '' } = useParams();
  const { data, error, isPending, refetch } = useApiQuery<ChefResponse>(`/chefs/${encodeURIComponent(chefId)}`);
  const notFound = error?.status === 404;
  usePageTitle(data ? `${data.chef.fullName} — ${chefSpecialty(data.chef)}` : notFound ? 'Chef non trouvé' : null);

  if (isPending) return <ChefProfileSkeleton />;

  if (notFound) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
        <EmptyState
          icon={<SearchX className="size-8" />}
          titleAs="h1"
          title="Chef non trouvé."
          hint="Ce profil n'existe pas ou n'est plus public."
          action={<ButtonLink to="/chefs">Voir tous nos chefs</ButtonLink>}
        />
      </div>
    );
  }

  if (error) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
        <h1 className="sr-only">Profil du chef</h1>
        <ErrorPanel title="Impossible de charger les cours de ce chef." message={error.message} onRetry={() => void refetch()} />
      </div>
    );
  }

  return (
    <ChefProfileView
      chef={data.chef}
      courses={data.courses}
      coursesTitle="Ses cours"
      empty={
        <EmptyState
          icon={<BookOpen className="size-8" />}
          title="Ce chef n'a pas encore de cours disponibles."
          action={<ButtonLink to="/cours" variant="secondary">Voir tout le catalogue</ButtonLink>}
        />
      }
    />
  );
}
