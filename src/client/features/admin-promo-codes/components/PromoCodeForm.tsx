// The form of a code, new or edited, in a dialog: code, percent or amount off, what it applies to
// (kinds and/or chosen courses; none: everything), limits, dates (the chef's time, Montréal) and who
// may use it. The shared zod schema checks it here and again on the server; the server's field
// messages (a code already taken) show under their field.
import { useState, type FormEvent } from 'react';
import { formatAmount, parseDollars } from '@shared/format';
import { PROMO_AUDIENCE_LABELS, PROMO_AUDIENCES, PROMO_KINDS, promoCodeInputSchema, type PromoCodeInput, type PromoCodeView, type PromoAudience } from '@shared/schemas/promo-codes';
import { Button } from '@client/components/ui/Button';
import { FormAlert } from '@client/components/ui/FormAlert';
import { Modal } from '@client/components/ui/Modal';
import { Select } from '@client/components/ui/Select';
import { TextField } from '@client/components/ui/TextField';
import { ApiError } from '@client/lib/api';
import { notifySuccess } from '@client/lib/notify';
import { useCourseChoices, useSavePromoCode } from '../api';
import { runMutation } from '@client/lib/run-mutation';

const KIND_CHOICES: Record<(typeof PROMO_KINDS)[number], string> = {
  live_class: 'Cours en direct',
  recorded_course: 'Cours enregistrés',
  membership: "Premier paiement de l'abonnement",
};

type Fields = {
  code: string;
  type: 'percent' | 'amount';
  value: string;
  kinds: string[];
  courseIds: string[];
  maxUses: string;
  maxUsesPerCustomer: string;
  startsAt: string;
  endsAt: string;
  audience: PromoAudience;
};

function initial(code: PromoCodeView | null): Fields {
  return {
    code: code?.code ?? '',
    type: code?.amountOffCents != null ? 'amount' : 'percent',
    value: code ? (code.percentOff !== null ? String(code.percentOff) : formatAmount(code.amountOffCents ?? 0)) : '',
    kinds: code?.kinds ?? [],
    courseIds: code?.courses.map((c) => c.id) ?? [],
    maxUses: code?.maxUses != null ? String(code.maxUses) : '',
    maxUsesPerCustomer: code?.maxUsesPerCustomer != null ? String(code.maxUsesPerCustomer) : '',
    startsAt: code?.startsAt ?? '',
    endsAt: code?.endsAt ?? '',
    audience: code?.audience ?? 'all',
  };
}

const int = (v: string) => (v.trim() === '' ? null : Number(v.trim()));

function toInput(f: Fields): PromoCodeInput {
  return {
    code: f.code,
    percentOff: f.type === 'percent' ? int(f.value) : null,
    // Typed but not an amount: NaN, so the schema says « Montant invalide. » under the field.
    amountOffCents: f.type === 'amount' ? (f.value.trim() ? (parseDollars(f.value) ?? Number.NaN) : null) : null,
    kinds: f.kinds as PromoCodeInput['kinds'],
    courseIds: f.courseIds,
    maxUses: int(f.maxUses),
    maxUsesPerCustomer: int(f.maxUsesPerCustomer),
    startsAt: f.startsAt || null,
    endsAt: f.endsAt || null,
    audience: f.audience,
  };
}

export function PromoCodeForm({ code, onClose }: { code: PromoCodeView | null; onClose: () => void }) {
  const [fields, setFields] = useState<Fields>(() => initial(code));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const save = useSavePromoCode();
  const courses = useCourseChoices();
  const set = (patch: Partial<Fields>) => {
    setFields((f) => ({ ...f, ...patch }));
    // A field changed no longer shows its earlier refusal.
    const cleared = Object.keys(patch);
    setErrors((e) => (cleared.some((k) => k in e) ? Object.fromEntries(Object.entries(e).filter(([k]) => !cleared.includes(k))) : e));
  };
  const toggle = (list: string[], value: string) => (list.includes(value) ? list.filter((v) => v !== value) : [...list, value]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const values = toInput(fields);
    const parsed = promoCodeInputSchema.safeParse(values);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? 'form');
        const field = key === 'percentOff' || key === 'amountOffCents' ? 'value' : key;
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    runMutation(save,
      { id: code?.id, values },
      {
        onSuccess: (saved) => {
          notifySuccess(code ? 'Code promo modifié' : 'Code promo créé', `${saved.code} : ${saved.summary}`);
          onClose();
        },
        onError: (err) => {
          if (err instanceof ApiError && err.fields) {
            const mapped = Object.fromEntries(Object.entries(err.fields).map(([k, v]) => [k === 'percentOff' || k === 'amountOffCents' ? 'value' : k, v]));
            setErrors(mapped);
          }
          setFormError(err.message);
        },
      },
    );
  };

  const courseList = courses.data?.courses.filter((c) => c.status !== 'archived') ?? [];

  return (
    <Modal open onClose={onClose} title={code ? `Modifier ${code.code}` : 'Nouveau code promo'} busy={save.isPending} className="max-w-2xl">
      <form onSubmit={submit} noValidate className="space-y-5">
        {formError ? <FormAlert>{formError}</FormAlert> : null}
        <TextField
          label="Code"
          name="code"
          autoComplete="off"
          autoCapitalize="characters"
          value={fields.code}
          onChange={(e) => set({ code: e.target.value.toUpperCase() })}
          error={errors.code}
          hint="Lettres, chiffres et tirets ; les majuscules et minuscules ne comptent pas."
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Select
            label="Type de rabais"
            name="type"
            value={fields.type}
            onValueChange={(v) => set({ type: v === 'amount' ? 'amount' : 'percent', value: '' })}
            options={[
              { value: 'percent', label: 'Pourcentage' },
              { value: 'amount', label: 'Montant fixe ($)' },
            ]}
          />
          <TextField
            label={fields.type === 'percent' ? 'Rabais (%)' : 'Rabais ($)'}
            name="value"
            inputMode={fields.type === 'percent' ? 'numeric' : 'decimal'}
            value={fields.value}
            onChange={(e) => set({ value: e.target.value })}
            error={errors.value}
            hint={fields.type === 'percent' ? 'De 1 à 100, pris avant les taxes.' : 'Pris avant les taxes, jamais sous zéro.'}
          />
        </div>

        <fieldset className="space-y-2">
          <legend className="text-sm font-semibold text-ink">S'applique à</legend>
          <p className="text-xs text-muted">Rien de coché : tous les produits.</p>
          {PROMO_KINDS.map((kind) => (
            <label key={kind} className="flex items-center gap-2 text-sm text-ink">
              <input type="checkbox" className="size-4 accent-brand-700" checked={fields.kinds.includes(kind)} onChange={() => set({ kinds: toggle(fields.kinds, kind) })} />
              {KIND_CHOICES[kind]}
            </label>
          ))}
          {courseList.length ? (
            <details className="rounded-xl border border-line bg-white px-3 py-2" open={fields.courseIds.length > 0}>
              <summary className="cursor-pointer text-sm font-semibold text-ink">Cours choisis ({fields.courseIds.length})</summary>
              <div className="mt-2 max-h-48 space-y-1 overflow-y-auto">
                {courseList.map((c) => (
                  <label key={c.id} className="flex items-center gap-2 text-sm text-ink">
                    <input type="checkbox" className="size-4 accent-brand-700" checked={fields.courseIds.includes(c.id)} onChange={() => set({ courseIds: toggle(fields.courseIds, c.id) })} />
                    <span className="min-w-0">{c.title}</span>
                  </label>
                ))}
              </div>
            </details>
          ) : null}
          {errors.kinds || errors.courseIds ? <p className="text-sm text-brand-800">{errors.kinds ?? errors.courseIds}</p> : null}
        </fieldset>

        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Utilisations au total" name="maxUses" inputMode="numeric" value={fields.maxUses} onChange={(e) => set({ maxUses: e.target.value })} error={errors.maxUses} hint="Vide : illimité." />
          <TextField
            label="Utilisations par client"
            name="maxUsesPerCustomer"
            inputMode="numeric"
            value={fields.maxUsesPerCustomer}
            onChange={(e) => set({ maxUsesPerCustomer: e.target.value })}
            error={errors.maxUsesPerCustomer}
            hint="Vide : illimité."
          />
          <TextField label="Début" name="startsAt" type="datetime-local" value={fields.startsAt} onChange={(e) => set({ startsAt: e.target.value })} error={errors.startsAt} hint="Heure de Montréal. Vide : dès maintenant." />
          <TextField label="Fin" name="endsAt" type="datetime-local" value={fields.endsAt} onChange={(e) => set({ endsAt: e.target.value })} error={errors.endsAt} hint="Heure de Montréal. Vide : sans fin." />
        </div>
        <Select
          label="Qui peut l'utiliser"
          name="audience"
          value={fields.audience}
          onValueChange={(v) => set({ audience: (PROMO_AUDIENCES as readonly string[]).includes(v ?? '') ? (v as PromoAudience) : 'all' })}
          options={PROMO_AUDIENCES.map((a) => ({ value: a, label: PROMO_AUDIENCE_LABELS[a] }))}
        />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button type="button" variant="secondary" onClick={onClose} disabled={save.isPending}>
            Annuler
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Enregistrement…' : code ? 'Enregistrer' : 'Créer le code'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
