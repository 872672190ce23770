// /update-password (spec: the form shows only with a recovery marker in the link; otherwise
// 'Lien invalide ou expiré'). Reset e-mails come with accounts: until then a link carrying a token
// is told plainly that the form is coming.
import { LinkIcon } from 'lucide-react';
import { useLocation } from 'react-router';
import { ButtonLink } from '@client/components/ui/Button';
import { usePageTitle } from '@client/lib/use-page-title';
import { ComingSoon } from '@client/features/coming/components/ComingSoon';
import { hasRecoveryMarker } from './recovery-link';

export default function UpdatePasswordPage() {
  const { search, hash } = useLocation();
  const valid = hasRecoveryMarker(search, hash);
  usePageTitle(valid ? 'Nouveau mot de passe' : 'Lien invalide ou expiré');

  if (valid) {
    return <ComingSoon title="Nouveau mot de passe" coming="vous y choisirez un nouveau mot de passe pour votre compte." />;
  }
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-6 py-16 text-center sm:py-24">
      <span className="mb-6 flex size-16 items-center justify-center rounded-full bg-brand-50 text-brand-700" aria-hidden="true">
        <LinkIcon className="size-8" />
      </span>
      <h1 className="text-3xl font-semibold">Lien invalide ou expiré</h1>
      <p className="mt-4 text-lg text-muted">
        Ce lien de réinitialisation du mot de passe n'est pas valide ou a expiré. Demandez-en un nouveau depuis la
        fenêtre de connexion.
      </p>
      <ButtonLink to="/" className="mt-8">
        Retour à l'accueil
      </ButtonLink>
    </section>
  );
}
