// How booking goes, beside the sessions: choose, the seat is held 15 minutes, pay to confirm it
// (the spec's note that choosing a slot leads to the payment).
import { CalendarCheck, CreditCard, Timer } from 'lucide-react';
import { HOLD_MINUTES } from '@shared/booking';

const STEPS = [
  { icon: CalendarCheck, title: 'Choisissez votre séance', text: 'Après avoir choisi une séance, vous serez redirigé vers le paiement.' },
  {
    icon: Timer,
    title: `Votre place est réservée ${HOLD_MINUTES} minutes`,
    text: `Dès votre choix, une place vous est gardée pendant ${HOLD_MINUTES} minutes, le temps de payer. Passé ce délai, elle est libérée pour d'autres.`,
  },
  { icon: CreditCard, title: 'Payez pour confirmer', text: 'Votre réservation est confirmée dès la réception du paiement ; elle apparaît alors dans votre calendrier.' },
] as const;

export function BookingSteps() {
  return (
    <section aria-labelledby="booking-steps" className="rounded-2xl border border-line bg-white p-5 shadow-sm sm:p-6">
      <h2 id="booking-steps" className="text-xl font-semibold text-ink">
        Comment ça marche
      </h2>
      <ol className="mt-4 space-y-4">
        {STEPS.map(({ icon: Icon, title, text }, i) => (
          <li key={title} className="flex gap-3">
            <span aria-hidden="true" className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
              <Icon className="size-4.5" />
            </span>
            <div>
              <p className="font-semibold text-ink">
                <span className="sr-only">Étape {i + 1} : </span>
                {title}
              </p>
              <p className="mt-0.5 text-sm text-muted">{text}</p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
