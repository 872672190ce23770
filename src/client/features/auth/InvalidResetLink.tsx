// What /update-password shows without a usable reset token (spec: 'Lien invalide ou expiré' and
// 'Retour à l'accueil').
import { LinkIcon } from 'lucide-react';
import { ButtonLink } from '@client/components/ui/Button';
import { usePageTitle } from '@client/lib/use-page-title';

export function InvalidResetLink() {
  usePageTitle('Lien invalide ou expiré');
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
