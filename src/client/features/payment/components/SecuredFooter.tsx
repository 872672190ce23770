// Who carries the payment (spec: the footer says the payment is secured). The sandbox says plainly
// that it moves no real money.
import { FlaskConical, Lock } from 'lucide-react';

export function SecuredFooter({ provider }: { provider: 'sandbox' | 'stripe' }) {
  return (
    <p className="flex items-center justify-center gap-2 text-center text-sm text-muted">
      {provider === 'stripe' ? (
        <>
          <Lock aria-hidden="true" className="size-4 shrink-0" />
          Paiement sécurisé par Stripe — carte, Apple Pay ou Google Pay
        </>
      ) : (
        <>
          <FlaskConical aria-hidden="true" className="size-4 shrink-0" />
          Paiement de test — aucun argent réel
        </>
      )}
    </p>
  );
}
