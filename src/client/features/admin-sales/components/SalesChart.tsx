// Sales and refunds per month as CSS bars. The bars are a picture for sighted readers: the figure
// names what it shows and points to the table under it, which holds the same figures and is what
// assistive tech reads (the bars themselves are hidden from it).
import { formatPrice } from '@shared/format';
import type { SalesMonth } from '@shared/schemas/admin-sales';
import { monthLabel, narrowMonthLabel, shortMonthLabel } from '../format';

const height = (cents: number, max: number) => (max > 0 && cents > 0 ? `${Math.max(1.5, (cents / max) * 100)}%` : '0%');

export function SalesChart({ months }: { months: SalesMonth[] }) {
  // A year fits a phone; a longer period scrolls sideways rather than squeezing its bars.
  const width = months.length > 12 ? { minWidth: `${months.length * 1.75}rem` } : undefined;
  const max = Math.max(0, ...months.map((m) => Math.max(m.grossCents, m.refundedCents)));
  return (
    <figure aria-labelledby="sales-chart-caption" className="rounded-2xl border border-line bg-white p-4 shadow-sm sm:p-6">
      <figcaption id="sales-chart-caption" className="mb-4 flex flex-col gap-2 sm:flex-row sm:items-baseline sm:justify-between">
        <span className="font-display text-xl text-ink">Ventes par mois (avant taxes)</span>
        <span className="text-sm text-muted">Les mêmes chiffres sont dans le tableau ci-dessous.</span>
      </figcaption>
      <div className="mb-3 flex flex-wrap gap-4 text-sm text-muted" aria-hidden="true">
        <span className="inline-flex items-center gap-2">
          <span className="size-3 rounded-sm bg-brand-600" /> Ventes
        </span>
        <span className="inline-flex items-center gap-2">
          <span className="size-3 rounded-sm bg-saffron" /> Remboursements
        </span>
      </div>
      <div aria-hidden="true" className="overflow-x-auto">
        <div className="flex h-48 items-stretch gap-1 border-b border-line sm:h-56 sm:gap-2" style={width}>
          {months.map((m) => (
            <div
              key={m.month}
              className="flex min-w-0 flex-1 items-end justify-center gap-0.5"
              title={`${monthLabel(m.month)} : ventes ${formatPrice(m.grossCents)}, remboursements ${formatPrice(m.refundedCents)}`}
            >
              <div className="w-1/2 max-w-6 rounded-t-sm bg-brand-600" style={{ height: height(m.grossCents, max) }} />
              <div className="w-1/3 max-w-4 rounded-t-sm bg-saffron" style={{ height: height(m.refundedCents, max) }} />
            </div>
          ))}
        </div>
        <div className="mt-1 flex gap-1 sm:gap-2" style={width}>
          {months.map((m) => (
            <span key={m.month} className="min-w-0 flex-1 text-center text-xs leading-tight text-muted">
              {/* A letter on a phone (J F M…), the short name from 640 px. */}
              <span className="sm:hidden">{narrowMonthLabel(m.month)}</span>
              <span className="hidden sm:inline">{shortMonthLabel(m.month).replace('.', '')}</span>
            </span>
          ))}
        </div>
      </div>
      {max === 0 ? <p className="mt-3 text-center text-sm text-muted">Aucune vente ni aucun remboursement sur cette période.</p> : null}
    </figure>
  );
}
