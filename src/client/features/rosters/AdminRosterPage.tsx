// /admin/seances/:sessionId — « Liste des participants » (issue 26, part C): the session's course,
// date and seats taken / capacity; who comes, the holds, the cancellations; « Imprimer » (the
// browser's print gives the list alone: styles.css), « Télécharger (CSV) » for French Excel,
// « Écrire aux participants » and the messages sent; the video link (the calendar's own editor)
// and the recording of the session (sent or replaced from here once the session is over).
import { ArrowLeft, Download, Film, MessageSquareText, Printer } from 'lucide-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import type { RosterResponse } from '@shared/schemas/rosters';
import { AdminShell } from '@client/app/layout/AdminShell';
import { Button, ButtonLink, buttonClass } from '@client/components/ui/Button';
import { ErrorPanel } from '@client/components/ui/ErrorPanel';
import { Skeleton } from '@client/components/ui/Skeleton';
import { usePageTitle } from '@client/lib/use-page-title';
import { RecordingVideoUpload, VideoLinkEditor } from '@client/features/calendar';
import { rosterCsvPath, useRoster } from './api';
import { MessageForm } from './components/MessageForm';
import { MessagesList } from './components/MessagesList';
import { RosterPrint, rosterTitle } from './components/RosterPrint';

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
  const over = Date.parse(s.endsAt) <= Date.now();
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

      <section aria-label="Visioconférence et enregistrement" className="space-y-4 rounded-3xl border border-line bg-white p-5 shadow-sm sm:p-6 print:hidden">
        <h3 className="text-xl text-ink">Visioconférence et enregistrement</h3>
        {s.status === 'scheduled' && !over ? (
          <VideoLinkEditor sessionId={s.id} videoLink={s.videoLink} endsAt={s.endsAt} onSaved={() => undefined} />
        ) : s.videoLink ? (
          <p className="break-all text-muted">Lien de la séance : {s.videoLink}</p>
        ) : (
          <p className="text-muted">{s.status === 'cancelled' ? 'Séance annulée : aucun lien.' : 'Aucun lien de visioconférence.'}</p>
        )}
        <div className="space-y-3 border-t border-line pt-4">
          {/* Once the session is over the chef sends (or replaces) its video from here, as from the calendar. */}
          {over && s.status === 'scheduled' ? <RecordingVideoUpload sessionId={s.id} hasVideo={s.hasRecordingVideo} /> : null}
          {s.recordingUrl ? (
            <p className="flex flex-wrap items-center gap-3">
              <Film aria-hidden="true" className="size-5 text-brand-700" />
              <a href={s.recordingUrl} target="_blank" rel="noopener noreferrer" className={buttonClass({ variant: 'secondary', size: 'sm' })}>
                Voir le lien de l’enregistrement<span className="sr-only"> (nouvel onglet)</span>
              </a>
            </p>
          ) : s.hasRecordingVideo && !(over && s.status === 'scheduled') ? (
            <p className="flex flex-wrap items-center gap-3">
              <Film aria-hidden="true" className="size-5 text-brand-700" />
              <ButtonLink to={`/enregistrements/${encodeURIComponent(s.id)}`} variant="secondary" size="sm">
                Voir l’enregistrement
              </ButtonLink>
            </p>
          ) : !over ? (
            <p className="flex items-center gap-3 text-muted">
              <Film aria-hidden="true" className="size-5 text-brand-700" />
              L’enregistrement s’ajoute ici une fois la séance terminée.
            </p>
          ) : null}
        </div>
      </section>

      <section aria-label="Messages envoyés" className="print:hidden">
        <h3 className="mb-3 text-xl text-ink">Messages envoyés</h3>
        <MessagesList messages={roster.messages} />
      </section>
    </div>
  );
}
