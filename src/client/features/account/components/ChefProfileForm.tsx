// The 'Profil de chef' card of Mon Compte (chefs and the admin): the specialty shown above the name
// on the public chef page ('Chef Cuisinier' when blank) and the bio under it. Here rather than on
// /mon-profil-chef because 'Modifier le profil' leads here, where the name and the photo of that
// same page are already edited, and a guest chef (no /mon-profil-chef) edits theirs here too.
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { CHEF_DEFAULT_SPECIALTY } from '@shared/catalog';
import {
  CHEF_BIO_MAX,
  CHEF_SPECIALTY_MAX,
  updateChefProfileSchema,
  type ChefProfileFields,
  type UpdateChefProfileInput,
} from '@shared/schemas/account';
import type { z } from '@shared/zod';
import { Button } from '@client/components/ui/Button';
import { TextField } from '@client/components/ui/TextField';
import type { ApiError } from '@client/lib/api';
import { cn } from '@client/lib/cn';
import { notifyError, notifySuccess } from '@client/lib/notify';
import { useUpdateChefProfile } from '../api';

type Output = z.output<typeof updateChefProfileSchema>;
const FIELDS = ['specialty', 'bio'] as const;

const toValues = (p: ChefProfileFields): UpdateChefProfileInput => ({ specialty: p.specialty ?? '', bio: p.bio ?? '' });

export function ChefProfileForm({ chefProfile }: { chefProfile: ChefProfileFields }) {
  const save = useUpdateChefProfile();
  const bioId = useId();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    watch,
    formState: { errors },
  } = useForm<UpdateChefProfileInput, unknown, Output>({ resolver: zodResolver(updateChefProfileSchema), defaultValues: toValues(chefProfile) });
  const bioLength = (watch('bio') ?? '').length;

  const onSubmit = handleSubmit((values) =>
    save.mutateAsync(values).then(
      ({ chefProfile: saved }) => {
        reset(toValues(saved));
        notifySuccess('Profil mis à jour !', 'Votre profil de chef a été sauvegardé avec succès.');
      },
      (error: ApiError) => {
        for (const field of FIELDS) {
          const message = error.fields?.[field];
          if (message) setError(field, { message });
        }
        notifyError('Erreur de mise à jour', error.message);
      },
    ),
  );

  const bioError = errors.bio?.message;
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5">
      <TextField
        label="Spécialité"
        placeholder={CHEF_DEFAULT_SPECIALTY}
        maxLength={CHEF_SPECIALTY_MAX}
        error={errors.specialty?.message}
        hint={`Affichée au-dessus de votre nom. Laissée vide : « ${CHEF_DEFAULT_SPECIALTY} ».`}
        {...register('specialty')}
      />
      <div className="flex flex-col gap-1.5">
        <label htmlFor={bioId} className="text-sm font-semibold text-ink">
          Biographie
        </label>
        <textarea
          id={bioId}
          rows={8}
          maxLength={CHEF_BIO_MAX}
          aria-invalid={bioError ? true : undefined}
          aria-describedby={`${bioId}-hint${bioError ? ` ${bioId}-error` : ''}`}
          className={cn(
            'w-full rounded-xl border bg-white px-3 py-2 text-base leading-relaxed text-ink placeholder:text-muted hover:border-brand-600',
            bioError ? 'border-red-700' : 'border-line',
          )}
          placeholder="Votre parcours, votre cuisine, ce que vous aimez transmettre…"
          {...register('bio')}
        />
        {bioError ? (
          <p id={`${bioId}-error`} className="text-sm font-medium text-red-800">
            {bioError}
          </p>
        ) : null}
        <p id={`${bioId}-hint`} className="text-sm text-muted">
          Sur votre page de chef et dans la liste des chefs. {bioLength} / {CHEF_BIO_MAX} caractères.
        </p>
      </div>
      <div>
        <Button type="submit" loading={save.isPending} className="w-full sm:w-auto">
          Enregistrer le profil de chef
        </Button>
      </div>
    </form>
  );
}
