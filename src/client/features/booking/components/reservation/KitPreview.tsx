// The class preparation kit as its e-mail will list it (72 h before the class): the ingredients for
// the booking's servings, the equipment, and the chef's substitutions for this booking's needs.
import { ShoppingBasket } from 'lucide-react';
import { servingsLabel } from '@shared/prep-kit';
import type { BookingPageKit } from '@shared/schemas/booking-page';
import { sessionWhen } from '@client/lib/session-when';

export function KitPreview({ kit, sent }: { kit: BookingPageKit; sent: boolean }) {
  return (
    <section aria-labelledby="kit-title" className="rounded-2xl border border-line bg-white p-5 shadow-sm">
      <h2 id="kit-title" className="flex items-center gap-2 text-lg font-semibold text-ink">
        <ShoppingBasket aria-hidden="true" className="size-5 text-brand-700" />
        Trousse de préparation
      </h2>
      <p className="mt-1 text-sm text-muted">
        {sent ? 'Envoyée par courriel' : `Envoyée par courriel le ${sessionWhen(kit.sendsAt)}`} — aperçu pour {servingsLabel(kit.servings)}.
      </p>
      <div className="mt-3 grid gap-4 sm:grid-cols-2">
        {kit.ingredients.length ? (
          <div>
            <h3 className="text-sm font-semibold uppercase tracking-wide text-muted">Ingrédients</h3>
            <ul className="mt-1 list-disc space-y-0.5 pl-5 text-ink">
              {kit.ingredients.map((line, i) => (
                <li key={i}>{line}</li>
              ))}
            </ul>
          </div>
        ) : null}
        {kit.equipment.length ? (
          <div>
            <h3 className="text-sm font-semibold uppercase tracking-wide text-muted">Matériel</h3>
            <ul className="mt-1 list-disc space-y-0.5 pl-5 text-ink">
              {kit.equipment.map((line, i) => (
                <li key={i}>{line}</li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
      {kit.substitutions.length ? (
        <div className="mt-4 rounded-xl bg-herb/10 p-3">
          <h3 className="text-sm font-semibold text-ink">Substitutions pour vos besoins alimentaires</h3>
          <ul className="mt-1 space-y-0.5 text-ink">
            {kit.substitutions.map((s) => (
              <li key={s.need}>
                <strong>{s.label} :</strong> {s.text}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
