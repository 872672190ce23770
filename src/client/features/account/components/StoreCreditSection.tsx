// Mon Compte's « Mon crédit » card: the « Crédit Toque » balance, its history (newest first, French
// labels), an empty state, and « Demander le versement » when the balance is under 5 $ (Québec).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { formatLongDate, formatPrice } from '@shared/format';
import type { CreditPayoutResponse, CreditResponse } from '@shared/schemas/credit';
import { Button } from '@client/components/ui/Button';
import { useAuth } from '@client/app/auth';
import { api, type ApiError } from '@client/lib/api';
import { notifyError } from '@client/lib/notify';

const creditKey = (userId: string | undefined) => ['account', userId ?? 'visitor', 'credit'] as const;

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
