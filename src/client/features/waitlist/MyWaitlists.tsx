// « Mon Calendrier »: the learner's places in line on full sessions, each with its rank, a way to
// leave it, or the offer to pay (docs/decisions/0050). Nothing when they wait for nothing.
import { Link } from 'react-router';
import { formatSessionDateTime } from '@shared/format';
import { Button } from '@client/components/ui/Button';
import { notifyError } from '@client/lib/notify';
import { useLeaveWaitlist, useMyWaitlist } from './api';
import { placeLabel } from './labels';
import { OfferCard } from './OfferCard';

export function MyWaitlists() {
  const mine = useMyWaitlist();
  const leave = useLeaveWaitlist();
  const entries = mine.data?.entries ?? [];
  if (entries.length === 0) return null;
  return (
    <section aria-labelledby="mes-listes-attente" className="space-y-3">
      <h2 id="mes-listes-attente" className="text-xl font-semibold text-ink">
        Mes listes d’attente
      </h2>
      <ul className="space-y-3">
        {entries.map((e) => (
          <li key={e.id}>
            {e.status === 'offered' ? (
              <OfferCard entry={e} />
            ) : (
              <div className="flex flex-col gap-2 rounded-2xl border border-line bg-white p-4 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0">
                  <Link to={`/booking/${encodeURIComponent(e.courseId)}`} className="font-semibold text-brand-800 underline-offset-4 hover:underline">
                    {e.courseTitle}
                  </Link>
                  <p className="text-sm text-ink first-letter:uppercase">{formatSessionDateTime(e.startsAt)}</p>
                  <p className="text-sm text-muted">{placeLabel(e)}</p>
                </div>
                <Button variant="secondary" size="sm" loading={leave.isPending && leave.variables === e.id} onClick={() => leave.mutate(e.id, { onError: (err) => notifyError('Impossible de quitter la liste', err.message) })}>
                  Quitter la liste d’attente
                </Button>
              </div>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
