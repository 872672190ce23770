// First visit of an admin: the authenticator app is set up with a QR code (or the secret typed by
// hand), then confirmed with its first code. The recovery codes come next (RecoveryCodesScreen).
import { useRef, useState, type FormEvent } from 'react';
import { Button } from '@client/components/ui/Button';
import { ErrorPanel } from '@client/components/ui/ErrorPanel';
import { FormAlert } from '@client/components/ui/FormAlert';
import { CodeField, isCompleteAppCode } from './CodeField';
import { SecondFactorFrame } from './SecondFactorFrame';
import { useConfirmEnrolment, useStartEnrolment } from './api';
import { runMutation } from '@client/lib/run-mutation';

export function EnrolmentScreen({ onConfirmed }: { onConfirmed: (recoveryCodes: string[]) => void }) {
  const start = useStartEnrolment();
  const confirm = useConfirmEnrolment();
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState<string>();
  const input = useRef<HTMLInputElement>(null);

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!isCompleteAppCode(code)) {
      setMissing('Entrez les 6 chiffres du code.');
      input.current?.focus();
      return;
    }
    setMissing(undefined);
    runMutation(confirm, code.trim(), { onSuccess: (data) => onConfirmed(data.recoveryCodes), onError: () => setCode('') });
  }

  const intro = (
    <>
      L'administration de Toque demande, en plus du mot de passe, un code à 6 chiffres donné par une application
      d'authentification (Google Authenticator, Microsoft Authenticator, 1Password, Authy…). Configurez-la une fois ; chaque
      nouvelle connexion vous demandera ensuite un code.
    </>
  );

  if (!start.data) {
    return (
      <SecondFactorFrame title="Activez la double authentification" intro={intro}>
        {start.error ? (
          <ErrorPanel title="Impossible de préparer la configuration." message={start.error.message} onRetry={() => start.mutate()} />
        ) : (
          <Button size="lg" loading={start.isPending} onClick={() => start.mutate()}>
            Configurer mon application
          </Button>
        )}
      </SecondFactorFrame>
    );
  }

  const { qrCode, secret } = start.data;
  return (
    <SecondFactorFrame title="Activez la double authentification" intro={intro}>
      <ol className="flex flex-col gap-6">
        <li>
          <h2 className="text-lg font-semibold text-ink">1. Balayez ce code QR avec votre application</h2>
          <div className="mt-3 flex flex-col gap-4 sm:flex-row sm:items-start">
            <img
              src={qrCode}
              alt="Code QR à balayer avec votre application d'authentification"
              width={200}
              height={200}
              className="size-[200px] shrink-0 self-center rounded-xl border border-line bg-white sm:self-start"
            />
            <div className="text-sm text-muted">
              <p>Pas de caméra, ou vous êtes sur le téléphone qui porte l'application ? Entrez plutôt cette clé à la main (type : basée sur l'heure) :</p>
              <p className="mt-2 rounded-xl bg-cream px-3 py-2 font-mono text-base text-ink" aria-label={`Clé secrète : ${secret}`}>
                {secret}
              </p>
            </div>
          </div>
        </li>
        <li>
          <h2 className="text-lg font-semibold text-ink">2. Entrez le code affiché par l'application</h2>
          <form noValidate onSubmit={submit} className="mt-3 flex flex-col gap-4">
            <CodeField ref={input} value={code} onChange={setCode} error={missing} disabled={confirm.isPending} />
            {confirm.error ? <FormAlert>{confirm.error.message}</FormAlert> : null}
            <Button type="submit" loading={confirm.isPending} className="self-start">
              Activer
            </Button>
          </form>
        </li>
      </ol>
    </SecondFactorFrame>
  );
}
