import { describe, expect, it } from 'vitest';
import {
  CONFIRM_PATIENCE_MS,
  INVALID_PARAMETERS,
  nextPollDelay,
  orderOutcome,
  PAYMENT_FAILED,
  paymentResultUrl,
  readPaymentResult,
} from '@client/features/payment/payment-result';
import { cardFieldErrors, paymentErrorMessage, UNEXPECTED_ERROR } from '@client/features/payment/payment-errors';
import { paymentMethodLabel } from '@client/features/payment/payment-method';

const read = (q: string) => readPaymentResult(new URLSearchParams(q));

describe('the result page reads its query (spec §4, payment return)', () => {
  it('asks the server about the order for succeeded and processing, and needs the order id for it', () => {
    expect(read('order_id=o1&payment_intent=pi&redirect_status=processing')).toEqual({ kind: 'confirm', orderId: 'o1', paymentIntent: 'pi', providerSaid: 'processing' });
    expect(read('payment_intent=pi&redirect_status=succeeded')).toEqual({ kind: 'error', message: INVALID_PARAMETERS });
  });

  it('fails on failed, even with an order id', () => {
    expect(read('order_id=o1&payment_intent=pi&redirect_status=failed')).toEqual({ kind: 'error', message: PAYMENT_FAILED });
  });

  it('does nothing for any other status', () => {
    expect(read('order_id=o1&payment_intent=pi&redirect_status=requires_action')).toEqual({ kind: 'idle' });
  });

  it('round-trips the URL the payment page builds', () => {
    const url = new URL(paymentResultUrl('o 1', 'pi&x', 'succeeded'), 'http://t');
    expect(url.pathname).toBe('/payment-result');
    expect(read(url.search)).toEqual({ kind: 'confirm', orderId: 'o 1', paymentIntent: 'pi&x', providerSaid: 'succeeded' });
  });
});

describe("what the order's status tells the page", () => {
  it('paid is paid, whatever the query said', () => {
    for (const status of ['paid', 'partially_refunded', 'refunded'] as const) {
      expect(orderOutcome(status, 'succeeded', false)).toBe('paid');
      expect(orderOutcome(status, 'processing', true)).toBe('paid');
    }
  });

  it('pending and processing: still waiting', () => {
    expect(orderOutcome('pending', 'succeeded', false)).toBe('waiting');
    expect(orderOutcome('processing', 'processing', false)).toBe('waiting');
  });

  it("after 'succeeded', a failed order is an earlier try's refusal until the patience is spent", () => {
    expect(orderOutcome('failed', 'succeeded', false)).toBe('waiting');
    expect(orderOutcome('failed', 'succeeded', true)).toBe('failed');
  });

  it("after 'processing', a failed or canceled order is the answer", () => {
    expect(orderOutcome('failed', 'processing', false)).toBe('failed');
    expect(orderOutcome('canceled', 'processing', false)).toBe('failed');
  });
});

describe('how often the order is read', () => {
  it('every second first, less often later, never past the patience', () => {
    expect(nextPollDelay(0)).toBe(1_000);
    expect(nextPollDelay(9_999)).toBe(1_000);
    expect(nextPollDelay(15_000)).toBe(2_000);
    expect(nextPollDelay(45_000)).toBe(4_000);
    expect(nextPollDelay(CONFIRM_PATIENCE_MS)).toBeNull();
    // Asked about 25 times in the minute: quick at first, and a finite number of requests.
    let t = 0;
    let reads = 0;
    for (let d = nextPollDelay(t); d !== null; d = nextPollDelay(t)) {
      t += d;
      reads++;
    }
    expect(reads).toBeGreaterThan(15);
    expect(reads).toBeLessThan(35);
  });
});

describe('payment failure texts (spec §5)', () => {
  it("shows the processor's 4xx message as given, anything else as the generic text", () => {
    expect(paymentErrorMessage({ status: 402, message: 'Votre carte a été refusée.' })).toBe('Votre carte a été refusée.');
    expect(paymentErrorMessage({ status: 400, message: 'Le numéro de carte est invalide.' })).toBe('Le numéro de carte est invalide.');
    expect(paymentErrorMessage({ status: 500, message: 'boom' })).toBe(UNEXPECTED_ERROR);
    expect(paymentErrorMessage({ status: 0, message: 'réseau' })).toBe(UNEXPECTED_ERROR);
    expect(paymentErrorMessage(new Error('x'))).toBe(UNEXPECTED_ERROR);
  });

  it("places the server's field messages under the card fields", () => {
    expect(cardFieldErrors({ fields: { 'method.number': 'Numéro invalide.', 'method.cvc': 'CVC invalide.', other: 'x' } })).toEqual({
      number: 'Numéro invalide.',
      cvc: 'CVC invalide.',
    });
    expect(cardFieldErrors({})).toEqual({});
  });
});

describe('payment method label', () => {
  it('names the brand and the last four, and a wallet as such', () => {
    expect(paymentMethodLabel({ type: 'card', brand: 'visa', last4: '4242' })).toBe('Visa\u00a0••••\u00a04242');
    expect(paymentMethodLabel({ type: 'card', brand: 'amex', last4: '0005' })).toBe('American Express\u00a0••••\u00a00005');
    expect(paymentMethodLabel({ type: 'wallet', brand: 'visa', last4: '4242' })).toBe('Portefeuille — Visa\u00a0••••\u00a04242');
    expect(paymentMethodLabel({ type: 'card', brand: null, last4: null })).toBe('Carte');
    expect(paymentMethodLabel(null)).toBeNull();
  });
});
