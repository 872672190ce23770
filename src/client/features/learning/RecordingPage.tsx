// /enregistrements/:sessionId — the recording of a live session, for its attendees (and its teacher
// and the admin): the course, the session's date with its time zone named, and the site's player.
// Someone who did not attend is told so and sent back to Mes Achats; a session with no recording yet
// says it is not available.
import { ExternalLink, Lock, ShoppingBag, VideoOff } from 'lucide-react';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { ERROR_MESSAGES } from '@shared/errors';
import { formatDuration, formatSessionDateTime } from '@shared/format';
import { ButtonLink, buttonClass } from '@client/components/ui/Button';
import { ErrorPanel } from '@client/components/ui/ErrorPanel';
import { PageHeader } from '@client/components/ui/PageHeader';
import { Skeleton } from '@client/components/ui/Skeleton';
import { usePageTitle } from '@client/lib/use-page-title';
import { useRecording } from './api';
import { VideoPlayer } from './components/VideoPlayer';

/** 'dimanche 15 novembre 2026 à 18 h 30 HNE', the time and its zone kept on one line. */
const sessionWhen = (iso: string) => formatSessionDateTime(iso).replace(/(\d+) h (\d+) (\S+)$/, '$1\u00a0h\u00a0$2\u00a0$3');

export default function RecordingPage() {
  const { sessionId = '' } = useParams();
  const query = useRecording(sessionId);
  const recording = query.data?.recording;
  const status = query.error?.status;
  usePageTitle(recording ? `Enregistrement — ${recording.courseTitle}` : 'Enregistrement de la séance');

  return (
    <div className="mx-auto min-h-[60vh] w-full max-w-4xl px-4 py-8 sm:px-6 sm:py-10">
      {query.isPending ? (
        <div role="status" aria-label="Chargement de l'enregistrement" className="space-y-4">
          <Skeleton className="h-4 w-48" />
          <Skeleton className="h-10 w-3/4" />
          <Skeleton className="h-5 w-1/2" />
          <Skeleton className="aspect-video w-full rounded-2xl" />
        </div>
      ) : status === 403 ? (
        <Refusal
          icon={<Lock className="size-10" />}
          title="Enregistrement réservé aux participants"
          message={query.error?.message ?? ERROR_MESSAGES.RECORDING_ACCESS_DENIED}
        />
      ) : status === 404 ? (
        <Refusal
          icon={<VideoOff className="size-10" />}
          title="Enregistrement non disponible"
          message={query.error?.code === 'RECORDING_NOT_AVAILABLE' ? query.error.message : ERROR_MESSAGES.RECORDING_NOT_AVAILABLE}
        />
      ) : query.isError ? (
        <>
          <PageHeader title="Enregistrement de la séance" />
          <ErrorPanel title="Impossible de charger l'enregistrement." message={query.error.message} onRetry={() => void query.refetch()} />
        </>
      ) : recording ? (
        <article>
          <PageHeader
            eyebrow="Enregistrement de la séance"
            title={recording.courseTitle}
            subtitle={
              <>
                <time dateTime={recording.startsAt}>{sessionWhen(recording.startsAt)}</time>
                <span aria-hidden="true"> · </span>
                <span className="sr-only">, durée : </span>
                {formatDuration(recording.durationMinutes)}
              </>
            }
          />
          {recording.video ? (
            <VideoPlayer
              video={recording.video}
              label={`Enregistrement de la séance « ${recording.courseTitle} »`}
              onRetry={() => void query.refetch()}
            />
          ) : recording.externalUrl ? (
            <div className="rounded-2xl border border-line bg-white p-6 text-center shadow-sm">
              <p className="text-muted">Cet enregistrement se regarde sur le site où il a été déposé.</p>
              <a href={recording.externalUrl} target="_blank" rel="noopener noreferrer" className={buttonClass({ className: 'mt-4' })}>
                <ExternalLink aria-hidden="true" className="size-4" />
                Ouvrir l&apos;enregistrement
                <span className="sr-only"> (nouvel onglet)</span>
              </a>
            </div>
          ) : null}
          <div className="mt-6 flex flex-wrap gap-3">
            <ButtonLink to={`/cours/${encodeURIComponent(recording.courseId)}`} variant="secondary" size="sm">
              Voir le cours
            </ButtonLink>
            <ButtonLink to="/mes-achats" variant="ghost" size="sm">
              <ShoppingBag aria-hidden="true" className="size-4" />
              Mes Achats
            </ButtonLink>
          </div>
        </article>
      ) : null}
    </div>
  );
}

/** The page when the server says no: why, in its words, and the way back to what the person owns. */
function Refusal({ icon, title, message }: { icon: ReactNode; title: string; message: string }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-line bg-white px-6 py-12 text-center shadow-sm">
      <span aria-hidden="true" className="text-brand-700">
        {icon}
      </span>
      <h1 className="font-display text-2xl text-ink sm:text-3xl">{title}</h1>
      <p className="max-w-md text-muted">{message}</p>
      <ButtonLink to="/mes-achats" className="mt-2">
        <ShoppingBag aria-hidden="true" className="size-4" />
        Retour à Mes Achats
      </ButtonLink>
    </div>
  );
}
