// The sandbox's payment form (our offline test processor): the wallet first, then the card, as the
// spec orders the methods. The card is checked here before anything is sent (Luhn, expiry, CVC);
// the processor's answer is then shown as it gives it. 'requires_action' opens the extra
// confirmation step; an accepted payment goes to the result page, which waits for the server.
import { CreditCard } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { formatAmount, formatPrice } from '@shared/format';
import type { OrderView, SandboxConfirmResponse } from '@shared/schemas/checkout';
import { Button } from '@client/components/ui/Button';
import { FormAlert } from '@client/components/ui/FormAlert';
import { authenticateSandboxPayment, confirmSandboxPayment } from '../api';
import { formatCardNumber, formatExpiry, TEST_CARDS, validateCard, type CardErrors, type CardFields } from '../card';
import { cardFieldErrors, paymentErrorMessage, UNEXPECTED_ERROR } from '../payment-errors';
import { CardField } from './CardField';
import { ConfirmationDialog } from './ConfirmationDialog';

type SandboxPaymentFormProps = {
  order: OrderView;
  payment: { paymentId: string; clientSecret: string };
  /** The processor has the payment (succeeded or processing): on to the result page. */
  onAccepted: (status: 'succeeded' | 'processing') => void;
};

type Busy = 'card' | 'wallet' | 'approve' | 'refuse' | null;

export function SandboxPaymentForm({ order, payment, onAccepted }: SandboxPaymentFormProps) {
  const [fields, setFields] = useState<CardFields>({ number: '', expiry: '', cvc: '' });
  const [errors, setErrors] = useState<CardErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState<Busy>(null);
  const [confirming, setConfirming] = useState(false);
  const inputs = useRef<Partial<Record<keyof CardFields, HTMLInputElement | null>>>({});
  const payLabel = `Payer ${formatAmount(order.totalCents)} CAD`;

  const set = (name: keyof CardFields, value: string) => {
    setFields((f) => ({ ...f, [name]: value }));
    // A corrected field loses its message; the others keep theirs until the next attempt.
    if (errors[name]) setErrors((e) => ({ ...e, [name]: undefined }));
  };

  /** What the processor said: on to the result, the extra step, or its refusal shown as given. */
  const handle = (answer: SandboxConfirmResponse) => {
    if (answer.status === 'succeeded' || answer.status === 'processing') {
      onAccepted(answer.status);
      return;
    }
    if (answer.status === 'requires_action') {
      setConfirming(true);
      return;
    }
    setFailure(answer.error ?? UNEXPECTED_ERROR);
  };

  const fail = (error: unknown) => {
    const fieldErrors = cardFieldErrors(error);
    if (Object.keys(fieldErrors).length) setErrors(fieldErrors);
    setFailure(paymentErrorMessage(error));
  };

  const pay = async (method: Parameters<typeof confirmSandboxPayment>[0]['method'], kind: 'card' | 'wallet') => {
    setFailure(null);
    setBusy(kind);
    try {
      handle(await confirmSandboxPayment({ paymentId: payment.paymentId, clientSecret: payment.clientSecret, method }));
    } catch (error) {
      fail(error);
    } finally {
      setBusy(null);
    }
  };

  const submitCard = (event: FormEvent) => {
    event.preventDefault();
    const found = validateCard(fields);
    setErrors(found);
    const first = (['number', 'expiry', 'cvc'] as const).find((name) => found[name]);
    if (first) {
      setFailure(null);
      inputs.current[first]?.focus();
      return;
    }
    void pay({ type: 'card', number: fields.number.replace(/\s/g, ''), expiry: fields.expiry, cvc: fields.cvc.trim() }, 'card');
  };

  const answer = async (approve: boolean) => {
    setBusy(approve ? 'approve' : 'refuse');
    try {
      const result = await authenticateSandboxPayment({ paymentId: payment.paymentId, clientSecret: payment.clientSecret, approve });
      setConfirming(false);
      handle(result);
    } catch (error) {
      setConfirming(false);
      fail(error);
    } finally {
      setBusy(null);
    }
  };

  const locked = busy !== null;

  return (
    <div className="space-y-5">
      <Button
        variant="secondary"
        className="h-auto! min-h-12 w-full border-white bg-white px-3! py-2 leading-tight text-ink hover:bg-cream"
        loading={busy === 'wallet'}
        disabled={locked}
        onClick={() => void pay({ type: 'wallet' }, 'wallet')}
      >
        Payer avec le portefeuille (test)
      </Button>

      <div className="flex items-center gap-3 text-sm text-white/80" aria-hidden="true">
        <span className="h-px flex-1 bg-white/25" />
        ou par carte
        <span className="h-px flex-1 bg-white/25" />
      </div>

      <form onSubmit={submitCard} noValidate aria-label="Paiement par carte" className="space-y-4">
        <CardField
          ref={(el) => {
            inputs.current.number = el;
          }}
          label="Numéro de carte"
          name="cardnumber"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          value={fields.number}
          error={errors.number}
          disabled={locked}
          onChange={(e) => set('number', formatCardNumber(e.target.value))}
        />
        <div className="grid grid-cols-2 gap-4">
          <CardField
            ref={(el) => {
              inputs.current.expiry = el;
            }}
            label="Date d'expiration"
            name="cc-exp"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM/AA"
            hint="Format MM/AA"
            value={fields.expiry}
            error={errors.expiry}
            disabled={locked}
            onChange={(e) => set('expiry', formatExpiry(e.target.value, fields.expiry))}
          />
          <CardField
            ref={(el) => {
              inputs.current.cvc = el;
            }}
            label="CVC"
            name="cvc"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            maxLength={4}
            value={fields.cvc}
            error={errors.cvc}
            disabled={locked}
            onChange={(e) => set('cvc', e.target.value.replace(/\D/g, '').slice(0, 4))}
          />
        </div>

        {failure ? <FormAlert>{failure}</FormAlert> : null}

        <Button type="submit" size="lg" className="w-full" loading={busy === 'card'} disabled={locked}>
          <CreditCard aria-hidden="true" className="size-5" />
          {payLabel}
        </Button>
      </form>

      <details open className="rounded-xl bg-white/[0.06] px-4 py-3 text-xs text-white/85">
        <summary className="cursor-pointer text-sm font-semibold text-white">Cartes de test</summary>
        <p className="mt-2">Aucune carte réelle n'est débitée. Toute date future et tout CVC à 3 chiffres conviennent.</p>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
          {TEST_CARDS.map((card) => (
            <div key={card.number} className="contents">
              <dt className="whitespace-nowrap font-mono text-white">{card.number}</dt>
              <dd>{card.outcome}</dd>
            </div>
          ))}
        </dl>
      </details>

      <ConfirmationDialog
        open={confirming}
        amount={formatPrice(order.totalCents)}
        busy={busy === 'approve' ? 'approve' : busy === 'refuse' ? 'refuse' : null}
        onAnswer={(approve) => void answer(approve)}
      />
    </div>
  );
}
