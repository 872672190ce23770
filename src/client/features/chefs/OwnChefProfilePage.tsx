// /mon-profil-chef (admin only; spec: own chef profile): the chef's public page as visitors see it —
// the same layout, read from the same public endpoint — with 'Modifier le profil' (to /account,
// where the name, photo, specialty and bio are edited), the way to the public page itself, and
// 'Créer un cours' (to the dashboard's Cours tab) when no course is published yet.
import { BookOpen, ExternalLink, Pencil, Plus } from 'lucide-react';
import type { ChefResponse } from '@shared/schemas/public';
import { useAuth } from '@client/app/auth';
import { ButtonLink } from '@client/components/ui/Button';
import { EmptyState } from '@client/components/ui/EmptyState';
import { ErrorPanel } from '@client/components/ui/ErrorPanel';
import { useApiQuery } from '@client/lib/use-api-query';
import { usePageTitle } from '@client/lib/use-page-title';
import { ChefProfileSkeleton, ChefProfileView } from './components/ChefProfileView';

export default function OwnChefProfilePage() {
  usePageTitle('Mon profil de chef');
  const { user } = useAuth();
  const chefId = user?.id ?? '';
  // Read fresh on every visit: the profile may just have been edited on /account.
  const { data, error, isPending, refetch } = useApiQuery<ChefResponse>(`/chefs/${encodeURIComponent(chefId)}`, undefined, {
    enabled: chefId !== '',
    refetchOnMount: 'always',
  });

  if (isPending) return <ChefProfileSkeleton />;

  if (error) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
        <h1 className="sr-only">Mon profil de chef</h1>
        <ErrorPanel title="Impossible de charger votre profil de chef." message={error.message} onRetry={() => void refetch()} />
      </div>
    );
  }

  return (
    <ChefProfileView
      chef={data.chef}
      courses={data.courses}
      coursesTitle="Mes cours"
      actions={
        <>
          <ButtonLink to="/account#profil-chef">
            <Pencil aria-hidden="true" className="size-4" />
            Modifier le profil
          </ButtonLink>
          <ButtonLink to={`/chefs/${encodeURIComponent(data.chef.id)}`} variant="secondary">
            <ExternalLink aria-hidden="true" className="size-4" />
            Voir ma page publique
          </ButtonLink>
        </>
      }
      empty={
        <EmptyState
          icon={<BookOpen className="size-8" />}
          title="Vous n'avez pas encore de cours publié."
          hint="Créez un cours en direct ou vidéo : il apparaîtra ici et sur votre page publique dès sa publication."
          action={
            <ButtonLink to="/admin/cours">
              <Plus aria-hidden="true" className="size-4" />
              Créer un cours
            </ButtonLink>
          }
        />
      }
      footer={
        <ButtonLink to="/admin/cours" variant="secondary">
          Gérer mes cours
        </ButtonLink>
      }
    />
  );
}
