// The kit's substitutions per dietary need (docs/decisions/0053): what the chef suggests in place of
// an ingredient for a seat that needs it. A booking's kit e-mail carries only those of its needs
// (a vegan seat gets the vegetarian ones too). Empty: none for that need.
import { DIETARY_FILTERS, DIETARY_FILTER_LABELS, SUBSTITUTION_MAX, type KitSubstitutions } from '@shared/dietary';
import { TextField } from '@client/components/ui/TextField';

export function KitSubstitutionsFields({ value, onChange, error }: { value: KitSubstitutions; onChange: (next: KitSubstitutions) => void; error?: string }) {
  const count = DIETARY_FILTERS.filter((k) => value[k]?.trim()).length;
  return (
    <details className="group sm:col-span-2" open={count > 0 || !!error || undefined}>
      <summary className="min-h-11 cursor-pointer py-2 font-semibold text-ink">
        Substitutions selon les besoins alimentaires{count ? ` (${count})` : ''}
      </summary>
      <p className="mb-3 text-sm text-muted">
        Envoyées dans la trousse seulement aux réservations qui ont ce besoin (« Végétalien » reçoit aussi « Végétarien »). Ex. : « Farine de riz au lieu
        de la farine de blé ».
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        {DIETARY_FILTERS.map((need) => (
          <TextField
            key={need}
            label={DIETARY_FILTER_LABELS[need]}
            name={`substitution-${need}`}
            maxLength={SUBSTITUTION_MAX}
            value={value[need] ?? ''}
            onChange={(e) => onChange({ ...value, [need]: e.target.value })}
          />
        ))}
      </div>
      {error ? <p className="mt-2 text-sm font-medium text-red-800">{error}</p> : null}
    </details>
  );
}
