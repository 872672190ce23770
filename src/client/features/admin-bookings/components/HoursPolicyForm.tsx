// One of the school's booking settings under Réservations, each a few numbers of hours before a class
// (« Politique d'annulation », « Minimum d'inscriptions »): read, checked by the same schema as the
// server's, saved (audited there) with its toast.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from '@shared/zod';
import { Button } from '@client/components/ui/Button';
import { Card } from '@client/components/ui/Card';
import { FormAlert } from '@client/components/ui/FormAlert';
import { TextField } from '@client/components/ui/TextField';
import { api, type ApiError } from '@client/lib/api';
import { notifySuccess } from '@client/lib/notify';
import { runMutation } from '@client/lib/run-mutation';
import { policyKey, useHoursPolicy } from '../api';

type Hours = Record<string, number>;

export type HoursPolicy<T extends Hours> = {
  /** The API's path under /api (GET and PUT). */
  path: string;
  schema: z.ZodType<T>;
  title: string;
  description: string;
  fields: { name: keyof T & string; label: string }[];
  submitLabel: string;
  saved: [title: string, description: string];
};

export function HoursPolicyForm<T extends Hours>({ policy }: { policy: HoursPolicy<T> }) {
  const titleId = useId();
  const client = useQueryClient();
  const query = useHoursPolicy<T>(policy.path);
  const save = useMutation<T, ApiError, T>({
    mutationFn: (body) => api<T>(policy.path, { method: 'PUT', body: JSON.stringify(body) }),
    onSuccess: (data) => client.setQueryData(policyKey(policy.path), data),
  });
  const [fields, setFields] = useState<Record<string, string> | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const loaded = query.data;
  useEffect(() => {
    if (loaded && !fields) setFields(Object.fromEntries(policy.fields.map((f) => [f.name, String(loaded[f.name])])));
  }, [loaded, fields, policy.fields]);
  if (!fields) return null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = policy.schema.safeParse(Object.fromEntries(policy.fields.map((f) => [f.name, Number(fields[f.name])])));
    if (!parsed.success) {
      // The first message of each field (a refinement names the field it concerns).
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    runMutation(save, parsed.data, { onSuccess: () => notifySuccess(...policy.saved) });
  };

  return (
    <Card as="section" aria-labelledby={titleId} className="mt-8 p-5 sm:p-6">
      <h3 id={titleId} className="text-xl font-semibold text-ink">
        {policy.title}
      </h3>
      <p className="mt-1 text-sm text-muted">{policy.description}</p>
      <form onSubmit={submit} className="mt-4 grid gap-4 sm:grid-cols-2" aria-label={policy.title}>
        {policy.fields.map((f) => (
          <TextField
            key={f.name}
            label={f.label}
            inputMode="numeric"
            value={fields[f.name]}
            onChange={(e) => setFields({ ...fields, [f.name]: e.target.value })}
            error={errors[f.name]}
          />
        ))}
        {save.error ? (
          <div className="sm:col-span-2">
            <FormAlert>{save.error.message}</FormAlert>
          </div>
        ) : null}
        <div className="sm:col-span-2">
          <Button type="submit" loading={save.isPending}>
            {policy.submitLabel}
          </Button>
        </div>
      </form>
    </Card>
  );
}
