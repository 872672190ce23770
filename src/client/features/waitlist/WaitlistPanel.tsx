// « Liste d'attente » on the booking page (docs/decisions/0050): for each full session, join the
// line with the seats wanted, or see one's place and leave it; an offer (« Une place s'est
// libérée ») comes first, with the way straight to payment.
import { useState } from 'react';
import { formatSessionDateTime } from '@shared/format';
import type { SessionSummary } from '@shared/schemas/public';
import type { WaitlistEntryView } from '@shared/schemas/waitlist';
import { Button } from '@client/components/ui/Button';
import { Select } from '@client/components/ui/Select';
import { notifyError, notifySuccess } from '@client/lib/notify';
import { useJoinWaitlist, useLeaveWaitlist, useMyWaitlist } from './api';
import { placeLabel } from './labels';
import { OfferCard } from './OfferCard';

type Props = { courseId: string; sessions: SessionSummary[] };

export function WaitlistPanel({ courseId, sessions }: Props) {
  const mine = useMyWaitlist(courseId);
  const entries = mine.data?.entries ?? [];
  const full = sessions.filter((s) => s.seatsLeft <= 0 || entries.some((e) => e.sessionId === s.id));
  const offers = entries.filter((e) => e.status === 'offered');
  if (full.length === 0 && offers.length === 0) return null;
  return (
    <section aria-labelledby="liste-attente" className="space-y-3">
      <h2 id="liste-attente" className="text-xl font-semibold text-ink">
        Liste d’attente
      </h2>
      {offers.map((e) => (
        <OfferCard key={e.id} entry={e} />
      ))}
      <p className="text-sm text-muted">Une séance complète ? Inscrivez-vous : si des places se libèrent, elles vous sont retenues 15 minutes et nous vous écrivons.</p>
      <ul className="space-y-3">
        {full
          .filter((s) => !offers.some((e) => e.sessionId === s.id))
          .map((s) => (
            <li key={s.id}>
              <FullSession session={s} entry={entries.find((e) => e.sessionId === s.id) ?? null} />
            </li>
          ))}
      </ul>
    </section>
  );
}

function FullSession({ session, entry }: { session: SessionSummary; entry: WaitlistEntryView | null }) {
  const [seats, setSeats] = useState('1');
  const join = useJoinWaitlist();
  const leave = useLeaveWaitlist();
  const when = formatSessionDateTime(session.startsAt);
  const options = Array.from({ length: session.maxSeatsPerBooking }, (_, i) => ({ value: String(i + 1), label: i === 0 ? '1 place' : `${i + 1} places` }));
  return (
    <div className="flex flex-col gap-3 rounded-2xl border border-line bg-white p-4 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0">
        <p className="font-semibold text-ink first-letter:uppercase">{when}</p>
        <p className="text-sm text-muted" role="status">
          {entry ? placeLabel(entry) : 'Complet'}
        </p>
      </div>
      {entry ? (
        <Button
          variant="secondary"
          size="sm"
          loading={leave.isPending}
          onClick={() =>
            leave.mutate(entry.id, {
              onSuccess: () => notifySuccess('Vous avez quitté la liste d’attente'),
              onError: (e) => notifyError('Impossible de quitter la liste', e.message),
            })
          }
        >
          Quitter la liste d’attente
        </Button>
      ) : (
        <div className="flex flex-wrap items-end gap-2">
          {options.length > 1 ? <Select label="Places voulues" value={seats} onValueChange={(v) => setSeats(v ?? '1')} options={options} className="w-32" /> : null}
          <Button
            size="sm"
            loading={join.isPending}
            onClick={() =>
              join.mutate(
                { sessionId: session.id, seats: Number(seats) },
                {
                  onSuccess: () => notifySuccess('Inscription à la liste d’attente', `Séance du ${when}.`),
                  onError: (e) => notifyError('Liste d’attente', e.message),
                },
              )
            }
          >
            Rejoindre la liste d’attente
          </Button>
        </div>
      )}
    </div>
  );
}
