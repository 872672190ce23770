// The body of Mon Compte's 'Profil de chef' card: loads the specialty and bio, then the form, with
// the way to the page they appear on. Arriving from 'Modifier le profil' (/account#profil-chef)
// brings the card into view once it has loaded.
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useAuth } from '@client/app/auth';
import { ButtonLink } from '@client/components/ui/Button';
import { ErrorPanel } from '@client/components/ui/ErrorPanel';
import { Skeleton } from '@client/components/ui/Skeleton';
import { useChefProfile } from '../api';
import { ChefProfileForm } from './ChefProfileForm';

export function ChefProfileCard({ role }: { role: 'chef' | 'admin' }) {
  const { user } = useAuth();
  const query = useChefProfile(true);
  const { hash } = useLocation();
  const scrolled = useRef(false);

  useEffect(() => {
    if (hash !== '#profil-chef' || !query.data || scrolled.current) return;
    scrolled.current = true;
    document.getElementById('profil-chef')?.scrollIntoView({ block: 'start' });
  }, [hash, query.data]);

  // The admin has /mon-profil-chef; a guest chef sees their public page.
  const pageLink = role === 'admin' ? '/mon-profil-chef' : `/chefs/${encodeURIComponent(user?.id ?? '')}`;

  if (query.isPending) {
    return (
      <div role="status" aria-label="Chargement du profil de chef…" className="space-y-4">
        <Skeleton className="h-11 w-full" />
        <Skeleton className="h-36 w-full" />
      </div>
    );
  }
  if (query.isError) {
    return <ErrorPanel title="Impossible de charger votre profil de chef." message={query.error.message} onRetry={() => void query.refetch()} />;
  }
  return (
    <div className="space-y-6">
      <ChefProfileForm chefProfile={query.data.chefProfile} />
      <ButtonLink to={pageLink} variant="link" className="px-0">
        Voir mon profil de chef
      </ButtonLink>
    </div>
  );
}
