// /account — Mon Compte (spec: account page): the personal-information card (photo, name, e-mail,
// phone, address, province), for a chef or the admin their public chef profile's card (specialty,
// bio: 'Modifier le profil' on /mon-profil-chef leads to it, /account#profil-chef), and the
// password card, then 'Vos données' (download everything, Loi 25) and the danger zone (delete the
// account). Spinner while the profile loads; a clear message and the catalogue's toast when it cannot.
import { useEffect, type ReactNode } from 'react';
import { Card } from '@client/components/ui/Card';
import { ErrorPanel } from '@client/components/ui/ErrorPanel';
import { PageHeader } from '@client/components/ui/PageHeader';
import { PageSpinner } from '@client/components/ui/Spinner';
import { notifyError } from '@client/lib/notify';
import { usePageTitle } from '@client/lib/use-page-title';
import { useProfile } from './api';
import { AvatarUploader } from './components/AvatarUploader';
import { ChefProfileCard } from './components/ChefProfileCard';
import { AddGiftCardForm, GiftedMembershipNotice } from '@client/features/gift-cards';
import { DataExportSection } from './components/DataExportSection';
import { DeleteAccountSection } from './components/DeleteAccountSection';
import { PasswordForm } from './components/PasswordForm';
import { ProfileForm } from './components/ProfileForm';
import { StoreCreditSection } from './components/StoreCreditSection';

export default function AccountPage() {
  usePageTitle('Mon Compte');
  const query = useProfile();
  const profile = query.data?.profile;

  useEffect(() => {
    // Spec §8: the load failure's toast has a fixed text; the server's reason shows in the panel.
    if (query.error) notifyError('Erreur', 'Impossible de charger le profil.');
  }, [query.error]);

  return (
    <div className="mx-auto min-h-[800px] w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-10">
      <PageHeader title="Mon Compte" subtitle="Vos informations personnelles et votre mot de passe." />
      {query.isPending ? (
        <PageSpinner label="Chargement du profil…" />
      ) : query.isError || !profile ? (
        <ErrorPanel
          title="Impossible de charger les informations du profil."
          message={query.error?.message}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <div className="space-y-8">
          <Section id="profil" title="Informations personnelles" subtitle="Votre photo, votre nom et vos coordonnées.">
            <div className="space-y-8">
              <AvatarUploader fullName={profile.fullName} avatarUrl={profile.avatarUrl} />
              <ProfileForm profile={profile} />
            </div>
          </Section>
          {profile.role === 'chef' || profile.role === 'admin' ? (
            <Section id="profil-chef" title="Profil de chef" subtitle="Votre spécialité et votre biographie, telles que les visiteurs les lisent.">
              <ChefProfileCard role={profile.role} />
            </Section>
          ) : null}
          <Section id="mon-credit" title="Mon crédit" subtitle="Votre crédit Toque : solde et historique. Une carte-cadeau reçue ? Son montant s'ajoute à votre crédit ; un abonnement offert s'active ici aussi.">
            <div className="space-y-6">
              <GiftedMembershipNotice />
              <StoreCreditSection />
              <AddGiftCardForm />
            </div>
          </Section>
          <Section id="mot-de-passe" title="Mot de passe" subtitle="Les autres appareils connectés seront déconnectés.">
            <PasswordForm />
          </Section>
          <Section id="mes-donnees" title="Vos données" subtitle="Une copie de vos renseignements personnels, à télécharger.">
            <DataExportSection />
          </Section>
          <Section id="supprimer-le-compte" title="Supprimer mon compte" subtitle="Zone de danger : cette action est irréversible." danger>
            <DeleteAccountSection canDelete={profile.role === 'learner'} />
          </Section>
        </div>
      )}
    </div>
  );
}

function Section({ id, title, subtitle, danger = false, children }: { id: string; title: string; subtitle: string; danger?: boolean; children: ReactNode }) {
  return (
    <Card as="section" id={id} aria-labelledby={`${id}-titre`} className={`scroll-mt-24 p-5 sm:p-8${danger ? ' border-2 border-red-700' : ''}`}>
      <h2 id={`${id}-titre`} className="text-2xl font-semibold text-ink">
        {title}
      </h2>
      <p className="mt-1 text-muted">{subtitle}</p>
      <div className="mt-6">{children}</div>
    </Card>
  );
}
