// Mon Compte's « Mon crédit » card: the « Crédit Toque » balance, its history (newest first, French
// labels), an empty state, « Demander le versement » when the balance is under 5 $ (Québec), and where
// the site's own refunds go (decision 0046).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { formatLongDate, formatPrice } from '@shared/format';
import type { CreditPayoutResponse, CreditPreference, CreditResponse } from '@shared/schemas/credit';
import { Button } from '@client/components/ui/Button';
import { SwitchField } from '@client/components/ui/SwitchField';
import { useAuth } from '@client/app/auth';
import { api, type ApiError } from '@client/lib/api';
import { notifyError, notifySuccess } from '@client/lib/notify';

const creditKey = (userId: string | undefined) => ['account', userId ?? 'visitor', 'credit'] as const;
const preferenceKey = (userId: string | undefined) => ['account', userId ?? 'visitor', 'credit', 'preference'] as const;

/** « Recevoir mes remboursements automatiques en crédit Toque »: saved at each change. */
function AutomaticRefundsSwitch() {
  const { user } = useAuth();
  const client = useQueryClient();
  const query = useQuery<CreditPreference, ApiError>({
    queryKey: preferenceKey(user?.id),
    queryFn: ({ signal }) => api<CreditPreference>('/account/credit/preference', { signal }),
    enabled: !!user,
  });
  const save = useMutation<CreditPreference, ApiError, boolean>({
    mutationFn: (value) => api<CreditPreference>('/account/credit/preference', { method: 'PUT', body: JSON.stringify({ automaticRefundsToCredit: value }) }),
    onSuccess: (data) => {
      client.setQueryData(preferenceKey(user?.id), data);
      notifySuccess(data.automaticRefundsToCredit ? 'Vos remboursements automatiques iront à votre crédit.' : 'Vos remboursements automatiques iront sur votre carte.');
    },
    onError: (err) => notifyError('Préférence non enregistrée', err.message),
  });
  if (query.isError) return <p className="text-sm text-red-700">{query.error.message}</p>;
  return (
    <SwitchField
      label="Recevoir mes remboursements automatiques en crédit Toque"
      help="Si une place n’est plus libre au moment du paiement, ou si vous aviez déjà ce cours, le montant va tout de suite à votre crédit au lieu de votre carte."
      checked={save.isPending ? save.variables : (query.data?.automaticRefundsToCredit ?? false)}
      disabled={query.isPending || save.isPending}
      onChange={(value) => save.mutate(value)}
    />
  );
}

export function StoreCreditSection() {
  const { user } = useAuth();
  const client = useQueryClient();
  const payoutKey = useRef(crypto.randomUUID());
  const query = useQuery<CreditResponse, ApiError>({
    queryKey: creditKey(user?.id),
    queryFn: ({ signal }) => api<CreditResponse>('/account/credit', { signal }),
    enabled: !!user,
  });
  const payout = useMutation<CreditPayoutResponse, ApiError>({
    mutationFn: () => api<CreditPayoutResponse>('/account/credit/payout', { method: 'POST', body: JSON.stringify({ key: payoutKey.current }) }),
    onSuccess: (data) => client.setQueryData(creditKey(user?.id), data.credit),
    onError: (err) => notifyError('Versement impossible', err.message),
  });

  if (query.isPending) return <p className="text-muted">Chargement du crédit…</p>;
  if (query.isError) return <p className="text-red-700">{query.error.message}</p>;
  const credit = query.data;
  return (
    <div className="space-y-4">
      <p className="text-ink">
        Solde : <strong className="text-2xl">{formatPrice(credit.balanceCents)}</strong>
      </p>
      <p className="text-sm text-muted">
        Votre crédit Toque sert à payer vos achats sur Toque. Il n’expire jamais.
      </p>
      <AutomaticRefundsSwitch />
      {credit.payoutAvailable ? (
        <Button variant="secondary" onClick={() => payout.mutate()} disabled={payout.isPending}>
          Demander le versement
        </Button>
      ) : null}
      {credit.entries.length === 0 ? (
        <p className="text-muted">Aucun mouvement pour l’instant : un remboursement reçu en crédit, une carte-cadeau ou un geste de Toque apparaîtra ici.</p>
      ) : (
        <ul className="divide-y divide-line" aria-label="Historique du crédit">
          {credit.entries.map((e) => (
            <li key={e.id} className="flex flex-wrap items-baseline justify-between gap-2 py-3">
              <span>
                <span className="block text-ink">{e.label}{e.orderNumber ? ` — commande n° ${e.orderNumber}` : ''}</span>
                <span className="block text-sm text-muted">{formatLongDate(e.createdAt)}{e.reason ? ` · ${e.reason}` : ''}</span>
              </span>
              <span className={`font-semibold tabular-nums ${e.amountCents < 0 ? 'text-ink' : 'text-green-800'}`}>
                {e.amountCents < 0 ? '− ' : '+ '}
                {formatPrice(Math.abs(e.amountCents))}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
