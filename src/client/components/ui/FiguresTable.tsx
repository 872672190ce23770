// The admin's tables of figures (« Ventes » month by month, « Comptabilité » by province): a caption,
// a row header, right-aligned amounts kept on one line, and a totals row. Wider than a phone: it
// scrolls sideways inside a focusable region, the page does not.
import type { ReactNode } from 'react';
import { formatPrice } from '@shared/format';
import { cn } from '@client/lib/cn';

/** An amount in dollars that never breaks across lines; a zero is never written « -0,00 $ ». */
export function Money({ cents }: { cents: number }) {
  return <span className="whitespace-nowrap">{formatPrice(cents === 0 ? 0 : cents)}</span>;
}

export type FiguresColumn<T> = {
  key: string;
  label: string;
  value: (figures: T) => number;
  /** A count (« Commandes ») rather than an amount in cents. */
  count?: boolean;
  strong?: boolean;
};

export type FiguresRow<T> = { key: string; label: ReactNode; figures: T };

type FiguresTableProps<T> = {
  /** The caption's id, which names the scrolling region. */
  id: string;
  caption: string;
  /** The first column's heading (« Mois », « Province »). */
  rowHeading: string;
  columns: FiguresColumn<T>[];
  rows: FiguresRow<T>[];
  totals: T;
  /** Said in the body when there is no row. */
  empty?: string;
  /** The table's least width (Tailwind class), past which it scrolls. */
  minWidth?: string;
  rowHeaderClassName?: string;
};

function Cells<T>({ figures, columns }: { figures: T; columns: FiguresColumn<T>[] }) {
  return (
    <>
      {columns.map((c) => (
        <td key={c.key} className={cn('px-3 py-2.5 text-right', c.strong && 'font-semibold')}>
          {c.count ? c.value(figures) : <Money cents={c.value(figures)} />}
        </td>
      ))}
    </>
  );
}

export function FiguresTable<T>({ id, caption, rowHeading, columns, rows, totals, empty, minWidth = 'min-w-[40rem]', rowHeaderClassName }: FiguresTableProps<T>) {
  return (
    <div className="space-y-2">
      <p className="text-sm text-muted md:hidden">Le tableau défile de côté pour montrer toutes ses colonnes.</p>
      <div role="region" aria-labelledby={id} tabIndex={0} className="overflow-x-auto rounded-2xl border border-line bg-white shadow-sm">
        <table className={cn('w-full text-left text-sm text-ink', minWidth)}>
          <caption id={id} className="px-4 pt-4 text-left font-display text-xl text-ink">
            {caption}
          </caption>
          <thead className="border-b border-line text-xs uppercase tracking-wide text-muted">
            <tr>
              <th scope="col" className="px-3 py-3 font-semibold">
                {rowHeading}
              </th>
              {columns.map((c) => (
                <th key={c.key} scope="col" className="px-3 py-3 text-right font-semibold">
                  {c.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {rows.length === 0 && empty ? (
              <tr>
                <td colSpan={columns.length + 1} className="px-3 py-4 text-muted">
                  {empty}
                </td>
              </tr>
            ) : (
              rows.map((r) => (
                <tr key={r.key}>
                  <th scope="row" className={cn('whitespace-nowrap px-3 py-2.5 font-medium', rowHeaderClassName)}>
                    {r.label}
                  </th>
                  <Cells figures={r.figures} columns={columns} />
                </tr>
              ))
            )}
          </tbody>
          <tfoot className="border-t-2 border-line bg-cream">
            <tr>
              <th scope="row" className="px-3 py-3 font-semibold">
                Total
              </th>
              <Cells figures={totals} columns={columns} />
            </tr>
          </tfoot>
        </table>
      </div>
    </div>
  );
}
