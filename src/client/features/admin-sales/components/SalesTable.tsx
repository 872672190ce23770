// The month-by-month figures as a table (the accessible version of the chart, and what the
// accountant reads): sales before tax, each tax charged, refunds and the taxes given back, net.
// The table itself is the admin's shared FiguresTable (also « Comptabilité »'s).
import { TAX_KINDS, TAX_KIND_LABELS, type SalesFigures, type SalesMonth, type TaxKind } from '@shared/schemas/admin-sales';
import { FiguresTable, type FiguresColumn } from '@client/components/ui/FiguresTable';
import { monthLabel } from '../format';

/** Only the taxes the period has: a Québec-only shop does not need empty TVH and TVP columns. */
export function taxKindsUsed(totals: SalesFigures): TaxKind[] {
  const used = TAX_KINDS.filter((k) => totals.taxes[k] !== 0 || totals.refundedTaxes[k] !== 0);
  return used.length ? used : ['GST', 'QST'];
}

function columns(kinds: TaxKind[]): FiguresColumn<SalesFigures>[] {
  return [
    { key: 'orders', label: 'Commandes', value: (f) => f.orderCount, count: true },
    { key: 'gross', label: 'Ventes avant taxes', value: (f) => f.grossCents },
    ...kinds.map((k): FiguresColumn<SalesFigures> => ({ key: k, label: TAX_KIND_LABELS[k], value: (f) => f.taxes[k] })),
    { key: 'refunded', label: 'Remboursements avant taxes', value: (f) => -f.refundedCents },
    { key: 'refunded-tax', label: 'Taxes remboursées', value: (f) => -f.refundedTaxCents },
    { key: 'net', label: 'Net avant taxes', value: (f) => f.netCents, strong: true },
  ];
}

export function SalesTable({ months, totals }: { months: SalesMonth[]; totals: SalesFigures }) {
  return (
    <FiguresTable
      id="sales-table-caption"
      caption="Chiffres par mois"
      rowHeading="Mois"
      columns={columns(taxKindsUsed(totals))}
      rows={[...months].reverse().map((m) => ({ key: m.month, label: monthLabel(m.month), figures: m }))}
      totals={totals}
      minWidth="min-w-[44rem]"
      rowHeaderClassName="capitalize"
    />
  );
}
