// /mes-seances/:sessionId — the guest chef's roster of one of his sessions, read-only: names, seats
// and servings (docs/decisions/0033-rosters.md); printable like the admin's. Another chef's session
// is refused by the server (403, said in French here).
import { ArrowLeft, Printer } from 'lucide-react';
import { useParams } from 'react-router';
import { Button, ButtonLink } from '@client/components/ui/Button';
import { ErrorPanel } from '@client/components/ui/ErrorPanel';
import { Skeleton } from '@client/components/ui/Skeleton';
import { usePageTitle } from '@client/lib/use-page-title';
import { useRoster } from './api';
import { RosterPrint, rosterTitle } from './components/RosterPrint';

export default function ChefRosterPage() {
  const { sessionId = '' } = useParams();
  const query = useRoster(sessionId, 'chef');
  usePageTitle(rosterTitle(query.data));
  return (
    <div className="mx-auto min-h-[calc(100dvh-4rem)] w-full max-w-5xl space-y-6 px-4 py-8 sm:px-6 sm:py-10">
      <div className="flex flex-wrap justify-between gap-3 print:hidden">
        <ButtonLink to="/mes-seances" variant="secondary">
          <ArrowLeft aria-hidden="true" className="size-4" />
          Mes séances
        </ButtonLink>
        {query.data ? (
          <Button variant="secondary" onClick={() => window.print()}>
            <Printer aria-hidden="true" className="size-4" />
            Imprimer
          </Button>
        ) : null}
      </div>
      <h1 className="sr-only">Liste des participants</h1>
      {query.isPending ? (
        <div role="status" aria-label="Chargement de la liste des participants" className="space-y-4">
          <Skeleton className="h-40 w-full" />
          <Skeleton className="h-64 w-full" />
        </div>
      ) : query.isError ? (
        <ErrorPanel title="Impossible d’afficher cette liste." message={query.error.message} onRetry={query.error.status >= 500 ? () => void query.refetch() : undefined} />
      ) : (
        <RosterPrint roster={query.data} />
      )}
    </div>
  );
}
