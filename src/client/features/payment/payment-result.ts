// What /payment-result can say from its query alone (spec §4, payment return).

export type PaymentResultState = { kind: 'error'; message: string } | { kind: 'pending-feature' };

export function readPaymentResult(params: URLSearchParams): PaymentResultState {
  const intent = params.get('payment_intent');
  const status = params.get('redirect_status');
  if (!intent || !status) return { kind: 'error', message: 'Paramètres de paiement invalides.' };
  if (status === 'failed') {
    return { kind: 'error', message: 'Le paiement a échoué. Veuillez réessayer ou utiliser un autre moyen de paiement.' };
  }
  // 'succeeded' needs the server's confirmation, which arrives with payments: never claimed here.
  return { kind: 'pending-feature' };
}
