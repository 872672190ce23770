// The way into the class on the booking's page: a countdown until the join button opens
// (JOIN_OPENS_MINUTES before the start), then « Rejoindre le cours en direct » once the chef has set
// the link, until the end; then the recording if there is one.
import { Film, Timer, Video } from 'lucide-react';
import { useEffect, useState } from 'react';
import { JOIN_OPENS_MINUTES } from '@shared/booking';
import type { BookingPageView } from '@shared/schemas/booking-page';
import { ButtonLink, buttonClass } from '@client/components/ui/Button';
import { countdownLabel, countdownTick, joinStage } from '../../countdown';

/** Now, read again as often as the countdown needs (every second within the hour, else each minute). */
function useNow(target: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setTimeout(() => setNow(Date.now()), Math.min(countdownTick(target - now), Math.max(250, target - now)));
    return () => window.clearTimeout(id);
  }, [now, target]);
  return now;
}

export function JoinCountdown({ page }: { page: BookingPageView }) {
  const r = page.reservation;
  const opens = Date.parse(page.joinOpensAt);
  const now = useNow(opens);
  const stage = joinStage(now, page.joinOpensAt, r.endsAt);
  const box = 'rounded-2xl border border-line bg-white p-5 shadow-sm';

  if (stage === 'before') {
    return (
      <section aria-labelledby="join-title" className={box}>
        <h2 id="join-title" className="flex items-center gap-2 text-lg font-semibold text-ink">
          <Timer aria-hidden="true" className="size-5 text-brand-700" />
          Le cours commence dans
        </h2>
        <p className="mt-2 font-display text-3xl text-brand-800 tabular-nums" data-testid="countdown" aria-live="off">
          {countdownLabel(Date.parse(r.startsAt) - now)}
        </p>
        <p className="mt-2 text-sm text-muted">
          Le bouton pour rejoindre le cours apparaîtra ici {JOIN_OPENS_MINUTES} minutes avant le début
          {r.hasVideoLink ? '.' : ' : la cheffe y mettra le lien de la visioconférence.'}
        </p>
      </section>
    );
  }
  if (stage === 'open') {
    return (
      <section aria-labelledby="join-title" className={box}>
        <h2 id="join-title" className="text-lg font-semibold text-ink">
          {now < Date.parse(r.startsAt) ? `Le cours commence dans ${countdownLabel(Date.parse(r.startsAt) - now)}` : 'Le cours est commencé'}
        </h2>
        {r.videoLink ? (
          <a href={r.videoLink} target="_blank" rel="noopener noreferrer" className={buttonClass({ size: 'md', className: 'mt-3 w-full sm:w-auto' })}>
            <Video aria-hidden="true" className="size-5" />
            Rejoindre le cours en direct
            <span className="sr-only"> (nouvel onglet)</span>
          </a>
        ) : (
          <p className="mt-2 text-muted">La cheffe n&apos;a pas encore mis le lien du cours : il apparaîtra ici dès qu&apos;il sera prêt.</p>
        )}
      </section>
    );
  }
  return (
    <section aria-labelledby="join-title" className={box}>
      <h2 id="join-title" className="text-lg font-semibold text-ink">
        Ce cours est terminé
      </h2>
      {r.hasRecordingVideo ? (
        <ButtonLink to={`/enregistrements/${encodeURIComponent(r.sessionId)}`} variant="secondary" size="sm" className="mt-3">
          <Film aria-hidden="true" className="size-4" />
          Voir l&apos;enregistrement
        </ButtonLink>
      ) : r.recordingUrl ? (
        <a href={r.recordingUrl} target="_blank" rel="noopener noreferrer" className={buttonClass({ variant: 'secondary', size: 'sm', className: 'mt-3' })}>
          <Film aria-hidden="true" className="size-4" />
          Voir l&apos;enregistrement
        </a>
      ) : (
        <p className="mt-2 text-muted">Merci d&apos;y avoir participé.</p>
      )}
    </section>
  );
}
