// What a page shows when it throws while rendering, or when its code cannot be downloaded (e.g. a
// new version was deployed while the tab was open). The layout stays around it, so the visitor can
// navigate on; moving to another page clears the error (the boundary is keyed by path).
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { buttonClass } from '@client/components/ui/Button';
import { usePageTitle } from '@client/lib/use-page-title';

function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && /dynamically imported module|Importing a module script failed|Failed to fetch/i.test(error.message);
}

type Props = { children: ReactNode };
type State = { error: unknown };

export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render() {
    return this.state.error ? <RouteError error={this.state.error} /> : this.props.children;
  }
}

export function RouteError({ error }: { error: unknown }) {
  usePageTitle('Erreur');
  const stale = isChunkLoadError(error);
  return (
    <section role="alert" className="mx-auto flex max-w-xl flex-col items-center gap-4 px-6 py-20 text-center">
      <h1 className="text-3xl font-semibold">Une erreur inattendue est survenue.</h1>
      <p className="text-lg text-muted">
        {stale
          ? 'Le site a été mis à jour pendant votre visite. Rechargez la page pour continuer.'
          : "Nous sommes désolés. Rechargez la page ou revenez à l'accueil."}
      </p>
      <div className="mt-2 flex flex-wrap justify-center gap-3">
        <button type="button" className={buttonClass()} onClick={() => window.location.reload()}>
          Recharger la page
        </button>
        <a href="/" className={buttonClass({ variant: 'secondary' })}>
          Retour à l'accueil
        </a>
      </div>
    </section>
  );
}
