// /update-password, reached from the reset e-mail (spec: Password reset page). With a token: a new
// password and its confirmation, sent to POST /api/auth/reset-password; then 'Succès !' and home with
// the login dialog open (the reset ended every session). Without a token, or when the server refuses
// it: 'Lien invalide ou expiré'.
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import { PASSWORD_MIN_LENGTH } from '@shared/password';
import { authApi } from '@client/app/auth/auth-api';
import { refreshSession } from '@client/app/auth/session-cache';
import type { GuardRedirectState } from '@client/app/layout/useOpenLoginFromState';
import { Button } from '@client/components/ui/Button';
import { Card } from '@client/components/ui/Card';
import { TextField } from '@client/components/ui/TextField';
import { ApiError } from '@client/lib/api';
import { notifyError, notifySuccess } from '@client/lib/notify';
import { usePageTitle } from '@client/lib/use-page-title';
import { InvalidResetLink } from './InvalidResetLink';
import { resetTokenFrom, type ResetTokenState } from './reset-token';
import { PASSWORDS_DIFFER, updatePasswordFormSchema } from './update-password-form';

export default function UpdatePasswordPage() {
  const { search, state } = useLocation();
  const navigate = useNavigate();
  const token = resetTokenFrom(search, state);
  const [rejected, setRejected] = useState(false);

  useEffect(() => {
    if (new URLSearchParams(search).has('token') && token) {
      navigate('/update-password', { replace: true, state: { resetToken: token } satisfies ResetTokenState });
    }
  }, [search, token, navigate]);

  if (!token || rejected) return <InvalidResetLink />;
  return (
    <UpdatePasswordForm
      token={token}
      onRejected={() => setRejected(true)}
      // Home with the login dialog open (the reset ended every session).
      onDone={() => navigate('/', { replace: true, state: { openLogin: true } satisfies GuardRedirectState })}
    />
  );
}

function UpdatePasswordForm({ token, onRejected, onDone }: { token: string; onRejected: () => void; onDone: () => void }) {
  usePageTitle('Nouveau mot de passe');
  const queryClient = useQueryClient();
  const form = useForm({
    resolver: zodResolver(updatePasswordFormSchema),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ newPassword, confirmPassword }) => {
    if (newPassword !== confirmPassword) {
      notifyError(PASSWORDS_DIFFER);
      form.setError('confirmPassword', { message: PASSWORDS_DIFFER }, { shouldFocus: true });
      return;
    }
    try {
      await authApi.resetPassword({ token, newPassword });
    } catch (error) {
      const message = error instanceof ApiError ? error.message : 'Une erreur est survenue';
      notifyError('Erreur', `Impossible de mettre à jour le mot de passe: ${message}`);
      if (error instanceof ApiError && error.code === 'INVALID_RESET_TOKEN') return onRejected();
      const field = error instanceof ApiError ? error.fields?.newPassword : undefined;
      if (field) form.setError('newPassword', { message: field }, { shouldFocus: true });
      return;
    }
    notifySuccess('Succès !', 'Votre mot de passe a été mis à jour. Connectez-vous avec votre nouveau mot de passe.');
    // The reset ended every session of the account, this browser's included.
    await refreshSession(queryClient);
    onDone();
  });

  return (
    <section className="mx-auto max-w-md px-4 py-12 sm:py-20">
      <Card className="p-6 sm:p-8">
        <span className="mb-4 flex size-12 items-center justify-center rounded-full bg-brand-100 text-brand-700" aria-hidden="true">
          <KeyRound className="size-6" />
        </span>
        <h1 className="text-2xl font-semibold sm:text-3xl">Nouveau mot de passe</h1>
        <p className="mb-6 mt-2 text-muted">Choisissez le nouveau mot de passe de votre compte Toque.</p>
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
          <TextField
            label="Nouveau mot de passe"
            type="password"
            autoComplete="new-password"
            required
            hint={errors.newPassword ? undefined : `Au moins ${PASSWORD_MIN_LENGTH} caractères.`}
            error={errors.newPassword?.message}
            {...form.register('newPassword')}
          />
          <TextField
            label="Confirmer le mot de passe"
            type="password"
            autoComplete="new-password"
            required
            error={errors.confirmPassword?.message}
            {...form.register('confirmPassword')}
          />
          <Button type="submit" className="mt-2 w-full" loading={isSubmitting}>
            Mettre à jour le mot de passe
          </Button>
        </form>
      </Card>
    </section>
  );
}
