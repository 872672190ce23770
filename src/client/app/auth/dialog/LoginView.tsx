// Login view (spec: Authentication dialog): e-mail, password, 'Se connecter', 'Mot de passe oublié ?',
// the identity provider, and 'S'inscrire'.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { signInSchema } from '@shared/schemas/auth';
import { Button } from '@client/components/ui/Button';
import { FormAlert } from '@client/components/ui/FormAlert';
import { TextField } from '@client/components/ui/TextField';
import { authApi } from '../auth-api';
import { DialogLink } from './DialogLink';
import { fieldErrors, toastFailure } from './failure';
import type { ViewProps } from './view-props';

export function LoginView({ busy, email, switchTo, submit, failure, setFailure, signedIn, identityProvider }: ViewProps) {
  const form = useForm({ resolver: zodResolver(signInSchema), defaultValues: { email, password: '' } });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    submit(async () => {
      try {
        await authApi.signIn(values);
      } catch (error) {
        setFailure(toastFailure('Échec de la connexion', error));
        for (const [name, message] of Object.entries(fieldErrors(error))) {
          if (name === 'email' || name === 'password') form.setError(name, { message });
        }
        return;
      }
      await signedIn();
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
        <div className="flex flex-col gap-1.5">
          <TextField
            label="Mot de passe"
            type="password"
            autoComplete="current-password"
            required
            error={errors.password?.message}
            {...form.register('password')}
          />
          <DialogLink
            className="self-end text-sm"
            disabled={busy !== null}
            onClick={() => switchTo('forgotPassword', form.getValues('email'))}
          >
            Mot de passe oublié ?
          </DialogLink>
        </div>
        {failure ? <FormAlert>{failure}</FormAlert> : null}
        <Button type="submit" className="w-full" loading={busy === 'submit'} disabled={busy !== null}>
          Se connecter
        </Button>
      </form>
      {identityProvider}
      <p className="mt-6 text-center text-sm text-muted">
        Pas encore de compte ?{' '}
        <DialogLink disabled={busy !== null} onClick={() => switchTo('signup', form.getValues('email'))}>
          S'inscrire
        </DialogLink>
      </p>
    </>
  );
}
