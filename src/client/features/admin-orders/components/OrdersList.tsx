// One page of orders: a table on wide screens, a list of cards on phones (a six-column table does
// not fit 390 px). Each order's number leads to its page.
import { Link } from 'react-router';
import { formatLongDate, formatPrice } from '@shared/format';
import type { AdminOrderSummary } from '@shared/schemas/checkout';
import { OrderStatusBadge } from './OrderStatusBadge';

function OrderLink({ order, className }: { order: AdminOrderSummary; className?: string }) {
  return (
    <Link to={`/admin/commandes/${order.id}`} className={className}>
      Commande n°&nbsp;{order.number}
    </Link>
  );
}

const linkClass = 'font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-800';

export function OrdersList({ orders }: { orders: AdminOrderSummary[] }) {
  return (
    <>
      <div className="hidden overflow-hidden rounded-2xl border border-line bg-white shadow-sm md:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Commandes, les plus récentes d'abord</caption>
          <thead className="border-b border-line bg-cream text-xs uppercase tracking-wide text-muted">
            <tr>
              <th scope="col" className="px-4 py-3 font-semibold">Numéro</th>
              <th scope="col" className="px-4 py-3 font-semibold">Date</th>
              <th scope="col" className="px-4 py-3 font-semibold">Acheteur</th>
              <th scope="col" className="px-4 py-3 font-semibold">Description</th>
              <th scope="col" className="px-4 py-3 text-right font-semibold">Total</th>
              <th scope="col" className="px-4 py-3 font-semibold">Statut</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {orders.map((order) => (
              <tr key={order.id} className="align-top hover:bg-brand-50/40">
                <td className="whitespace-nowrap px-4 py-3">
                  <OrderLink order={order} className={linkClass} />
                </td>
                <td className="whitespace-nowrap px-4 py-3 text-ink">{formatLongDate(order.createdAt)}</td>
                <td className="px-4 py-3">
                  <span className="block font-medium text-ink">{order.buyerName}</span>
                  <span className="block break-all text-muted">{order.buyerEmail}</span>
                </td>
                <td className="px-4 py-3 text-ink">{order.description}</td>
                <td className="whitespace-nowrap px-4 py-3 text-right font-semibold text-ink">{formatPrice(order.totalCents)}</td>
                <td className="px-4 py-3">
                  <OrderStatusBadge status={order.status} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul className="space-y-3 md:hidden" aria-label="Commandes">
        {orders.map((order) => (
          <li key={order.id} className="rounded-2xl border border-line bg-white p-4 shadow-sm">
            <div className="flex items-start justify-between gap-3">
              <OrderLink order={order} className={linkClass} />
              <OrderStatusBadge status={order.status} />
            </div>
            <p className="mt-2 text-ink">{order.description}</p>
            <p className="mt-1 text-sm text-muted">
              {order.buyerName} · <span className="break-all">{order.buyerEmail}</span>
            </p>
            <div className="mt-2 flex items-baseline justify-between gap-3 text-sm">
              <span className="text-muted">{formatLongDate(order.createdAt)}</span>
              <span className="font-semibold text-ink">{formatPrice(order.totalCents)}</span>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
