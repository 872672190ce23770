// The password card (spec: account page, §5, §8). Our server asks for the current password too,
// so that a session left open on a shared computer cannot lock its owner out.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { PASSWORD_MIN_LENGTH } from '@shared/password';
import { Button } from '@client/components/ui/Button';
import { TextField } from '@client/components/ui/TextField';
import type { ApiError } from '@client/lib/api';
import { notifyError, notifySuccess } from '@client/lib/notify';
import { useChangePassword } from '../api';
import { EMPTY_PASSWORD_FORM, passwordFormSchema, type PasswordFormValues } from '../password-form';

export function PasswordForm() {
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<PasswordFormValues>({ resolver: zodResolver(passwordFormSchema), defaultValues: EMPTY_PASSWORD_FORM });

  const onSubmit = handleSubmit(({ currentPassword, newPassword }) =>
    change.mutateAsync({ currentPassword, newPassword }).then(
      () => {
        reset(EMPTY_PASSWORD_FORM);
        notifySuccess('Mot de passe mis à jour !', 'Votre mot de passe a été changé avec succès.');
      },
      (error: ApiError) => {
        if (error.code === 'INVALID_CURRENT_PASSWORD') setError('currentPassword', { message: error.message });
        for (const field of ['currentPassword', 'newPassword'] as const) {
          const message = error.fields?.[field];
          if (message) setError(field, { message });
        }
        notifyError('Échec de la mise à jour', error.message);
      },
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5">
      <TextField
        label="Mot de passe actuel"
        type="password"
        autoComplete="current-password"
        error={errors.currentPassword?.message}
        {...register('currentPassword')}
      />
      <TextField
        label="Nouveau mot de passe"
        type="password"
        autoComplete="new-password"
        hint={`Au moins ${PASSWORD_MIN_LENGTH} caractères. Évitez les mots de passe trop courants.`}
        error={errors.newPassword?.message}
        {...register('newPassword')}
      />
      <TextField
        label="Confirmer le nouveau mot de passe"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      <div>
        <Button type="submit" loading={change.isPending} className="w-full sm:w-auto">
          Mettre à jour le mot de passe
        </Button>
      </div>
    </form>
  );
}
