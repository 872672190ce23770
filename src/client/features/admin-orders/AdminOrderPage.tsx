// /admin/commandes/:orderId — one order for the admin: its lines, taxes, payment, receipt and
// refunds; 'Rembourser' per line and 'Tout rembourser'. While a refund waits for the payment
// provider's event the page reads the order again until it has landed.
import { ChevronLeft, ExternalLink, FileDown, RotateCcw } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { formatLongDate } from '@shared/format';
import { provinceName } from '@shared/provinces';
import { AdminShell } from '@client/app/layout/AdminShell';
import { Button, ButtonLink, buttonClass } from '@client/components/ui/Button';
import { Card } from '@client/components/ui/Card';
import { ErrorPanel } from '@client/components/ui/ErrorPanel';
import { Skeleton } from '@client/components/ui/Skeleton';
import { Spinner } from '@client/components/ui/Spinner';
import { useErrorToast } from '@client/lib/use-error-toast';
import { usePageTitle } from '@client/lib/use-page-title';
import { useAdminOrder } from './api';
import { OrderStatusBadge } from './components/OrderStatusBadge';
import { OrderSummary } from './components/OrderSummary';
import { RefundDialog, type RefundTarget } from './components/RefundDialog';
import { RefundsList } from './components/RefundsList';
import { hasPendingRefund, isRefundable, paymentMethodLabel } from './labels';

export default function AdminOrderPage() {
  const { orderId = '' } = useParams();
  const query = useAdminOrder(orderId);
  const order = query.data?.order;
  const buyer = query.data ? { buyerName: query.data.buyer.name, buyerEmail: query.data.buyer.email } : null;
  const [target, setTarget] = useState<RefundTarget | null>(null);
  const notFound = query.error?.status === 404;
  usePageTitle(order ? `Commande n° ${order.number}` : notFound ? 'Commande introuvable' : 'Commande');
  useErrorToast(notFound ? null : query.error, 'Erreur');

  const back = (
    <ButtonLink to="/admin/commandes" variant="ghost" size="sm" className="-ml-3 mb-4">
      <ChevronLeft aria-hidden="true" className="size-4" />
      Toutes les commandes
    </ButtonLink>
  );

  if (query.isPending) {
    return (
      <Shell back={back}>
        <div role="status" aria-label="Chargement de la commande" className="space-y-4">
          <Skeleton className="h-10 w-64" />
          <Skeleton className="h-64 w-full" />
        </div>
      </Shell>
    );
  }
  if (!order) {
    return (
      <Shell back={back}>
        <h2 className="sr-only">Commande</h2>
        <ErrorPanel
          title={notFound ? 'Cette commande est introuvable.' : 'Impossible de charger la commande.'}
          message={query.error?.message}
          onRetry={notFound ? undefined : () => void query.refetch()}
        />
      </Shell>
    );
  }

  const pending = hasPendingRefund(order);
  // One refund at a time: what is left to refund is known once the previous one has landed.
  const refundable = isRefundable(order) && !pending;

  return (
    <Shell back={back}>
      <header className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <div className="flex flex-wrap items-center gap-3">
            <h2 className="text-2xl font-semibold text-ink sm:text-3xl">Commande n°&nbsp;{order.number}</h2>
            <OrderStatusBadge status={order.status} />
          </div>
          <p className="mt-2 text-muted">
            Passée le {formatLongDate(order.createdAt)}
            {order.paidAt ? ` · payée le ${formatLongDate(order.paidAt)}` : ''}
          </p>
        </div>
        {refundable ? (
          <Button onClick={() => setTarget({ kind: 'all' })} className="shrink-0">
            <RotateCcw aria-hidden="true" className="size-4" />
            Tout rembourser
          </Button>
        ) : null}
      </header>

      {pending ? (
        <div role="status" className="mb-6 flex items-center gap-3 rounded-2xl border border-saffron/60 bg-saffron/10 px-4 py-3 text-ink">
          <Spinner className="size-4 text-brand-700" />
          Remboursement en cours : il sera confirmé dès que le prestataire de paiement l'aura traité.
        </div>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0 space-y-6">
          <OrderSummary order={order} refundable={refundable} onRefundLine={(lineId) => setTarget({ kind: 'line', lineId })} />
          <RefundsList refunds={order.refunds} />
        </div>
        <Card as="section" aria-labelledby="order-payment" className="h-fit p-5 sm:p-6">
          <h3 id="order-payment" className="text-xl font-semibold text-ink">
            Paiement
          </h3>
          <dl className="mt-3 space-y-3 text-sm">
            {buyer ? (
              <Fact label="Acheteur">
                <span className="block">{buyer.buyerName}</span>
                <span className="block break-all text-muted">{buyer.buyerEmail}</span>
              </Fact>
            ) : null}
            <Fact label="Moyen de paiement">{paymentMethodLabel(order.paymentMethod)}</Fact>
            <Fact label="Province de l'acheteur">{provinceName(order.province) ?? order.province}</Fact>
            {order.failureMessage ? <Fact label="Dernier refus">{order.failureMessage}</Fact> : null}
          </dl>
          {order.receiptUrl || order.receiptPdfUrl ? (
            <div className="mt-5 flex flex-wrap gap-2">
              {order.receiptUrl ? (
                <a href={order.receiptUrl} target="_blank" rel="noopener" className={buttonClass({ variant: 'secondary', size: 'sm' })}>
                  <ExternalLink aria-hidden="true" className="size-4" />
                  Reçu<span className="sr-only"> (nouvel onglet)</span>
                </a>
              ) : null}
              {order.receiptPdfUrl ? (
                <a href={order.receiptPdfUrl} download className={buttonClass({ variant: 'secondary', size: 'sm' })}>
                  <FileDown aria-hidden="true" className="size-4" />
                  PDF<span className="sr-only"> du reçu</span>
                </a>
              ) : null}
            </div>
          ) : null}
        </Card>
      </div>

      <RefundDialog order={order} target={target} buyerName={buyer?.buyerName ?? null} onClose={() => setTarget(null)} />
    </Shell>
  );
}

/** Inside the admin's shell, so its tabs stay at hand; the order is the page's second heading. */
function Shell({ back, children }: { back: ReactNode; children: ReactNode }) {
  return (
    <AdminShell>
      {back}
      {children}
    </AdminShell>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="font-semibold text-ink">{label}</dt>
      <dd className="mt-0.5 text-ink">{children}</dd>
    </div>
  );
}
