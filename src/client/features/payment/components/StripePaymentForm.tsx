// Stripe's Payment Element, loaded only when Stripe is the configured provider (this module and
// Stripe's libraries are their own chunk; Stripe.js itself comes from js.stripe.com on first use).
// Wallets first, then the card; the night theme on the dark panel; confirmation goes to Stripe,
// which sends the buyer to /payment-result?order_id=… with payment_intent and redirect_status.
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { CreditCard } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { formatAmount } from '@shared/format';
import type { OrderView } from '@shared/schemas/checkout';
import { Button } from '@client/components/ui/Button';
import { FormAlert } from '@client/components/ui/FormAlert';
import { UNEXPECTED_ERROR } from '../payment-errors';

type StripePaymentFormProps = {
  order: OrderView;
  payment: { clientSecret: string; publishableKey: string };
  /** Where Stripe sends the buyer back (a path of this site); default /payment-result?order_id=…. */
  returnPath?: string;
  /** A SetupIntent (a membership's free trial: the card saved, nothing charged), with the button's words. */
  setup?: { submitLabel: string };
};

// One Stripe.js instance per publishable key for the life of the page.
const instances = new Map<string, Promise<Stripe | null>>();
function stripeFor(key: string): Promise<Stripe | null> {
  let instance = instances.get(key);
  if (!instance) {
    instance = loadStripe(key, { locale: 'fr-CA' });
    instances.set(key, instance);
  }
  return instance;
}

export default function StripePaymentForm({ order, payment, returnPath, setup }: StripePaymentFormProps) {
  return (
    <Elements
      stripe={stripeFor(payment.publishableKey)}
      options={{ clientSecret: payment.clientSecret, locale: 'fr-CA', appearance: { theme: 'night', variables: { colorPrimary: '#e0a526' } } }}
    >
      <PaymentForm order={order} returnPath={returnPath} setup={setup} />
    </Elements>
  );
}

function PaymentForm({ order, returnPath, setup }: { order: OrderView; returnPath?: string; setup?: { submitLabel: string } }) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements) return;
    setBusy(true);
    setFailure(null);
    const returnUrl = new URL(returnPath ?? '/payment-result', window.location.origin);
    if (!returnPath) returnUrl.searchParams.set('order_id', order.id);
    // On success Stripe leaves the page for return_url; only a failure comes back here.
    const { error } = setup
      ? await stripe.confirmSetup({ elements, confirmParams: { return_url: returnUrl.toString() } })
      : await stripe.confirmPayment({ elements, confirmParams: { return_url: returnUrl.toString() } });
    // Spec §5: the card's and the form's own errors as Stripe words them; anything else, ours. A
    // 3-D Secure step the bank refused is the card's too, though Stripe files it as a request error.
    const buyers = error.type === 'card_error' || error.type === 'validation_error' || error.code === 'payment_intent_authentication_failure';
    setFailure(buyers ? (error.message ?? UNEXPECTED_ERROR) : UNEXPECTED_ERROR);
    setBusy(false);
  };

  return (
    <form onSubmit={(e) => void submit(e)} aria-label="Paiement" className="space-y-5">
      <PaymentElement
        onReady={() => setReady(true)}
        options={{
          layout: 'tabs',
          paymentMethodOrder: ['apple_pay', 'google_pay', 'link', 'card'],
          wallets: { applePay: 'auto', googlePay: 'auto' },
        }}
      />
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      <Button type="submit" size="lg" className="w-full" loading={busy} disabled={!stripe || !elements || !ready}>
        <CreditCard aria-hidden="true" className="size-5" />
        {setup ? setup.submitLabel : `Payer ${formatAmount(order.totalCents - order.creditAppliedCents)} CAD`}
      </Button>
    </form>
  );
}
