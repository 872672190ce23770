// Comptabilité: the books by GST/QST filing period. The filing frequency is a setting (monthly,
// quarterly — the default — or yearly), changed by the admin and audited; the periods are counted
// in America/Toronto. For a period: its receipts (paid orders, by paid date) and credit notes
// (succeeded refunds, by success date) as rows (books.ts), the summary by province of supply, and
// the file in two formats (csv.ts), each download audited. Figures are the documents' own
// (taxes as charged and credited), never recomputed. Access is checked by the routes' guard.
import { monthFromIndex, monthIndex } from '@shared/schemas/admin-sales';
import {
  DEFAULT_FILING_FREQUENCY,
  EXPORT_FORMAT_LABELS,
  FILING_FREQUENCIES,
  filingFrequencyInput,
  periodLabel,
  periodMonths,
  periodOfMonth,
  periodsBetween,
  type BooksOverview,
  type BooksSummary,
  type ExportFormat,
  type FilingFrequency,
} from '@shared/schemas/admin-books';
import type { ProductKind } from '@shared/tax';
import type { Deps } from '../../deps';
import { parseInput } from '../../http/validate';
import { recordAudit } from '../audit/service';
import { splitByProductKind, summarise, type BookRow, type DocTax } from './books';
import { booksCsv } from './csv';
import { dayOf, monthOf, monthRange } from '../months';
import * as repo from './repository';

export const FILING_FREQUENCY_KEY = 'books.filing_frequency';
/** Records are kept six years (research §1): the list of periods goes back no further. */
const HISTORY_MONTHS = 6 * 12;

type Actor = { userId: string };

const isFrequency = (v: unknown): v is FilingFrequency => typeof v === 'string' && (FILING_FREQUENCIES as readonly string[]).includes(v);

export function createBooksService(deps: Pick<Deps, 'database' | 'now'>) {
  const db = () => deps.database.db;

  async function frequency(): Promise<FilingFrequency> {
    const value = await repo.readSetting(db(), FILING_FREQUENCY_KEY);
    return isFrequency(value) ? value : DEFAULT_FILING_FREQUENCY;
  }

  function describe(period: string) {
    const current = monthOf(deps.now());
    const { from, to } = periodMonths(period);
    return { id: period, label: periodLabel(period), current: monthIndex(from) <= monthIndex(current) && monthIndex(current) <= monthIndex(to) };
  }

  /** The period's documents as rows, oldest first (a receipt before its credit notes on one instant). */
  async function rowsOf(period: string): Promise<{ rows: BookRow[]; firstDay: string; lastDay: string }> {
    const { from, to } = periodMonths(period);
    const { start, end } = monthRange(from, to);
    const [orders, refunds] = await Promise.all([repo.paidOrders(db(), { start, end }), repo.succeededRefunds(db(), { start, end })]);
    const lines = await repo.linesOfOrders(db(), [...new Set([...orders.map((o) => o.id), ...refunds.map((r) => r.orderId)])]);
    const linesOf = new Map<string, { id: string; kind: ProductKind; amountCents: number }[]>();
    for (const l of lines) linesOf.set(l.orderId, [...(linesOf.get(l.orderId) ?? []), l]);

    const rows: BookRow[] = [];
    for (const o of orders) {
      const taxes = ((o.taxLines as { code: string; amountCents: number; lineIds?: string[] }[] | null) ?? []).map(
        (t): DocTax => ({ code: t.code, amountCents: t.amountCents, lineIds: t.lineIds ?? null }),
      );
      for (const part of splitByProductKind(linesOf.get(o.id) ?? [], taxes, o.processorFeeCents)) {
        rows.push({
          kind: 'receipt',
          at: o.paidAt!,
          number: o.number,
          receiptNumber: o.number,
          customer: o.buyerName,
          province: o.province,
          ...part,
          payoutReference: o.payoutReference,
          transactionId: o.processorTransactionId,
          promoCode: o.promoCode,
        });
      }
    }
    for (const r of refunds) {
      const orderLines = new Map((linesOf.get(r.orderId) ?? []).map((l) => [l.id, l]));
      const refunded = ((r.lines as { orderLineId: string; amountCents: number }[] | null) ?? []).map((l) => ({
        id: l.orderLineId,
        kind: orderLines.get(l.orderLineId)?.kind ?? 'recorded_course',
        amountCents: l.amountCents,
      }));
      // A credit note's tax lines name no order lines: the order's tax of the same code says which it applied to.
      const charged = new Map(((r.orderTaxLines as { code: string; lineIds?: string[] }[] | null) ?? []).map((t) => [t.code, t.lineIds ?? null]));
      const taxes = ((r.taxLines as { code: string; amountCents: number }[] | null) ?? []).map(
        (t): DocTax => ({ code: t.code, amountCents: t.amountCents, lineIds: charged.get(t.code) ?? null }),
      );
      for (const part of splitByProductKind(refunded, taxes, null)) {
        rows.push({
          kind: 'credit_note',
          at: r.succeededAt!,
          number: r.number,
          receiptNumber: r.orderNumber,
          customer: r.buyerName,
          province: r.province,
          productKind: part.productKind,
          subtotalCents: -part.subtotalCents,
          taxes: { GST: -part.taxes.GST, QST: -part.taxes.QST, HST: -part.taxes.HST, PST: -part.taxes.PST },
          totalCents: -part.totalCents,
          feeCents: null,
          payoutReference: null,
          transactionId: null,
          promoCode: r.promoCode,
        });
      }
    }
    rows.sort((a, b) => a.at.getTime() - b.at.getTime() || (a.kind === b.kind ? a.number - b.number : a.kind === 'receipt' ? -1 : 1));
    return { rows, firstDay: dayOf(start), lastDay: dayOf(new Date(end.getTime() - 1)) };
  }

  async function overview(): Promise<BooksOverview> {
    const [filingFrequency, first] = await Promise.all([frequency(), repo.firstPaidAt(db())]);
    const current = monthIndex(monthOf(deps.now()));
    const firstSale = first ? Math.min(monthIndex(monthOf(first)), current) : current;
    const oldest = monthFromIndex(Math.max(current - HISTORY_MONTHS + 1, firstSale));
    return { filingFrequency, periods: periodsBetween(oldest, monthFromIndex(current), filingFrequency).map(describe) };
  }

  return {
    frequency,
    overview,

    /** The period holding today, in the setting's frequency. */
    async currentPeriod(): Promise<string> {
      return periodOfMonth(monthOf(deps.now()), await frequency());
    },

    async summary(period: string): Promise<BooksSummary> {
      const { rows, firstDay, lastDay } = await rowsOf(period);
      return { period: { ...describe(period), firstDay, lastDay }, ...summarise(rows) };
    },

    /** The file, and the audit row saying who took the customers' names out, for which period, in which format. */
    async exportFile(actor: Actor, period: string, format: ExportFormat): Promise<{ filename: string; body: string }> {
      const { rows } = await rowsOf(period);
      const body = booksCsv(rows, format);
      await recordAudit(db(), {
        actorId: actor.userId,
        action: 'books.export',
        targetType: 'books',
        targetId: period,
        details: { period, format: EXPORT_FORMAT_LABELS[format], rows: rows.length },
      });
      return { filename: `toque-comptabilite-${period}-${format}.csv`, body };
    },

    async setFrequency(actor: Actor, body: unknown): Promise<BooksOverview> {
      const { filingFrequency } = parseInput(filingFrequencyInput, body);
      await db().transaction(async (tx) => {
        const before = await repo.readSetting(tx, FILING_FREQUENCY_KEY);
        const previous = isFrequency(before) ? before : DEFAULT_FILING_FREQUENCY;
        if (previous === filingFrequency && before !== undefined) return;
        await repo.writeSetting(tx, FILING_FREQUENCY_KEY, filingFrequency, deps.now());
        await recordAudit(tx, {
          actorId: actor.userId,
          action: 'settings.filing_frequency',
          targetType: 'setting',
          targetId: FILING_FREQUENCY_KEY,
          details: { before: previous, after: filingFrequency },
        });
      });
      return overview();
    },
  };
}

export type BooksService = ReturnType<typeof createBooksService>;
