// The customer's « Crédit Toque » as the chef sees it: the balance, the latest entries, and
// « Ajouter un crédit » (an amount and its reason, both required; audited). One click gives one
// credit: the form's key is kept until the credit is given (decision 0038).
import { Wallet } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { formatLongDate, formatPrice, parseDollars } from '@shared/format';
import type { CreditResponse } from '@shared/schemas/credit';
import { Button } from '@client/components/ui/Button';
import { Card } from '@client/components/ui/Card';
import { TextField } from '@client/components/ui/TextField';
import { notifySuccess } from '@client/lib/notify';
import { useAddCredit } from '../api';
import { runMutation } from '@client/lib/run-mutation';

const SHOWN = 5;
const AMOUNT_INVALID = 'Indiquez un montant de 0,01 $ à 1 000 $, par exemple 25,00.';

export function ClientCredit({ userId, credit }: { userId: string; credit: CreditResponse }) {
  const titleId = useId();
  return (
    <Card as="section" aria-labelledby={titleId} className="p-5 sm:p-6">
      <h2 id={titleId} className="flex items-center gap-2 text-xl font-semibold text-ink">
        <Wallet aria-hidden="true" className="size-5 text-brand-700" />
        Crédit Toque
      </h2>
      <p className="mt-1 text-sm text-muted">
        Solde : <span className="font-semibold text-ink">{formatPrice(credit.balanceCents)}</span>
      </p>
      {credit.entries.length === 0 ? (
        <p className="mt-3 text-sm text-muted">Aucun mouvement pour le moment.</p>
      ) : (
        <ul className="mt-3 divide-y divide-line text-sm">
          {credit.entries.slice(0, SHOWN).map((e) => (
            <li key={e.id} className="flex items-start justify-between gap-3 py-2">
              <span className="min-w-0">
                <span className="block text-ink">{e.label}</span>
                <span className="block text-xs text-muted">
                  {formatLongDate(e.createdAt)}
                  {e.orderNumber !== null ? ` · commande no ${e.orderNumber}` : ''}
                  {e.reason ? ` · ${e.reason}` : ''}
                </span>
              </span>
              <span className={`shrink-0 font-semibold tabular-nums ${e.amountCents < 0 ? 'text-ink' : 'text-brand-800'}`}>
                {e.amountCents < 0 ? `− ${formatPrice(-e.amountCents)}` : `+ ${formatPrice(e.amountCents)}`}
              </span>
            </li>
          ))}
        </ul>
      )}
      {credit.total > SHOWN ? <p className="mt-1 text-xs text-muted">{credit.total - SHOWN} mouvement(s) plus ancien(s).</p> : null}
      <AddCreditForm userId={userId} />
    </Card>
  );
}

function AddCreditForm({ userId }: { userId: string }) {
  const add = useAddCredit(userId);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; reason?: string; form?: string }>({});
  const [key, setKey] = useState(() => crypto.randomUUID());
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const amountCents = parseDollars(amount);
    const found: typeof errors = {};
    if (amountCents === null || amountCents < 1 || amountCents > 100_000) found.amount = AMOUNT_INVALID;
    if (!reason.trim()) found.reason = 'Indiquez la raison de ce crédit.';
    setErrors(found);
    if (found.amount || found.reason) return;
    runMutation(add,
      { amountCents: amountCents!, reason, key },
      {
        onSuccess: (res) => {
          notifySuccess(`Crédit ajouté : ${formatPrice(res.entry.amountCents)}`);
          setAmount('');
          setReason('');
          setKey(crypto.randomUUID());
        },
        onError: (e) => setErrors({ amount: e.fields?.amountCents, reason: e.fields?.reason, form: e.fields ? undefined : e.message }),
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate className="mt-4 flex flex-col gap-3 border-t border-line pt-4">
      <h3 className="text-base font-semibold text-ink">Ajouter un crédit</h3>
      <TextField label="Montant ($)" name="amount" inputMode="decimal" autoComplete="off" value={amount} onChange={(e) => setAmount(e.target.value)} error={errors.amount} />
      <TextField label="Raison" name="reason" maxLength={500} autoComplete="off" value={reason} onChange={(e) => setReason(e.target.value)} error={errors.reason} />
      {errors.form ? (
        <p role="alert" className="text-sm font-medium text-red-800">
          {errors.form}
        </p>
      ) : null}
      <Button type="submit" variant="secondary" className="self-start" disabled={add.isPending}>
        {add.isPending ? 'Ajout…' : 'Ajouter le crédit'}
      </Button>
    </form>
  );
}
