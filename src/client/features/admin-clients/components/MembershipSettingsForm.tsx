// « Réglages de l'abonnement » on /admin/membres: the annual plan's price (the monthly stays 19,99 $),
// the free trial's days (0: none) and the « save » offer shown once at cancellation (0 %: none).
// Each change is audited on the server (« Réglages de l'abonnement changés » in the Journal).
import { useEffect, useId, useState, type FormEvent } from 'react';
import { membershipSettingsSchema, type MembershipSettings } from '@shared/schemas/subscription';
import { Button } from '@client/components/ui/Button';
import { Card } from '@client/components/ui/Card';
import { FormAlert } from '@client/components/ui/FormAlert';
import { TextField } from '@client/components/ui/TextField';
import { api, type ApiError } from '@client/lib/api';
import { notifySuccess } from '@client/lib/notify';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { runMutation } from '@client/lib/run-mutation';

const KEY = ['admin', 'membership-settings'] as const;

type Fields = { annualPrice: string; trialDays: string; saveOfferPercent: string; saveOfferLabel: string };

const toFields = (s: MembershipSettings): Fields => ({
  annualPrice: (s.annualPriceCents / 100).toFixed(2).replace('.', ','),
  trialDays: String(s.trialDays),
  saveOfferPercent: String(s.saveOfferPercent),
  saveOfferLabel: s.saveOfferLabel,
});

export function MembershipSettingsForm() {
  const titleId = useId();
  const client = useQueryClient();
  const query = useQuery<MembershipSettings, ApiError>({ queryKey: KEY, queryFn: ({ signal }) => api<MembershipSettings>('/admin/membership', { signal }) });
  const save = useMutation<MembershipSettings, ApiError, MembershipSettings>({
    mutationFn: (body) => api<MembershipSettings>('/admin/membership', { method: 'PUT', body: JSON.stringify(body) }),
    onSuccess: (data) => client.setQueryData(KEY, data),
  });
  const [fields, setFields] = useState<Fields | null>(null);
  const [errors, setErrors] = useState<Partial<Record<keyof MembershipSettings, string>>>({});
  useEffect(() => {
    if (query.data && !fields) setFields(toFields(query.data));
  }, [query.data, fields]);

  if (!fields) return null;
  const set = (name: keyof Fields) => (e: { target: { value: string } }) => setFields({ ...fields, [name]: e.target.value });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = membershipSettingsSchema.safeParse({
      annualPriceCents: Math.round(Number(fields.annualPrice.replace(/\s/g, '').replace(',', '.')) * 100),
      trialDays: Number(fields.trialDays),
      saveOfferPercent: Number(fields.saveOfferPercent),
      saveOfferLabel: fields.saveOfferLabel,
    });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [i.path[0], i.message])));
      return;
    }
    setErrors({});
    runMutation(save, parsed.data, { onSuccess: () => notifySuccess('Réglages enregistrés', "Les réglages de l'abonnement sont à jour.") });
  };

  return (
    <Card as="section" aria-labelledby={titleId} className="p-5 sm:p-6">
      <h3 id={titleId} className="text-xl font-semibold text-ink">
        Réglages de l'abonnement
      </h3>
      <p className="mt-1 text-sm text-muted">Le mensuel reste à 19,99 $. Les changements valent pour les nouveaux abonnements et les prochains changements de formule.</p>
      <form onSubmit={submit} className="mt-4 grid gap-4 sm:grid-cols-2" aria-label="Réglages de l'abonnement">
        <TextField label="Prix annuel ($, avant taxes)" inputMode="decimal" value={fields.annualPrice} onChange={set('annualPrice')} error={errors.annualPriceCents} />
        <TextField label="Jours d'essai gratuit (0 : aucun)" inputMode="numeric" value={fields.trialDays} onChange={set('trialDays')} error={errors.trialDays} />
        <TextField label="Offre à l'annulation : rabais (%, 0 : aucune)" inputMode="numeric" value={fields.saveOfferPercent} onChange={set('saveOfferPercent')} error={errors.saveOfferPercent} />
        <TextField label="Texte de l'offre" value={fields.saveOfferLabel} onChange={set('saveOfferLabel')} error={errors.saveOfferLabel} />
        {save.error ? (
          <div className="sm:col-span-2">
            <FormAlert>{save.error.message}</FormAlert>
          </div>
        ) : null}
        <div className="sm:col-span-2">
          <Button type="submit" loading={save.isPending}>
            Enregistrer les réglages
          </Button>
        </div>
      </form>
    </Card>
  );
}
