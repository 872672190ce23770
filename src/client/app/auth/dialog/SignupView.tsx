// Signup view (spec: Authentication dialog): 'Nom complet', e-mail, password, 'S'inscrire', the
// identity provider, and 'Se connecter'. Sign-up opens no session and answers the same whether or
// not the address is taken (no enumeration), so the form then signs in with the same details; if
// that fails, it says no more than that the account could not be created with them.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { PASSWORD_MIN_LENGTH } from '@shared/password';
import { signUpSchema } from '@shared/schemas/auth';
import { Button } from '@client/components/ui/Button';
import { FormAlert } from '@client/components/ui/FormAlert';
import { TextField } from '@client/components/ui/TextField';
import { ApiError } from '@client/lib/api';
import { notifyError } from '@client/lib/notify';
import { authApi } from '../auth-api';
import { DialogLink } from './DialogLink';
import { fieldErrors, toastFailure } from './failure';
import type { ViewProps } from './view-props';

const SIGN_UP_FAILED = "Échec de l'inscription";
const NOT_CREATED = "Nous n'avons pas pu créer de compte avec ces informations.";

export function SignupView({ busy, email, switchTo, submit, failure, setFailure, signedIn, identityProvider }: ViewProps) {
  const form = useForm({ resolver: zodResolver(signUpSchema), defaultValues: { name: '', email, password: '' } });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    submit(async () => {
      try {
        await authApi.signUp(values);
      } catch (error) {
        setFailure(toastFailure(SIGN_UP_FAILED, error));
        for (const [name, message] of Object.entries(fieldErrors(error))) {
          if (name === 'name' || name === 'email' || name === 'password') form.setError(name, { message });
        }
        return;
      }
      try {
        await authApi.signIn({ email: values.email, password: values.password });
      } catch (error) {
        if (error instanceof ApiError && error.code === 'INVALID_CREDENTIALS') {
          notifyError(SIGN_UP_FAILED, NOT_CREATED);
          setFailure(
            <>
              <p>{NOT_CREATED}</p>
              <p className="mt-1">
                Si vous avez déjà un compte,{' '}
                <DialogLink className="text-red-900 underline" onClick={() => switchTo('login', values.email)}>
                  connectez-vous
                </DialogLink>{' '}
                ou{' '}
                <DialogLink className="text-red-900 underline" onClick={() => switchTo('forgotPassword', values.email)}>
                  réinitialisez votre mot de passe
                </DialogLink>
                .
              </p>
            </>,
          );
        } else {
          setFailure(toastFailure(SIGN_UP_FAILED, error));
        }
        return;
      }
      await signedIn();
    }),
  );

  return (
    <>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <TextField label="Nom complet" autoComplete="name" required error={errors.name?.message} {...form.register('name')} />
        <TextField
          label="Adresse courriel"
          type="email"
          autoComplete="email"
          required
          error={errors.email?.message}
          {...form.register('email')}
        />
        <TextField
          label="Mot de passe"
          type="password"
          autoComplete="new-password"
          required
          hint={errors.password ? undefined : `Au moins ${PASSWORD_MIN_LENGTH} caractères.`}
          error={errors.password?.message}
          {...form.register('password')}
        />
        {failure ? <FormAlert>{failure}</FormAlert> : null}
        <Button type="submit" className="w-full" loading={busy === 'submit'} disabled={busy !== null}>
          S'inscrire
        </Button>
      </form>
      {identityProvider}
      <p className="mt-6 text-center text-sm text-muted">
        Déjà un compte ?{' '}
        <DialogLink disabled={busy !== null} onClick={() => switchTo('login', form.getValues('email'))}>
          Se connecter
        </DialogLink>
      </p>
    </>
  );
}
