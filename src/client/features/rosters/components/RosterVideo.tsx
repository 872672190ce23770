// The admin roster's « Visioconférence et enregistrement »: the calendar's video-link editor before
// the session, and once it is over the recording sent or replaced from here (the calendar's
// RecordingVideoUpload, same API), or the links to watch it. Loaded after the list (AdminRosterPage).
import { Film } from 'lucide-react';
import type { RosterResponse } from '@shared/schemas/rosters';
import { ButtonLink, buttonClass } from '@client/components/ui/Button';
import { RecordingVideoUpload, VideoLinkEditor } from '@client/features/calendar';
import { useRenderClock } from '@client/lib/render-clock';

export default function RosterVideo({ session: s }: { session: RosterResponse['session'] }) {
  // The server's clock in its render of the page (decision 0045), the browser's here.
  const over = Date.parse(s.endsAt) <= useRenderClock()().getTime();
  return (
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
  );
}
