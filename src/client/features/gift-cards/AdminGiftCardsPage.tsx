// /admin/cartes-cadeaux (inside the « Ventes » tab): every gift card, found by buyer, recipient,
// order number or the end of its code, filtered by status; « Renvoyer » sends its e-mail again to
// its recipient; « Annuler et rembourser » voids an unused card and refunds its buyer (audited).
import { Gift } from 'lucide-react';
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { CHEF_TIME_ZONE, formatPrice, formatSessionDateTime } from '@shared/format';
import { GIFT_CARD_STATUS_LABELS, GIFT_CARD_STATUSES, type GiftCardStatus, giftCardKindLabel, membershipGiftLabel } from '@shared/gift-cards';
import type { AdminGiftCardView } from '@shared/schemas/gift-cards';
import { AdminShell } from '@client/app/layout/AdminShell';
import { Button } from '@client/components/ui/Button';
import { EmptyState } from '@client/components/ui/EmptyState';
import { ErrorPanel } from '@client/components/ui/ErrorPanel';
import { TextField } from '@client/components/ui/TextField';
import type { ApiError } from '@client/lib/api';
import { notifyError, notifySuccess } from '@client/lib/notify';
import { usePageTitle } from '@client/lib/use-page-title';
import { fetchAdminGiftCards, resendGiftCard, voidGiftCard } from './api';

const when = (iso: string | null) => (iso ? formatSessionDateTime(iso, CHEF_TIME_ZONE) : 'N/A');

function delivery(card: AdminGiftCardView): string {
  if (card.status === 'pending') return 'Après le paiement';
  if (!card.deliveredAt) return `Prévue le ${when(card.deliverAt)}`;
  return `Envoyée le ${when(card.deliveredAt)}${card.openedAt ? ' · ouverte' : ''}`;
}

export default function AdminGiftCardsPage() {
  usePageTitle('Cartes-cadeaux');
  const [q, setQ] = useState('');
  const [status, setStatus] = useState<GiftCardStatus | ''>('');
  const client = useQueryClient();
  const query = useQuery<Awaited<ReturnType<typeof fetchAdminGiftCards>>, ApiError>({
    queryKey: ['admin', 'gift-cards', q, status],
    queryFn: ({ signal }) => fetchAdminGiftCards({ q: q.trim() || undefined, status: status || undefined }, signal),
  });
  const refresh = () => client.invalidateQueries({ queryKey: ['admin', 'gift-cards'] });
  const resend = useMutation<unknown, ApiError, AdminGiftCardView>({
    mutationFn: (card) => resendGiftCard(card.id, crypto.randomUUID()),
    onSuccess: (_, card) => notifySuccess('Carte-cadeau renvoyée', `Envoyée de nouveau à ${card.recipientEmail}.`),
    onError: (e) => notifyError('Envoi impossible', e.message),
  });
  const cancel = useMutation<unknown, ApiError, AdminGiftCardView>({
    mutationFn: (card) => voidGiftCard(card.id, '', crypto.randomUUID()),
    onSuccess: () => {
      notifySuccess('Carte-cadeau annulée', "Son montant est remboursé à la personne qui l'a achetée.");
      void refresh();
    },
    onError: (e) => notifyError('Annulation impossible', e.message),
  });
  const cards = query.data?.giftCards ?? [];

  return (
    <AdminShell>
      <div className="space-y-6">
        <div>
          <h2 className="text-2xl font-semibold text-ink">Cartes-cadeaux</h2>
          <p className="mt-1 text-muted">
            Les cartes vendues, leur envoi et leur usage. Une carte inutilisée peut être annulée : son achat est remboursé. <Link className="font-semibold text-brand-700 underline-offset-4 hover:underline" to="/admin/ventes">Retour aux ventes</Link>
          </p>
        </div>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <TextField className="flex-1" label="Rechercher" placeholder="Nom, courriel, n° de commande ou fin du code" value={q} onChange={(e) => setQ(e.target.value)} />
          <div className="flex flex-col gap-1.5">
            <label htmlFor="gift-status" className="text-sm font-semibold text-ink">
              Statut
            </label>
            <select id="gift-status" value={status} onChange={(e) => setStatus(e.target.value as GiftCardStatus | '')} className="h-11 rounded-xl border border-line bg-white px-3 text-ink">
              <option value="">Tous</option>
              {GIFT_CARD_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {GIFT_CARD_STATUS_LABELS[s]}
                </option>
              ))}
            </select>
          </div>
        </div>
        {query.isError ? (
          <ErrorPanel title="Impossible de charger les cartes-cadeaux." message={query.error.message} onRetry={() => void query.refetch()} />
        ) : !query.isPending && cards.length === 0 ? (
          <EmptyState icon={<Gift className="size-10" />} title="Aucune carte-cadeau." titleAs="h3" hint="Les cartes achetées depuis « Offrir un cours » apparaîtront ici." />
        ) : (
          <ul className="space-y-3" aria-label="Cartes-cadeaux">
            {cards.map((card) => (
              <li key={card.id} className="rounded-2xl border border-line bg-white p-4 shadow-sm">
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div className="min-w-0">
                    <p className="font-semibold text-ink">
                      {giftCardKindLabel(card)} · {formatPrice(card.amountCents)} · {GIFT_CARD_STATUS_LABELS[card.status]}
                      {card.codeHint ? <span className="ml-2 font-mono text-sm text-muted">{card.codeHint}</span> : null}
                    </p>
                    <p className="text-sm text-ink">
                      De {card.buyerName} ({card.buyerEmail}) pour {card.recipientName} ({card.recipientEmail})
                    </p>
                    <p className="text-sm text-muted">
                      <Link className="underline-offset-4 hover:underline" to={`/admin/commandes/${card.orderId}`}>
                        Commande n° {card.orderNumber}
                      </Link>{' '}
                      · {delivery(card)}
                      {card.redeemedAt ? ` · ajoutée au crédit de ${card.redeemedByEmail ?? 'N/A'} le ${when(card.redeemedAt)}` : ''}
                    </p>
                  </div>
                  <div className="flex flex-wrap gap-2">
                    {card.status === 'active' || card.status === 'redeemed' ? (
                      <Button size="sm" variant="secondary" disabled={resend.isPending} onClick={() => resend.mutate(card)}>
                        Renvoyer
                      </Button>
                    ) : null}
                    {card.status === 'active' ? (
                      <Button
                        size="sm"
                        variant="secondary"
                        disabled={cancel.isPending}
                        onClick={() => {
                          if (window.confirm(`Annuler la carte de ${card.kind === 'membership' ? membershipGiftLabel(card.membershipMonths ?? 0) : formatPrice(card.amountCents)} et rembourser ${card.buyerName} ?`)) cancel.mutate(card);
                        }}
                      >
                        Annuler et rembourser
                      </Button>
                    ) : null}
                  </div>
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
    </AdminShell>
  );
}
