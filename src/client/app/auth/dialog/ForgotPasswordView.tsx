// Forgot-password view (spec: Authentication dialog): e-mail, 'Envoyer le lien', 'Retour à la
// connexion'. The server answers the same whether or not the address has an account, and so does
// the notice.
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { requestPasswordResetSchema } from '@shared/schemas/auth';
import { Button } from '@client/components/ui/Button';
import { FormAlert } from '@client/components/ui/FormAlert';
import { TextField } from '@client/components/ui/TextField';
import { notifyInfo } from '@client/lib/notify';
import { authApi } from '../auth-api';
import { DialogLink } from './DialogLink';
import { fieldErrors, SOMETHING_WENT_WRONG, toastFailure } from './failure';
import type { ViewProps } from './view-props';

export function ForgotPasswordView({ busy, email, switchTo, submit, failure, setFailure, close }: ViewProps) {
  const form = useForm({ resolver: zodResolver(requestPasswordResetSchema), defaultValues: { email } });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    submit(async () => {
      try {
        await authApi.requestPasswordReset(values);
      } catch (error) {
        setFailure(toastFailure(SOMETHING_WENT_WRONG, error));
        const message = fieldErrors(error).email;
        if (message) form.setError('email', { message });
        return;
      }
      close();
      notifyInfo(
        'Lien envoyé',
        `Si un compte existe pour ${values.email}, vous recevrez un courriel avec un lien pour choisir un nouveau mot de passe.`,
      );
    }),
  );

  return (
    <>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <TextField
          label="Adresse courriel"
          type="email"
          autoComplete="email"
          required
          error={errors.email?.message}
          {...form.register('email')}
        />
        {failure ? <FormAlert>{failure}</FormAlert> : null}
        <Button type="submit" className="w-full" loading={busy === 'submit'} disabled={busy !== null}>
          Envoyer le lien
        </Button>
      </form>
      <p className="mt-6 text-center text-sm">
        <DialogLink disabled={busy !== null} onClick={() => switchTo('login', form.getValues('email'))}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          Retour à la connexion
        </DialogLink>
      </p>
    </>
  );
}
