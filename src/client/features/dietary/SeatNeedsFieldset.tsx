// « Allergies et restrictions » per seat (issue 28, point 5; docs/decisions/0053): for each seat of a
// booking, the fixed list (« Sans gluten » … « Végétalien ») and free text. Optional; shown in the
// booking form and on the booking's page. Who reads them is said under the fields.
import { DIETARY_FILTERS, DIETARY_FILTER_LABELS, NEED_NOTE_MAX, type SeatNeeds } from '@shared/dietary';
import { TextField } from '@client/components/ui/TextField';
import { cn } from '@client/lib/cn';
import { Boxes } from './DietaryTagsFieldset';

type SeatNeedsFieldsetProps = {
  seats: number;
  /** The guests' first names (one per extra seat, '' when not given). */
  guests: string[];
  needs: SeatNeeds[];
  onChange: (next: SeatNeeds[]) => void;
  /** A message per seat (the note too long). */
  errors?: Record<number, string>;
  className?: string;
};

/** « Vous », then each guest by first name, else « Invité 2 ». */
export function seatName(index: number, guests: string[]): string {
  if (index === 0) return 'Vous';
  return guests[index - 1]?.trim() || `Invité ${index}`;
}

export function SeatNeedsFieldset({ seats, guests, needs, onChange, errors, className }: SeatNeedsFieldsetProps) {
  const seatNeeds = (i: number): SeatNeeds => needs[i] ?? { needs: [], note: '' };
  const change = (i: number, next: SeatNeeds) => {
    const all = Array.from({ length: seats }, (_, k) => (k === i ? next : seatNeeds(k)));
    onChange(all);
  };
  return (
    <div className={cn('space-y-4', className)}>
      {Array.from({ length: seats }, (_, i) => (
        <fieldset key={i} className="space-y-2" data-seat={i}>
          <legend className="mb-1 text-sm font-semibold text-ink">{seatName(i, guests)}</legend>
          <Boxes name={`needs-${i}`} list={DIETARY_FILTERS} labels={DIETARY_FILTER_LABELS} ticked={seatNeeds(i).needs} onTick={(next) => change(i, { ...seatNeeds(i), needs: next })} />
          <TextField
            label="Autre précision (facultatif)"
            name={`needs-note-${i}`}
            autoComplete="off"
            maxLength={NEED_NOTE_MAX + 20}
            placeholder="Ex. : allergie au sésame"
            value={seatNeeds(i).note}
            error={errors?.[i]}
            onChange={(e) => change(i, { ...seatNeeds(i), note: e.target.value })}
          />
        </fieldset>
      ))}
      <p className="text-sm text-muted">
        Seules la cheffe de la séance et l&apos;administration les voient, pour adapter la trousse. Vous pouvez les changer depuis la page de votre réservation jusqu&apos;à
        l&apos;envoi de la trousse.
      </p>
    </div>
  );
}
