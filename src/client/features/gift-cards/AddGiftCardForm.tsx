// Mon crédit › « Ajouter une carte-cadeau »: the code typed as printed (or not: case, spaces and
// dashes do not count); the card's whole balance becomes « Crédit Toque ». French errors from the
// server (inconnu, déjà utilisée entièrement, annulée, trop d'essais). A membership card gives its
// months instead (decision 0042): the server's sentence, with the dates, is shown. The e-mail's link
// (/account?carte-cadeau=CODE#mon-credit) types the code in.
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { formatPrice } from '@shared/format';
import { REDEEM_CODE_PARAM } from '@shared/gift-cards';
import { ME_QUERY_KEY } from '@client/app/auth';
import { Button } from '@client/components/ui/Button';
import { TextField } from '@client/components/ui/TextField';
import { ApiError } from '@client/lib/api';
import { redeemGiftCard } from './api';

export function AddGiftCardForm() {
  const [params] = useSearchParams();
  const [code, setCode] = useState(() => params.get(REDEEM_CODE_PARAM) ?? '');
  const [error, setError] = useState<string | undefined>();
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const client = useQueryClient();

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!code.trim()) return setError('Entrez le code de la carte-cadeau.');
    setBusy(true);
    setError(undefined);
    try {
      const result = await redeemGiftCard(code);
      setDone(
        result.membership
          ? result.membership.message
          : result.creditedCents > 0
          ? `${formatPrice(result.creditedCents)} ajoutés à votre crédit Toque. Solde : ${formatPrice(result.balanceCents)}.`
          : `Cette carte est déjà dans votre crédit. Solde : ${formatPrice(result.balanceCents)}.`,
      );
      setCode('');
      // The balance and history shown beside it (« Mon crédit », account/components/StoreCreditSection).
      void client.invalidateQueries({ queryKey: ['api'] });
      void client.invalidateQueries({ queryKey: ['account'] });
      // Gifted months: the person is a member now (/api/me) and Mon abonnement says until when.
      if (result.membership) {
        void client.invalidateQueries({ queryKey: ME_QUERY_KEY });
        void client.invalidateQueries({ queryKey: ['subscription'] });
      }
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Une erreur inattendue est survenue.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-start">
      <TextField
        className="flex-1 sm:min-w-[16rem]"
        label="Ajouter une carte-cadeau"
        hint="Le code à 16 caractères de la carte, par exemple K7QM-2XHP-9RTV-4WZC. Un abonnement offert s'active ici aussi."
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={error}
      />
      <Button type="submit" disabled={busy} className="sm:mt-7">
        {busy ? 'Un instant…' : 'Ajouter à mon crédit'}
      </Button>
      {done ? (
        <p role="status" className="text-sm font-semibold text-emerald-800 sm:basis-full">
          {done}
        </p>
      ) : null}
    </form>
  );
}
