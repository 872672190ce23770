// « Abonnement offert jusqu'au … » (decision 0042): the gifted months of membership gift cards, in
// Mon Compte (beside « Ajouter une carte-cadeau », where they are activated). Reads GET
// /api/subscription under the dashboard's key, so activating a card refreshes it.
import { Gift } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatLongDate } from '@shared/format';
import type { SubscriptionResponse } from '@shared/schemas/subscription';
import { useAuth } from '@client/app/auth';
import { api, type ApiError } from '@client/lib/api';

/** The French line for gifted months: « Abonnement offert jusqu'au … » (from … when they start later). */
export function giftedMembershipText(gifted: NonNullable<SubscriptionResponse['gifted']>, now = new Date()): string {
  const until = `Abonnement offert jusqu'au ${formatLongDate(gifted.endsAt)}`;
  return new Date(gifted.startsAt).getTime() > now.getTime() ? `${until} (à partir du ${formatLongDate(gifted.startsAt)})` : until;
}

export function GiftedMembershipNotice({ className = '', showLink = true }: { className?: string; showLink?: boolean }) {
  const { status, user } = useAuth();
  const query = useQuery<SubscriptionResponse, ApiError>({
    queryKey: ['subscription', user?.id ?? 'visitor'],
    queryFn: ({ signal }) => api<SubscriptionResponse>('/subscription', { signal }),
    enabled: status === 'signed-in',
  });
  const gifted = query.data?.gifted;
  if (!gifted) return null;
  return (
    <div role="status" className={`${className} flex items-start gap-3 rounded-2xl border border-brand-100 bg-brand-50 p-4 text-ink`}>
      <Gift aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
      <p>
        <strong className="font-semibold">{giftedMembershipText(gifted)}</strong>
        <span className="block text-sm text-muted">
          Cours enregistrés inclus, recettes réservées aux abonnés et rabais des abonnés.
          {showLink ? (
            <>
              {' '}
              <Link to="/abonne/tableau-de-bord" className="font-semibold text-brand-700 underline-offset-4 hover:underline">
                Mon abonnement
              </Link>
            </>
          ) : null}
        </span>
      </p>
    </div>
  );
}
