// « Une place s'est libérée »: the seats held for a learner from the waitlist, until when, the way
// straight to payment, and « Céder ma place » (the next in line gets it at once).
import { Link } from 'react-router';
import { formatClock, formatSessionDateTime } from '@shared/format';
import type { WaitlistEntryView } from '@shared/schemas/waitlist';
import { Button, buttonClass } from '@client/components/ui/Button';
import { notifyError, notifySuccess } from '@client/lib/notify';
import { useLeaveWaitlist } from './api';
import { seatsWanted } from './labels';

export function OfferCard({ entry }: { entry: WaitlistEntryView }) {
  const leave = useLeaveWaitlist();
  const decline = () =>
    leave.mutate(entry.id, {
      onSuccess: () => notifySuccess('Place cédée', 'Elle est offerte à la personne suivante.'),
      onError: (e) => notifyError('Impossible de céder la place', e.message),
    });
  return (
    <section aria-label="Une place s'est libérée" className="rounded-2xl border border-brand-100 bg-brand-50 p-4 sm:p-5">
      <h3 className="text-lg font-semibold text-ink">Une place s’est libérée</h3>
      <p className="mt-1 text-ink/90">
        {entry.courseTitle} — <span className="first-letter:uppercase">{formatSessionDateTime(entry.startsAt)}</span>. {seatsWanted(entry.seats).replace('demandée', 'retenue').replace('demandées', 'retenues')} pour vous
        {entry.offerExpiresAt ? ` jusqu’à ${formatClock(entry.offerExpiresAt)}` : ''}.
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Link to={`/payment/${encodeURIComponent(entry.courseId)}`} className={buttonClass({ size: 'sm' })}>
          Payer ma place
        </Link>
        <Button variant="secondary" size="sm" loading={leave.isPending} onClick={decline}>
          Céder ma place
        </Button>
      </div>
    </section>
  );
}
