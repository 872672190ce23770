import { ButtonLink } from '@client/components/ui/Button';
import { usePageTitle } from '@client/lib/use-page-title';

export default function NotFoundPage() {
  usePageTitle('Page introuvable');
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-6 py-20 text-center">
      <p className="font-display text-7xl font-semibold text-brand-600" aria-hidden="true">
        404
      </p>
      <h1 className="text-3xl font-semibold">Page introuvable</h1>
      <p className="text-lg text-muted">Cette page n'existe pas ou a été déplacée. Nos recettes, elles, vous attendent.</p>
      <div className="mt-2 flex flex-wrap justify-center gap-3">
        <ButtonLink to="/">Retour à l'accueil</ButtonLink>
        <ButtonLink to="/recettes" variant="secondary">
          Voir les recettes
        </ButtonLink>
      </div>
    </section>
  );
}
