// The personal-information card's form (spec: account page, §5): full name (2 characters at
// least), read-only e-mail, optional phone and address, and the province that decides the taxes.
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { PROVINCES } from '@shared/provinces';
import { updateProfileSchema, type Profile, type UpdateProfileInput } from '@shared/schemas/account';
import type { z } from '@shared/zod';
import { Button } from '@client/components/ui/Button';
import { Select } from '@client/components/ui/Select';
import { TextField } from '@client/components/ui/TextField';
import type { ApiError } from '@client/lib/api';
import { notifyError, notifySuccess } from '@client/lib/notify';
import { useUpdateProfile } from '../api';

type Output = z.output<typeof updateProfileSchema>;
const FIELDS = ['fullName', 'phone', 'address', 'province'] as const;
const PROVINCE_OPTIONS = PROVINCES.map((p) => ({ value: p.code, label: p.name }));

const toValues = (p: Profile): UpdateProfileInput => ({
  fullName: p.fullName,
  phone: p.phone ?? '',
  address: p.address ?? '',
  province: p.province,
});

export function ProfileForm({ profile }: { profile: Profile }) {
  const save = useUpdateProfile();
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<UpdateProfileInput, unknown, Output>({ resolver: zodResolver(updateProfileSchema), defaultValues: toValues(profile) });

  const onSubmit = handleSubmit((values) =>
    save.mutateAsync(values).then(
      ({ profile: saved }) => {
        reset(toValues(saved));
        notifySuccess('Profil mis à jour !', 'Vos informations ont été sauvegardées avec succès.');
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

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5 sm:grid-cols-2">
      <TextField
        label="Nom complet"
        autoComplete="name"
        error={errors.fullName?.message}
        className="sm:col-span-2"
        {...register('fullName')}
      />
      <TextField
        label="Adresse courriel"
        type="email"
        value={profile.email}
        readOnly
        hint="Votre adresse courriel ne peut pas être modifiée ici."
        className="sm:col-span-2"
      />
      <TextField
        label="Téléphone"
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        placeholder="514 555-0123"
        error={errors.phone?.message}
        {...register('phone')}
      />
      <Controller
        control={control}
        name="province"
        render={({ field, fieldState }) => (
          <div className="flex flex-col gap-1.5">
            <Select
              label="Province"
              name={field.name}
              value={field.value ?? undefined}
              onValueChange={(v) => field.onChange(v ?? null)}
              options={PROVINCE_OPTIONS}
              allLabel="Non précisée"
            />
            {fieldState.error ? <p className="text-sm font-medium text-red-800">{fieldState.error.message}</p> : null}
          </div>
        )}
      />
      <TextField
        label="Adresse"
        autoComplete="street-address"
        placeholder="1234, rue Saint-Denis, Montréal"
        error={errors.address?.message}
        className="sm:col-span-2"
        {...register('address')}
      />
      <p className="text-sm text-muted sm:col-span-2">
        La province sert à calculer les taxes de vos achats (par exemple la TPS et la TVQ au Québec, la TVH en
        Ontario).
      </p>
      <div className="sm:col-span-2">
        <Button type="submit" loading={save.isPending} className="w-full sm:w-auto">
          Sauvegarder
        </Button>
      </div>
    </form>
  );
}
