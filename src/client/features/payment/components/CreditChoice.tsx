// « Utiliser mon crédit (X $ disponibles) »: shown when the buyer has « Crédit Toque » (decision 0038).
// Ticking it prices the order again with the credit paying first, after tax; the card pays the
// rest. When the credit covers the whole order, it is a button: pressing it pays the order.
import { Wallet } from 'lucide-react';
import { formatPrice } from '@shared/format';
import type { OrderView } from '@shared/schemas/checkout';
import { Button } from '@client/components/ui/Button';

type Props = {
  order: OrderView;
  /** The credit this buyer may use on this order. */
  availableCents: number;
  checked: boolean;
  busy: boolean;
  error: string | null;
  onChange: (on: boolean) => void;
};

export function CreditChoice({ order, availableCents, checked, busy, error, onChange }: Props) {
  const label = `Utiliser mon crédit (${formatPrice(availableCents)} disponibles)`;
  const coversAll = !checked && availableCents >= order.totalCents;
  return (
    <section aria-label="Crédit Toque" className="rounded-2xl border border-line bg-white p-5 shadow-sm sm:p-6">
      {coversAll ? (
        <div className="flex flex-col gap-3">
          <p className="flex items-start gap-2 text-sm text-ink">
            <Wallet aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
            <span>Votre crédit Toque ({formatPrice(availableCents)}) couvre toute la commande : aucune carte n'est nécessaire.</span>
          </p>
          <Button className="self-start" disabled={busy} onClick={() => onChange(true)}>
            {busy ? 'Paiement…' : `Payer ${formatPrice(order.totalCents)} avec mon crédit`}
          </Button>
        </div>
      ) : (
        <label className="flex cursor-pointer items-start gap-3 text-sm font-semibold text-ink">
          <input
            type="checkbox"
            className="mt-0.5 size-5 shrink-0 accent-brand-700"
            checked={checked}
            disabled={busy}
            onChange={(e) => onChange(e.target.checked)}
          />
          <span>{label}</span>
        </label>
      )}
      {error ? (
        <p role="alert" className="mt-2 text-sm font-medium text-red-800">
          {error}
        </p>
      ) : null}
    </section>
  );
}
