// /admin/seances/:sessionId — « Liste des participants » (issue 26, part C): the session's course,
// date and seats taken / capacity; who comes, the holds, the cancellations; « Imprimer » (the
// browser's print gives the list alone: styles.css), « Télécharger (CSV) » for French Excel,
// « Écrire aux participants » and the messages sent; the video link (the calendar's own editor)
// and the recording of the session (sent or replaced from here once the session is over).
import { ArrowLeft, Download, MessageSquareText, Printer } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useParams } from 'react-router';
import type { RosterResponse } from '@shared/schemas/rosters';
import { AdminShell } from '@client/app/layout/AdminShell';
import { Button, ButtonLink, buttonClass } from '@client/components/ui/Button';
import { ErrorPanel } from '@client/components/ui/ErrorPanel';
import { Skeleton } from '@client/components/ui/Skeleton';
import { usePageTitle } from '@client/lib/use-page-title';
import { rosterCsvPath, useRoster } from './api';
import { MessageForm } from './components/MessageForm';
import { MessagesList } from './components/MessagesList';
import { RosterPrint, rosterTitle } from './components/RosterPrint';

const RosterVideo = lazy(() => import('./components/RosterVideo'));

export default function AdminRosterPage() {
  const { sessionId = '' } = useParams();
  const query = useRoster(sessionId, 'admin');
  usePageTitle(rosterTitle(query.data));
  return (
    <AdminShell
      actions={
        <ButtonLink to="/admin/reservations" variant="secondary">
          <ArrowLeft aria-hidden="true" className="size-4" />
          Réservations
        </ButtonLink>
      }
    >
      {query.isPending ? (
        <div role="status" aria-label="Chargement de la liste des participants" className="space-y-4">
          <Skeleton className="h-40 w-full" />
          <Skeleton className="h-64 w-full" />
        </div>
      ) : query.isError ? (
        <ErrorPanel title="Impossible de charger la liste des participants." message={query.error.message} onRetry={() => void query.refetch()} />
      ) : (
        <Roster roster={query.data} />
      )}
    </AdminShell>
  );
}

function Roster({ roster }: { roster: RosterResponse }) {
  const [writing, setWriting] = useState(false);
  const s = roster.session;
  return (
    <div className="space-y-8">
      <div className="flex flex-wrap gap-3 print:hidden">
        <Button variant="secondary" onClick={() => window.print()}>
          <Printer aria-hidden="true" className="size-4" />
          Imprimer
        </Button>
        <a href={rosterCsvPath(s.id)} download className={buttonClass({ variant: 'secondary' })}>
          <Download aria-hidden="true" className="size-4" />
          Télécharger (CSV)
        </a>
        {s.status === 'scheduled' && roster.attendees.length > 0 ? (
          <Button onClick={() => setWriting((w) => !w)} aria-expanded={writing} aria-controls="ecrire-aux-participants">
            <MessageSquareText aria-hidden="true" className="size-4" />
            Écrire aux participants
          </Button>
        ) : null}
      </div>

      {writing ? (
        <section id="ecrire-aux-participants" aria-label="Écrire aux participants" className="rounded-3xl border border-brand-200 bg-brand-50/50 p-5 sm:p-6 print:hidden">
          <h3 className="mb-2 text-xl text-ink">Écrire aux participants</h3>
          <MessageForm sessionId={s.id} attendees={roster.attendees.length} onSent={() => setWriting(false)} />
        </section>
      ) : null}

      <RosterPrint roster={roster} />

      {/* Its editors (and their form schemas) load after the list: they sit below it, off the first screen. */}
      <Suspense fallback={<Skeleton className="h-48 w-full print:hidden" />}>
        <RosterVideo session={s} />
      </Suspense>

      <section aria-label="Messages envoyés" className="print:hidden">
        <h3 className="mb-3 text-xl text-ink">Messages envoyés</h3>
        <MessagesList messages={roster.messages} />
      </section>
    </div>
  );
}
