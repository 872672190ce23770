import { SearchX } from 'lucide-react';
import { ButtonLink } from '@client/components/ui/Button';

export function CourseNotFound() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
      <span className="inline-flex size-16 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <SearchX aria-hidden="true" className="size-8" />
      </span>
      <h1 className="text-3xl font-semibold text-ink">Cours non trouvé</h1>
      <p className="text-muted">Ce cours n'existe pas ou n'est plus proposé. Découvrez les autres cours du catalogue.</p>
      <ButtonLink to="/cours" variant="primary">
        Retour aux cours
      </ButtonLink>
    </div>
  );
}
