// /mes-achats — Mes Achats (spec: purchase history): the courses the person bought, newest first,
// with their receipts; refunded ones stay listed with their credit note. A placeholder list while
// loading, the spec's panel and toast when the list cannot load, an empty state otherwise. A buyer
// with « Crédit Toque » sees its balance with a link to « Mon crédit » (decision 0038).
import { ShoppingBag, Wallet } from 'lucide-react';
import { Link } from 'react-router';
import { formatPrice } from '@shared/format';
import type { CreditResponse } from '@shared/schemas/credit';
import { useApiQuery } from '@client/lib/use-api-query';
import { ButtonLink } from '@client/components/ui/Button';
import { EmptyState } from '@client/components/ui/EmptyState';
import { ErrorPanel } from '@client/components/ui/ErrorPanel';
import { PageHeader } from '@client/components/ui/PageHeader';
import { PurchasedGiftCards } from '@client/features/gift-cards';
import { Skeleton } from '@client/components/ui/Skeleton';
import { useErrorToast } from '@client/lib/use-error-toast';
import { usePageTitle } from '@client/lib/use-page-title';
import { usePurchases } from './api';
import { PurchaseCard } from './components/PurchaseCard';

export default function PurchasesPage() {
  usePageTitle('Mes Achats');
  const query = usePurchases();
  useErrorToast(query.error, 'Erreur');
  const purchases = query.data?.purchases ?? [];

  return (
    <div className="mx-auto min-h-[60vh] w-full max-w-4xl px-4 py-8 sm:px-6 sm:py-10">
      <PageHeader
        title="Mes Achats"
        // Spec §9: every live class is recorded, and its recording is found here.
        subtitle="Tous les cours en direct sont enregistrés : leur enregistrement est disponible ici."
      />
      <CreditBalance />
      {query.isPending ? (
        <div role="status" aria-label="Chargement de vos achats" className="space-y-4">
          {Array.from({ length: 3 }, (_, i) => (
            <PurchaseSkeleton key={i} />
          ))}
        </div>
      ) : query.isError ? (
        <ErrorPanel title="Impossible de charger vos achats." message={query.error.message} onRetry={() => void query.refetch()} />
      ) : purchases.length === 0 ? (
        <EmptyState
          icon={<ShoppingBag className="size-10" />}
          title="Vous n'avez encore rien acheté."
          titleAs="h2"
          hint="Vos cours achetés, leurs reçus et les enregistrements des cours en direct apparaîtront ici."
          action={<ButtonLink to="/cours">Voir les cours</ButtonLink>}
        />
      ) : (
        <ul className="space-y-4" aria-label="Mes achats">
          {purchases.map((purchase, i) => (
            <li key={purchase.id}>
              <PurchaseCard purchase={purchase} priority={i === 0} />
            </li>
          ))}
        </ul>
      )}
      <PurchasedGiftCards />
    </div>
  );
}

/** « Crédit Toque : X disponibles », linking to « Mon crédit »; nothing without a balance. */
function CreditBalance() {
  const credit = useApiQuery<CreditResponse>('/account/credit', { limit: 1 }, { retry: false });
  const balance = credit.data?.balanceCents ?? 0;
  if (balance <= 0) return null;
  return (
    <p className="mb-6 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-2xl border border-line bg-white px-5 py-4 text-ink shadow-sm">
      <Wallet aria-hidden="true" className="size-5 shrink-0 text-brand-700" />
      <span>
        Crédit Toque : <strong className="tabular-nums">{formatPrice(balance)}</strong> disponibles
      </span>
      <Link to="/account#mon-credit" className="font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-800">
        Voir mon crédit
      </Link>
    </p>
  );
}

function PurchaseSkeleton() {
  return (
    <div
      aria-hidden="true"
      className="grid grid-cols-[5rem_minmax(0,1fr)] gap-x-4 gap-y-3 overflow-hidden rounded-2xl border border-line bg-white p-4 sm:grid-cols-[14rem_minmax(0,1fr)] sm:gap-x-5 sm:p-0"
    >
      <Skeleton className="size-20 sm:row-span-3 sm:h-full sm:min-h-40 sm:w-full sm:rounded-none" />
      <div className="space-y-2 sm:pr-5 sm:pt-5">
        <Skeleton className="h-5 w-24 rounded-full" />
        <Skeleton className="h-6 w-3/4" />
      </div>
      <Skeleton className="col-span-2 h-4 w-1/2 sm:col-span-1 sm:col-start-2" />
      <Skeleton className="col-span-2 h-9 w-48 rounded-full sm:col-span-1 sm:col-start-2 sm:mb-5" />
    </div>
  );
}
