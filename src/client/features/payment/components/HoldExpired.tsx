// The seat held for this payment has lapsed (the clock ran out, or the checkout answered
// HOLD_EXPIRED): nothing to pay for any more; choose a session again.
import { TimerOff } from 'lucide-react';
import { ERROR_MESSAGES } from '@shared/errors';
import { ButtonLink } from '@client/components/ui/Button';

export function HoldExpired({ courseId, message = ERROR_MESSAGES.HOLD_EXPIRED }: { courseId: string; message?: string }) {
  return (
    <section role="alert" className="rounded-2xl border border-brand-100 bg-brand-50 p-5 sm:p-6">
      <h2 className="flex items-center gap-2 text-xl font-semibold text-brand-800">
        <TimerOff aria-hidden="true" className="size-5" />
        Votre place n'est plus réservée
      </h2>
      <p className="mt-2 text-ink/85">{message}</p>
      <p className="mt-1 text-sm text-muted">Aucun paiement n'a été effectué.</p>
      <ButtonLink to={`/booking/${courseId}`} className="mt-4">
        Choisir une séance
      </ButtonLink>
    </section>
  );
}
