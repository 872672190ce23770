// « Politique d'annulation » under Réservations (docs/decisions/0051): the hours before a class until
// which a cancellation is refunded in full, and until which a booking may be transferred (another
// session, someone else, « Crédit Toque »). Both 48 by default; each change is audited on the server.
import { useEffect, useId, useState, type FormEvent } from 'react';
import type { CancellationPolicy } from '@shared/booking';
import { cancellationPolicySchema } from '@shared/schemas/transfers';
import { Button } from '@client/components/ui/Button';
import { Card } from '@client/components/ui/Card';
import { FormAlert } from '@client/components/ui/FormAlert';
import { TextField } from '@client/components/ui/TextField';
import { api, type ApiError } from '@client/lib/api';
import { notifySuccess } from '@client/lib/notify';
import { runMutation } from '@client/lib/run-mutation';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

const KEY = ['admin', 'cancellation-policy'] as const;

type Fields = { refundNoticeHours: string; transferUntilHours: string };

export function CancellationPolicyForm() {
  const titleId = useId();
  const client = useQueryClient();
  const query = useQuery<CancellationPolicy, ApiError>({ queryKey: KEY, queryFn: ({ signal }) => api<CancellationPolicy>('/admin/cancellation-policy', { signal }) });
  const save = useMutation<CancellationPolicy, ApiError, CancellationPolicy>({
    mutationFn: (body) => api<CancellationPolicy>('/admin/cancellation-policy', { method: 'PUT', body: JSON.stringify(body) }),
    onSuccess: (data) => client.setQueryData(KEY, data),
  });
  const [fields, setFields] = useState<Fields | null>(null);
  const [errors, setErrors] = useState<Partial<Record<keyof CancellationPolicy, string>>>({});
  useEffect(() => {
    if (query.data && !fields) setFields({ refundNoticeHours: String(query.data.refundNoticeHours), transferUntilHours: String(query.data.transferUntilHours) });
  }, [query.data, fields]);
  if (!fields) return null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = cancellationPolicySchema.safeParse({ refundNoticeHours: Number(fields.refundNoticeHours), transferUntilHours: Number(fields.transferUntilHours) });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [i.path[0], i.message])));
      return;
    }
    setErrors({});
    runMutation(save, parsed.data, { onSuccess: () => notifySuccess('Politique enregistrée', "La politique d'annulation est à jour.") });
  };

  return (
    <Card as="section" aria-labelledby={titleId} className="mt-8 p-5 sm:p-6">
      <h3 id={titleId} className="text-xl font-semibold text-ink">
        Politique d&apos;annulation
      </h3>
      <p className="mt-1 text-sm text-muted">En heures avant le début du cours. Les changements valent aussitôt pour toutes les réservations.</p>
      <form onSubmit={submit} className="mt-4 grid gap-4 sm:grid-cols-2" aria-label="Politique d'annulation">
        <TextField
          label="Remboursement complet jusqu'à (heures avant)"
          inputMode="numeric"
          value={fields.refundNoticeHours}
          onChange={(e) => setFields({ ...fields, refundNoticeHours: e.target.value })}
          error={errors.refundNoticeHours}
        />
        <TextField
          label="Transfert possible jusqu'à (heures avant)"
          inputMode="numeric"
          value={fields.transferUntilHours}
          onChange={(e) => setFields({ ...fields, transferUntilHours: e.target.value })}
          error={errors.transferUntilHours}
        />
        {save.error ? (
          <div className="sm:col-span-2">
            <FormAlert>{save.error.message}</FormAlert>
          </div>
        ) : null}
        <div className="sm:col-span-2">
          <Button type="submit" loading={save.isPending}>
            Enregistrer la politique
          </Button>
        </div>
      </form>
    </Card>
  );
}
