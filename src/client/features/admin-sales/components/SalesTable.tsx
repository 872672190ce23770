// The month-by-month figures as a table (the accessible version of the chart, and what the
// accountant reads): sales before tax, each tax charged, refunds and the taxes given back, net.
// Wider than a phone: it scrolls sideways inside a focusable region, the page does not.
import { formatPrice } from '@shared/format';
import { TAX_KINDS, TAX_KIND_LABELS, type SalesFigures, type SalesMonth, type TaxKind } from '@shared/schemas/admin-sales';
import { monthLabel } from '../format';

/** Only the taxes the period has: a Québec-only shop does not need empty TVH and TVP columns. */
export function taxKindsUsed(totals: SalesFigures): TaxKind[] {
  const used = TAX_KINDS.filter((k) => totals.taxes[k] !== 0 || totals.refundedTaxes[k] !== 0);
  return used.length ? used : ['GST', 'QST'];
}

const money = (cents: number) => <span className="whitespace-nowrap">{formatPrice(cents)}</span>;

function Cells({ f, kinds }: { f: SalesFigures; kinds: TaxKind[] }) {
  return (
    <>
      <td className="px-3 py-2.5 text-right">{f.orderCount}</td>
      <td className="px-3 py-2.5 text-right">{money(f.grossCents)}</td>
      {kinds.map((k) => (
        <td key={k} className="px-3 py-2.5 text-right">
          {money(f.taxes[k])}
        </td>
      ))}
      <td className="px-3 py-2.5 text-right">{f.refundedCents ? money(-f.refundedCents) : money(0)}</td>
      <td className="px-3 py-2.5 text-right">{f.refundedTaxCents ? money(-f.refundedTaxCents) : money(0)}</td>
      <td className="px-3 py-2.5 text-right font-semibold">{money(f.netCents)}</td>
    </>
  );
}

export function SalesTable({ months, totals }: { months: SalesMonth[]; totals: SalesFigures }) {
  const kinds = taxKindsUsed(totals);
  return (
    <div className="space-y-2">
      <p className="text-sm text-muted md:hidden">Le tableau défile de côté pour montrer toutes ses colonnes.</p>
      <div
        role="region"
        aria-labelledby="sales-table-caption"
        tabIndex={0}
        className="overflow-x-auto rounded-2xl border border-line bg-white shadow-sm"
      >
        <table className="w-full min-w-[44rem] text-left text-sm text-ink">
          <caption id="sales-table-caption" className="px-4 pt-4 text-left font-display text-xl text-ink">
            Chiffres par mois
          </caption>
          <thead className="border-b border-line text-xs uppercase tracking-wide text-muted">
            <tr>
              <th scope="col" className="px-3 py-3 font-semibold">Mois</th>
              <th scope="col" className="px-3 py-3 text-right font-semibold">Commandes</th>
              <th scope="col" className="px-3 py-3 text-right font-semibold">Ventes avant taxes</th>
              {kinds.map((k) => (
                <th key={k} scope="col" className="px-3 py-3 text-right font-semibold">
                  {TAX_KIND_LABELS[k]}
                </th>
              ))}
              <th scope="col" className="px-3 py-3 text-right font-semibold">Remboursements avant taxes</th>
              <th scope="col" className="px-3 py-3 text-right font-semibold">Taxes remboursées</th>
              <th scope="col" className="px-3 py-3 text-right font-semibold">Net avant taxes</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {[...months].reverse().map((m) => (
              <tr key={m.month}>
                <th scope="row" className="whitespace-nowrap px-3 py-2.5 font-medium capitalize">
                  {monthLabel(m.month)}
                </th>
                <Cells f={m} kinds={kinds} />
              </tr>
            ))}
          </tbody>
          <tfoot className="border-t-2 border-line bg-cream">
            <tr>
              <th scope="row" className="px-3 py-3 font-semibold">
                Total
              </th>
              <Cells f={totals} kinds={kinds} />
            </tr>
          </tfoot>
        </table>
      </div>
    </div>
  );
}
