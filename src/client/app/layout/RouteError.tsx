// Shown when a page throws or its code cannot be loaded (e.g. a new version was deployed while the
// tab was open). It replaces the layout, so it carries its own landmarks and a way out.
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { buttonClass } from '@client/components/ui/Button';
import { usePageTitle } from '@client/lib/use-page-title';
import { Logo } from './Logo';

function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && /dynamically imported module|Importing a module script failed|Failed to fetch/i.test(error.message);
}

export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const stale = isChunkLoadError(error);
  usePageTitle(notFound ? 'Page introuvable' : 'Erreur');
  if (!notFound) console.error(error);

  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b border-line">
        <div className="mx-auto flex h-16 max-w-6xl items-center px-4 sm:px-6">
          <Logo />
        </div>
      </header>
      <main className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center gap-4 px-6 py-16 text-center">
        <h1 className="text-3xl font-semibold">{notFound ? 'Page introuvable' : 'Une erreur inattendue est survenue.'}</h1>
        <p className="text-lg text-muted">
          {notFound
            ? "Cette page n'existe pas ou a été déplacée."
            : stale
              ? 'Le site a été mis à jour pendant votre visite. Rechargez la page pour continuer.'
              : 'Nous sommes désolés. Rechargez la page ou revenez à l’accueil.'}
        </p>
        <div className="mt-2 flex flex-wrap justify-center gap-3">
          {notFound ? null : (
            <button type="button" className={buttonClass()} onClick={() => window.location.reload()}>
              Recharger la page
            </button>
          )}
          <Link to="/" className={buttonClass({ variant: notFound ? 'primary' : 'secondary' })} reloadDocument={!notFound}>
            Retour à l'accueil
          </Link>
        </div>
      </main>
    </div>
  );
}
