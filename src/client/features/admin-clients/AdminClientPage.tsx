// /admin/clients/:userId — one customer for the chef: who they are, her private notes, their orders
// with receipts (« Renvoyer le reçu », « Rembourser » through the orders' own refund dialog), their
// seats (« Annuler la place »: the seat's line refunded in full, the admin's cancel path), their
// memberships and how many recipes they keep in favourites.
import { ChevronLeft, ExternalLink, Heart, Mail } from 'lucide-react';
import { useId, useRef, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { formatLongDate, formatPrice } from '@shared/format';
import { provinceName } from '@shared/provinces';
import type { AdminClientBooking, AdminClientOrder, AdminClientResponse } from '@shared/schemas/admin-clients';
import type { ReservationCancelReason } from '@shared/schemas/reservations';
import { AdminShell } from '@client/app/layout/AdminShell';
import { Badge } from '@client/components/ui/Badge';
import { Button, ButtonLink, buttonClass } from '@client/components/ui/Button';
import { Card } from '@client/components/ui/Card';
import { ErrorPanel } from '@client/components/ui/ErrorPanel';
import { Skeleton } from '@client/components/ui/Skeleton';
import { notifyError, notifyInfo, notifySuccess } from '@client/lib/notify';
import { sessionWhen } from '@client/lib/session-when';
import { useErrorToast } from '@client/lib/use-error-toast';
import { usePageTitle } from '@client/lib/use-page-title';
import { OrderRefundButton, OrderStatusBadge } from '@client/features/admin-orders';
import { useAdminClient, useRefreshClient, useResendReceipt } from './api';
import { ClientCredit } from './components/ClientCredit';
import { ClientNotes } from './components/ClientNotes';
import { BOOKING_LABELS, MEMBERSHIP_LABELS, MEMBERSHIP_TONES, ROLE_LABELS } from './labels';
import { runMutation } from '@client/lib/run-mutation';

const CANCEL_REASONS: Record<ReservationCancelReason, string> = {
  learner_refunded: 'annulée par le client, remboursée',
  learner_no_refund: 'annulée par le client, sans remboursement',
  admin_refunded: 'annulée et remboursée par l’administration',
  session_cancelled: 'séance annulée, remboursée',
  no_seat: 'paiement arrivé trop tard, remboursé',
  released: 'place rendue avant paiement',
  transferred_to_credit: 'transférée en crédit Toque',
};

export default function AdminClientPage() {
  const { userId = '' } = useParams();
  const query = useAdminClient(userId);
  const notFound = query.error?.status === 404;
  usePageTitle(query.data ? `${query.data.client.name} — Clients` : notFound ? 'Client introuvable' : 'Client');
  useErrorToast(notFound ? null : query.error, 'Erreur');

  const back = (
    <ButtonLink to="/admin/clients" variant="ghost" size="sm" className="-ml-3 mb-4">
      <ChevronLeft aria-hidden="true" className="size-4" />
      Tous les clients
    </ButtonLink>
  );

  return (
    <AdminShell>
      {back}
      {query.isPending ? (
        <div role="status" aria-label="Chargement du client" className="space-y-4">
          <Skeleton className="h-10 w-64" />
          <Skeleton className="h-48 w-full" />
        </div>
      ) : !query.data ? (
        <>
          <h2 className="sr-only">Client</h2>
          <ErrorPanel
            title={notFound ? 'Ce client est introuvable.' : 'Impossible de charger ce client.'}
            message={query.error?.message}
            onRetry={notFound ? undefined : () => void query.refetch()}
          />
        </>
      ) : (
        <ClientView userId={userId} data={query.data} />
      )}
    </AdminShell>
  );
}

function ClientView({ userId, data }: { userId: string; data: AdminClientResponse }) {
  const { client } = data;
  const refresh = useRefreshClient(userId);
  return (
    <div className="space-y-6">
      <header className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-3">
          <h2 className="text-2xl font-semibold text-ink sm:text-3xl">{client.name}</h2>
          {client.role !== 'learner' ? <Badge tone="dark">{ROLE_LABELS[client.role]}</Badge> : null}
          {client.membership ? <Badge tone={MEMBERSHIP_TONES[client.membership]}>{MEMBERSHIP_LABELS[client.membership]}</Badge> : null}
        </div>
        <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2 lg:grid-cols-4">
          <Fact label="Courriel">
            <a href={`mailto:${client.email}`} className="break-all text-brand-800 underline-offset-4 hover:underline">
              {client.email}
            </a>
          </Fact>
          <Fact label="Province">{client.province ? (provinceName(client.province) ?? client.province) : 'Non indiquée'}</Fact>
          <Fact label="Client depuis le">{formatLongDate(client.since)}</Fact>
          <Fact label="Recettes favorites">
            <span className="inline-flex items-center gap-1">
              <Heart aria-hidden="true" className="size-4 text-brand-700" />
              {data.favoriteCount}
            </span>
          </Fact>
        </dl>
      </header>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="min-w-0 space-y-6">
          <Orders userId={userId} buyerName={client.name} orders={data.orders} onChanged={refresh} />
          <Bookings buyerName={client.name} bookings={data.bookings} onChanged={refresh} />
          <Memberships data={data} />
        </div>
        <div className="min-w-0 space-y-6">
          <ClientCredit userId={userId} credit={data.credit} />
          <ClientNotes userId={userId} notes={data.notes} />
        </div>
      </div>
    </div>
  );
}

function Section({ title, children, empty }: { title: string; children: ReactNode; empty: string | null }) {
  const id = useId();
  return (
    <Card as="section" aria-labelledby={id} className="p-5 sm:p-6">
      <h3 id={id} className="text-xl font-semibold text-ink">
        {title}
      </h3>
      {empty ? <p className="mt-3 text-sm text-muted">{empty}</p> : children}
    </Card>
  );
}

function Orders({ userId, buyerName, orders, onChanged }: { userId: string; buyerName: string; orders: AdminClientOrder[]; onChanged: () => void }) {
  return (
    <Section title="Commandes et reçus" empty={orders.length === 0 ? 'Aucune commande.' : null}>
      <ul className="mt-3 divide-y divide-line">
        {orders.map((order) => (
          <li key={order.id} className="py-3">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="font-semibold text-ink">
                <Link to={`/admin/commandes/${order.id}`} className="hover:text-brand-800 hover:underline">
                  Commande n°&nbsp;{order.number}
                </Link>
                <span className="ml-2 font-normal text-muted">{formatPrice(order.totalCents)}</span>
              </p>
              <OrderStatusBadge status={order.status} />
            </div>
            <p className="text-sm text-ink">{order.description}</p>
            <p className="text-sm text-muted">{order.paidAt ? `Payée le ${formatLongDate(order.paidAt)}` : `Passée le ${formatLongDate(order.createdAt)}`}</p>
            <div className="mt-2 flex flex-wrap gap-2">
              {order.receiptUrl ? (
                <a href={order.receiptUrl} target="_blank" rel="noopener" className={buttonClass({ variant: 'ghost', size: 'sm' })}>
                  <ExternalLink aria-hidden="true" className="size-4" />
                  Reçu<span className="sr-only"> de la commande n° {order.number} (nouvel onglet)</span>
                </a>
              ) : null}
              {order.receiptUrl ? <ResendReceipt userId={userId} order={order} /> : null}
              {order.refundable ? (
                <OrderRefundButton orderId={order.id} buyerName={buyerName} onClosed={onChanged} aria-label={`Rembourser la commande n° ${order.number}`}>
                  Rembourser
                </OrderRefundButton>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** One click, one e-mail: a second click while the first is on its way carries the same key. */
function ResendReceipt({ userId, order }: { userId: string; order: AdminClientOrder }) {
  const resend = useResendReceipt(userId);
  const key = useRef<string | null>(null);
  const click = () => {
    key.current ??= crypto.randomUUID();
    runMutation(resend,
      { orderId: order.id, requestKey: key.current },
      {
        onSuccess: (res) => (res.sent ? notifySuccess('Reçu renvoyé', `Le lien du reçu part à ${res.to}.`) : notifyInfo('Reçu déjà renvoyé', `Le lien du reçu est déjà parti à ${res.to}.`)),
        onError: (e) => notifyError('Échec de l’envoi', e.message),
        onSettled: () => {
          key.current = null;
        },
      },
    );
  };
  return (
    <Button variant="ghost" size="sm" loading={resend.isPending} onClick={click} aria-label={`Renvoyer le reçu de la commande n° ${order.number} par courriel`}>
      <Mail aria-hidden="true" className="size-4" />
      Renvoyer le reçu
    </Button>
  );
}

function Bookings({ buyerName, bookings, onChanged }: { buyerName: string; bookings: AdminClientBooking[]; onChanged: () => void }) {
  return (
    <Section title="Réservations" empty={bookings.length === 0 ? 'Aucune réservation.' : null}>
      <ul className="mt-3 divide-y divide-line">
        {bookings.map((b) => (
          <li key={b.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
            <div className="min-w-0">
              <p className="font-semibold text-ink">{b.courseTitle}</p>
              {/* In the viewer's zone, named (« 18 h 30 HNE »), as everywhere a session's time shows. */}
              <p className="text-sm text-muted">
                <time dateTime={b.startsAt}>{sessionWhen(b.startsAt)}</time>
              </p>
              <p className="text-sm text-ink">
                {BOOKING_LABELS[b.status]}
                {b.cancelReason ? ` — ${CANCEL_REASONS[b.cancelReason]}` : ''}
                {b.payment ? <span className="text-muted"> · commande n°&nbsp;{b.payment.orderNumber}</span> : null}
              </p>
            </div>
            {b.cancellable && b.payment ? (
              <OrderRefundButton
                orderId={b.payment.orderId}
                lineId={b.payment.orderLineId}
                buyerName={buyerName}
                onClosed={onChanged}
                className="shrink-0 self-start sm:self-center"
                aria-label={`Annuler la place du cours « ${b.courseTitle} » et la rembourser (${formatPrice(b.payment.leftCents)} avant taxes)`}
              >
                Annuler la place
              </OrderRefundButton>
            ) : null}
          </li>
        ))}
      </ul>
    </Section>
  );
}

function Memberships({ data }: { data: AdminClientResponse }) {
  return (
    <Section title="Abonnement" empty={data.memberships.length === 0 ? 'Jamais abonné.' : null}>
      <ul className="mt-3 divide-y divide-line">
        {data.memberships.map((m) => (
          <li key={m.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
            <p className="text-sm text-ink">
              Commencé le {formatLongDate(m.createdAt)}
              {m.endedAt
                ? ` · terminé le ${formatLongDate(m.endedAt)}`
                : m.currentPeriodEnd
                  ? ` · ${m.state === 'cancelling' ? 'se termine' : 'se renouvelle'} le ${formatLongDate(m.currentPeriodEnd)}`
                  : ''}
            </p>
            <Badge tone={MEMBERSHIP_TONES[m.state]}>{MEMBERSHIP_LABELS[m.state]}</Badge>
          </li>
        ))}
      </ul>
    </Section>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex gap-1.5">
      <dt className="text-muted">{label} :</dt>
      <dd className="min-w-0 text-ink">{children}</dd>
    </div>
  );
}
