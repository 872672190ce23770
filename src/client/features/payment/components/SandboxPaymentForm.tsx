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
import { validateCard, type CardErrors, type CardValues } from '../card';
import { cardFieldErrors, paymentErrorMessage, UNEXPECTED_ERROR } from '../payment-errors';
import { CardFields, TestCards } from './CardFields';
import { ConfirmationDialog } from './ConfirmationDialog';

type SandboxPaymentFormProps = {
  order: OrderView;
  payment: { paymentId: string; clientSecret: string };
  /** The processor has the payment (succeeded or processing): on to the result page. */
  onAccepted: (status: 'succeeded' | 'processing') => void;
  /** The button's words when nothing is charged now (a membership's free trial saves the card). */
  submitLabel?: string;
};

type Busy = 'card' | 'wallet' | 'approve' | 'refuse' | null;

export function SandboxPaymentForm({ order, payment, onAccepted, submitLabel }: SandboxPaymentFormProps) {
  const [fields, setFields] = useState<CardValues>({ number: '', expiry: '', cvc: '' });
  const [errors, setErrors] = useState<CardErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState<Busy>(null);
  const [confirming, setConfirming] = useState(false);
  const inputs = useRef<Partial<Record<keyof CardValues, HTMLInputElement | null>>>({});
  // The card pays what « Crédit Toque » did not.
  const payLabel = submitLabel ?? `Payer ${formatAmount(order.totalCents - order.creditAppliedCents)} CAD`;

  const set = (name: keyof CardValues, value: string) => {
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
        <CardFields
          values={fields}
          errors={errors}
          disabled={locked}
          onChange={set}
          inputRef={(name, el) => {
            inputs.current[name] = el;
          }}
        />

        {failure ? <FormAlert>{failure}</FormAlert> : null}

        <Button type="submit" size="lg" className="w-full" loading={busy === 'card'} disabled={locked}>
          <CreditCard aria-hidden="true" className="size-5" />
          {payLabel}
        </Button>
      </form>

      <TestCards open />

      <ConfirmationDialog
        open={confirming}
        amount={formatPrice(order.totalCents - order.creditAppliedCents)}
        busy={busy === 'approve' ? 'approve' : busy === 'refuse' ? 'refuse' : null}
        onAnswer={(approve) => void answer(approve)}
      />
    </div>
  );
}
