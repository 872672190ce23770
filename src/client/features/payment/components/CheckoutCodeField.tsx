// « Carte-cadeau ou code promo » (decision 0040): one code per order. The server prices the order
// again with it and says what it was and what it did (« Code NOEL20 appliqué : − 20 % sur les cours
// en direct »), or why it was refused (expired, used up, not for this product, unknown…). A gift
// card's code goes to the buyer's « Crédit Toque », which then pays the order (decision 0039): « Carte-
// cadeau ajoutée à votre crédit (50,00 $) : 30,00 $ utilisés sur cette commande ».
import { CheckCircle2, Tag } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { formatPrice } from '@shared/format';
import type { GiftCardAtCheckout, OrderView } from '@shared/schemas/checkout';
import { Button } from '@client/components/ui/Button';
import { TextField } from '@client/components/ui/TextField';

type Props = {
  order: OrderView;
  /** The field's refusal of the last code tried, in French. */
  error: string | null;
  busy: boolean;
  onApply: (code: string | null) => void;
  /** The gift card the code was, if it was one. */
  giftCard?: GiftCardAtCheckout | null;
};

/** What a gift card typed here did, in French. */
export function giftCardMessage(giftCard: GiftCardAtCheckout, order: OrderView): string {
  const used = `${formatPrice(order.creditAppliedCents)} utilisés sur cette commande`;
  return giftCard.creditedCents > 0
    ? `Carte-cadeau ajoutée à votre crédit (${formatPrice(giftCard.creditedCents)}) : ${used}`
    : `Carte-cadeau déjà ajoutée à votre crédit : ${used}`;
}

export function CheckoutCodeField({ order, error, busy, onApply, giftCard }: Props) {
  const [text, setText] = useState('');
  const message = order.promo?.message ?? (giftCard ? giftCardMessage(giftCard, order) : null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (text.trim()) onApply(text);
  };

  return (
    <section aria-label="Carte-cadeau ou code promo" className="rounded-2xl border border-line bg-white p-5 shadow-sm sm:p-6">
      {message ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p role="status" className="flex min-w-0 items-start gap-2 text-sm font-semibold text-brand-800">
            <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>{message}</span>
          </p>
          <Button variant="secondary" size="sm" disabled={busy} onClick={() => onApply(null)}>
            Retirer le code
          </Button>
        </div>
      ) : (
        <form onSubmit={submit} noValidate className="flex flex-col gap-3">
          <TextField
            className="min-w-0"
            label="Carte-cadeau ou code promo"
            name="code"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={40}
            value={text}
            onChange={(e) => setText(e.target.value)}
            error={error ?? undefined}
          />
          <Button type="submit" variant="secondary" className="self-start" disabled={busy || !text.trim()}>
            <Tag aria-hidden="true" className="size-4" />
            {busy ? 'Vérification…' : 'Appliquer'}
          </Button>
        </form>
      )}
    </section>
  );
}
