// An enrolled admin's new session: a code from the app (or a recovery code) before the admin area.
import { useRef, useState, type FormEvent } from 'react';
import { Button } from '@client/components/ui/Button';
import { FormAlert } from '@client/components/ui/FormAlert';
import { CodeField, isCompleteAppCode } from './CodeField';
import { SecondFactorFrame } from './SecondFactorFrame';
import { useVerifySecondFactor } from './api';
import { runMutation } from '@client/lib/run-mutation';

export function VerificationScreen() {
  const verify = useVerifySecondFactor();
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState<string>();
  const input = useRef<HTMLInputElement>(null);

  function submit(e: FormEvent) {
    e.preventDefault();
    if (recovery ? code.trim() === '' : !isCompleteAppCode(code)) {
      setMissing(recovery ? 'Entrez un code de récupération.' : 'Entrez les 6 chiffres du code.');
      input.current?.focus();
      return;
    }
    setMissing(undefined);
    runMutation(verify, code.trim(), { onError: () => setCode('') });
  }

  function toggle() {
    setRecovery((r) => !r);
    setCode('');
    setMissing(undefined);
    verify.reset();
    // The field changes; keep the keyboard on it.
    queueMicrotask(() => input.current?.focus());
  }

  return (
    <SecondFactorFrame
      title="Confirmez que c'est bien vous"
      intro={
        recovery
          ? "Entrez un de vos codes de récupération. Il sera utilisé et ne fonctionnera plus ensuite."
          : "Ouvrez votre application d'authentification et entrez le code à 6 chiffres affiché pour Toque."
      }
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-5">
        <CodeField ref={input} recovery={recovery} value={code} onChange={setCode} error={missing} disabled={verify.isPending} />
        {verify.error ? <FormAlert>{verify.error.message}</FormAlert> : null}
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <Button type="submit" loading={verify.isPending} className="sm:w-auto">
            Vérifier
          </Button>
          <Button variant="link" onClick={toggle} aria-pressed={recovery}>
            {recovery ? "Utiliser l'application d'authentification" : 'Utiliser un code de récupération'}
          </Button>
        </div>
      </form>
    </SecondFactorFrame>
  );
}
