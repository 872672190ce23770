// Ventes: revenue per month in the chef's time zone (sales by paid date, refunds by the date their
// money went back), taxes by kind from what each order and credit note recorded — never
// recomputed, so the figures are the receipts' — the orders CSV, the subscribers count and the
// refunds of the audit trail. Access is checked by the routes' guard before any call here.
import { isActiveSubscription } from '@shared/access';
import {
  emptyTaxAmounts,
  monthFromIndex,
  monthIndex,
  periodProblem,
  TAX_KINDS,
  type AuditedRefund,
  type SalesFigures,
  type SalesQuery,
  type SalesResponse,
  type TaxAmounts,
  type TaxKind,
} from '@shared/schemas/admin-sales';
import type { Deps } from '../../deps';
import { AppError } from '../../http/app-error';
import { listAudit } from '../audit/service';
import { toIso } from '../rows';
import { salesCsv } from './csv';
import { monthOf, monthRange } from '../months';
import * as repo from './repository';

const RECENT_REFUNDS = 10;

/** Sums an order's or a credit note's tax lines by kind. */
export function taxesByKind(lines: unknown): TaxAmounts {
  const sums = emptyTaxAmounts();
  for (const line of (lines as { code: string; amountCents: number }[] | null) ?? []) {
    if ((TAX_KINDS as readonly string[]).includes(line.code)) sums[line.code as TaxKind] += line.amountCents;
  }
  return sums;
}

function emptyFigures(): SalesFigures {
  return {
    orderCount: 0,
    grossCents: 0,
    discountCents: 0,
    taxes: emptyTaxAmounts(),
    taxCents: 0,
    refundCount: 0,
    refundedCents: 0,
    refundedTaxes: emptyTaxAmounts(),
    refundedTaxCents: 0,
    netCents: 0,
    netTaxes: emptyTaxAmounts(),
    collectedCents: 0,
  };
}

function addSale(f: SalesFigures, o: { subtotalCents: number; discountCents: number; taxCents: number; totalCents: number; taxes: TaxAmounts }) {
  f.orderCount += 1;
  f.grossCents += o.subtotalCents;
  f.discountCents += o.discountCents;
  f.taxCents += o.taxCents;
  for (const k of TAX_KINDS) f.taxes[k] += o.taxes[k];
  f.collectedCents += o.totalCents;
}

function addRefund(f: SalesFigures, r: { subtotalCents: number; taxCents: number; totalCents: number; taxes: TaxAmounts }) {
  f.refundCount += 1;
  f.refundedCents += r.subtotalCents;
  f.refundedTaxCents += r.taxCents;
  for (const k of TAX_KINDS) f.refundedTaxes[k] += r.taxes[k];
  f.collectedCents -= r.totalCents;
}

function settle(f: SalesFigures): SalesFigures {
  f.netCents = f.grossCents - f.refundedCents;
  for (const k of TAX_KINDS) f.netTaxes[k] = f.taxes[k] - f.refundedTaxes[k];
  return f;
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const cents = (value: unknown): number | null => (typeof value === 'number' && Number.isInteger(value) ? value : null);

export function createSalesService(deps: Pick<Deps, 'database' | 'now'>) {
  const db = () => deps.database.db;

  /** The query's months, defaulting to the twelve months up to the current one. */
  function period(query: SalesQuery): { from: string; to: string } {
    const to = query.to ?? monthOf(deps.now());
    const from = query.from ?? monthFromIndex(monthIndex(to) - 11);
    // The schema checks a period given whole; one half given and the other defaulted is checked here.
    const problem = periodProblem(from, to);
    if (problem) throw new AppError('VALIDATION_FAILED', undefined, { [query.to ? 'from' : 'to']: problem });
    return { from, to };
  }

  async function load(query: SalesQuery) {
    const { from, to } = period(query);
    const { start, end, months } = monthRange(from, to);
    const [orders, refunds] = await Promise.all([repo.paidOrders(db(), { start, end }), repo.succeededRefunds(db(), { start, end })]);
    return {
      from,
      to,
      months,
      orders: orders.map((o) => ({ ...o, taxes: taxesByKind(o.taxLines) })),
      refunds: refunds.map((r) => ({ ...r, taxes: taxesByKind(r.taxLines) })),
    };
  }

  async function activeSubscribers(): Promise<number> {
    const now = deps.now();
    return (await repo.accessSubscriptions(db())).filter((s) => isActiveSubscription(s, now)).length;
  }

  async function recentRefunds(): Promise<AuditedRefund[]> {
    const rows = await listAudit(db(), { actionPrefix: 'order.refund', limit: RECENT_REFUNDS, offset: 0 });
    const ids = rows.map((r) => text(r.details.refundId)).filter((id): id is string => id !== null);
    const found = new Map((await repo.refundsByIds(db(), ids)).map((r) => [r.id, r]));
    return rows.map((r) => {
      const refundId = text(r.details.refundId);
      const refund = refundId ? found.get(refundId) : undefined;
      return {
        id: r.id,
        at: toIso(r.createdAt),
        actorEmail: r.actorEmail,
        orderId: r.targetId,
        orderNumber: refund?.orderNumber ?? null,
        refundId,
        refundNumber: refund?.number ?? null,
        totalCents: cents(r.details.totalCents),
        reason: text(r.details.reason),
        status: refund?.status ?? null,
      };
    });
  }

  return {
    async summary(query: SalesQuery): Promise<SalesResponse> {
      const [{ from, to, months, orders, refunds }, subscribers, recent] = await Promise.all([load(query), activeSubscribers(), recentRefunds()]);
      const byMonth = new Map(months.map((m) => [m, emptyFigures()]));
      const totals = emptyFigures();
      for (const o of orders) {
        addSale(byMonth.get(monthOf(o.paidAt!))!, o);
        addSale(totals, o);
      }
      for (const r of refunds) {
        addRefund(byMonth.get(monthOf(r.succeededAt!))!, r);
        addRefund(totals, r);
      }
      return {
        from,
        to,
        months: months.map((month) => ({ month, ...settle(byMonth.get(month)!) })),
        totals: settle(totals),
        activeSubscribers: subscribers,
        recentRefunds: recent,
      };
    },

    async csv(query: SalesQuery): Promise<{ filename: string; body: string }> {
      const { from, to, orders, refunds } = await load(query);
      return { filename: `toque-ventes-${from}-a-${to}.csv`, body: salesCsv(orders, refunds) };
    },
  };
}

export type SalesService = ReturnType<typeof createSalesService>;
