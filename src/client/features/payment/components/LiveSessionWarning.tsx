// A live course reached without a chosen session (spec: payment page): pick a date first.
import { CalendarClock } from 'lucide-react';
import { ButtonLink } from '@client/components/ui/Button';

export function LiveSessionWarning({ courseId, message }: { courseId: string; message?: string }) {
  return (
    <section role="alert" className="rounded-2xl border border-saffron/60 bg-saffron/10 p-5 sm:p-6">
      <h2 className="flex items-center gap-2 text-xl font-semibold text-ink">
        <CalendarClock aria-hidden="true" className="size-5 text-brand-700" />
        Choisissez d'abord une date
      </h2>
      <p className="mt-2 text-ink/85">
        {message ?? 'Ce cours a lieu en direct : choisissez une séance avant de payer, votre place y sera réservée.'}
      </p>
      <ButtonLink to={`/booking/${courseId}`} className="mt-4">
        Choisir une séance
      </ButtonLink>
    </section>
  );
}
