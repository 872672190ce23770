// Mes Achats › « Cartes-cadeaux offertes »: each card bought, whom for, and whether it has been
// delivered and opened (the recipient opened its page or PDF through the e-mail's link).
import { Gift } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { formatPrice, formatSessionDateTime, CHEF_TIME_ZONE } from '@shared/format';
import { GIFT_CARD_STATUS_LABELS, membershipGiftLabel } from '@shared/gift-cards';
import type { PurchasedGiftCardView } from '@shared/schemas/gift-cards';
import { useAuth } from '@client/app/auth';
import { fetchPurchasedGiftCards } from './api';

function deliveryLine(card: PurchasedGiftCardView): string {
  if (card.status === 'voided') return 'Annulée et remboursée';
  if (!card.deliveredAt) return `Envoi prévu le ${formatSessionDateTime(card.deliverAt, CHEF_TIME_ZONE)}`;
  const sent = `Envoyée le ${formatSessionDateTime(card.deliveredAt, CHEF_TIME_ZONE)}`;
  return card.openedAt ? `${sent} · ouverte` : `${sent} · pas encore ouverte`;
}

export function PurchasedGiftCards() {
  const { status, user } = useAuth();
  const query = useQuery({
    queryKey: ['gift-cards', 'purchased', user?.id ?? 'visitor'],
    queryFn: ({ signal }) => fetchPurchasedGiftCards(signal),
    enabled: status === 'signed-in',
    refetchOnMount: 'always',
  });
  const cards = query.data?.giftCards ?? [];
  if (cards.length === 0) return null;
  return (
    <section aria-labelledby="gift-cards-title" className="mt-10">
      <h2 id="gift-cards-title" className="text-2xl font-semibold text-ink">
        Cartes-cadeaux offertes
      </h2>
      <ul className="mt-4 space-y-3">
        {cards.map((card) => (
          <li key={card.id} className="flex flex-wrap items-start gap-4 rounded-2xl border border-line bg-white p-4 shadow-sm">
            <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
              <Gift aria-hidden="true" className="size-6" />
            </span>
            <div className="min-w-0 flex-1">
              <p className="font-semibold text-ink">
                {card.kind === 'membership' ? membershipGiftLabel(card.membershipMonths ?? 0) : formatPrice(card.amountCents)} pour {card.recipientName}
              </p>
              <p className="text-sm text-muted">
                {card.recipientEmail}
                {card.courseTitle ? ` · cours suggéré : « ${card.courseTitle} »` : ''}
              </p>
              <p className="mt-1 text-sm text-ink">
                {GIFT_CARD_STATUS_LABELS[card.status]} · {deliveryLine(card)}
              </p>
            </div>
            <a href={card.receiptUrl} className="text-sm font-semibold text-brand-700 underline-offset-4 hover:underline">
              Voir le reçu
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
