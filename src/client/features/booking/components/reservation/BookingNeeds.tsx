// The seats' allergies and restrictions on the booking's page: read, and changed by the owner until
// the kit goes out (docs/decisions/0053). Saving sends every seat's needs at once.
import { Salad } from 'lucide-react';
import { useState } from 'react';
import { DIETARY_FILTER_LABELS, hasNeeds, needsFor, type SeatNeeds } from '@shared/dietary';
import type { BookingPageView } from '@shared/schemas/booking-page';
import { dietaryNeedsUpdateSchema } from '@shared/schemas/dietary';
import { Button } from '@client/components/ui/Button';
import { FormAlert } from '@client/components/ui/FormAlert';
import { SeatNeedsFieldset, seatName } from '@client/features/dietary';
import { notifySuccess } from '@client/lib/notify';
import { runMutation } from '@client/lib/run-mutation';
import { useSaveNeeds } from '../../api';

function seatText(seat: SeatNeeds): string {
  const parts = [...seat.needs.map((n) => DIETARY_FILTER_LABELS[n]), ...(seat.note ? [seat.note] : [])];
  return parts.length ? parts.join(', ') : 'Aucune';
}

export function BookingNeeds({ page }: { page: BookingPageView }) {
  const r = page.reservation;
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<SeatNeeds[]>(page.needs);
  const [errors, setErrors] = useState<Record<number, string>>({});
  const save = useSaveNeeds(r.id);

  const submit = () => {
    const checked = dietaryNeedsUpdateSchema.safeParse({ needs: needsFor(r.seats, draft) });
    if (!checked.success) {
      const next: Record<number, string> = {};
      for (const issue of checked.error.issues) if (typeof issue.path[1] === 'number') next[issue.path[1]] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    runMutation(save, checked.data, {
      onSuccess: () => {
        setEditing(false);
        notifySuccess('Besoins alimentaires enregistrés', 'La cheffe les verra sur la liste des participants.');
      },
    });
  };

  return (
    <section aria-labelledby="needs-title" className="rounded-2xl border border-line bg-white p-5 shadow-sm">
      <h2 id="needs-title" className="flex items-center gap-2 text-lg font-semibold text-ink">
        <Salad aria-hidden="true" className="size-5 text-brand-700" />
        Allergies et restrictions
      </h2>
      {editing ? (
        <div className="mt-3">
          <SeatNeedsFieldset seats={r.seats} guests={r.guests} needs={draft} onChange={setDraft} errors={errors} />
          {save.error ? <FormAlert className="mt-3">{save.error.message}</FormAlert> : null}
          <div className="mt-4 flex flex-wrap gap-2">
            <Button size="sm" loading={save.isPending} onClick={submit}>
              Enregistrer
            </Button>
            <Button size="sm" variant="ghost" disabled={save.isPending} onClick={() => { setDraft(page.needs); setErrors({}); setEditing(false); }}>
              Annuler
            </Button>
          </div>
        </div>
      ) : (
        <>
          <dl className="mt-2 space-y-1 text-ink" data-testid="seat-needs">
            {page.needs.map((seat, i) => (
              <div key={i} className="flex flex-wrap gap-x-2">
                <dt className="font-semibold">{seatName(i, r.guests)} :</dt>
                <dd className={hasNeeds(seat) ? '' : 'text-muted'}>{seatText(seat)}</dd>
              </div>
            ))}
          </dl>
          {page.needsEditable ? (
            <Button size="sm" variant="secondary" className="mt-3" onClick={() => { setDraft(page.needs); setEditing(true); }}>
              Modifier
            </Button>
          ) : page.isOwner && (r.status === 'confirmed' || r.status === 'pending_payment') ? (
            <p className="mt-2 text-sm text-muted">La trousse est partie : pour un changement, écrivez à la cheffe.</p>
          ) : null}
        </>
      )}
    </section>
  );
}
