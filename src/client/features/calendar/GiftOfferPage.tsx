// /places-offertes/:transferId?signature= — a booking offered by e-mail (docs/decisions/0051): the
// recipient, once signed in (or signed up: the guard opens the sign-in and comes back here), sees
// the class and accepts; the booking is theirs from then on (the kit and the reminders go to them).
import { Gift } from 'lucide-react';
import { Link, useParams, useSearchParams } from 'react-router';
import { seatsLabel } from '@shared/booking';
import { Button, ButtonLink } from '@client/components/ui/Button';
import { ErrorPanel } from '@client/components/ui/ErrorPanel';
import { FormAlert } from '@client/components/ui/FormAlert';
import { PageHeader } from '@client/components/ui/PageHeader';
import { Skeleton } from '@client/components/ui/Skeleton';
import { notifySuccess } from '@client/lib/notify';
import { runMutation } from '@client/lib/run-mutation';
import { sessionWhen } from '@client/lib/session-when';
import { usePageTitle } from '@client/lib/use-page-title';
import { useAcceptGift, useGiftOffer } from './transfer-api';

export default function GiftOfferPage() {
  const { transferId = '' } = useParams();
  const [params] = useSearchParams();
  const signature = params.get('signature') ?? '';
  const query = useGiftOffer(transferId, signature);
  const accept = useAcceptGift();
  usePageTitle('Place offerte');
  const gift = query.data?.gift;
  const accepted = accept.isSuccess || gift?.status === 'done';

  return (
    <div className="mx-auto min-h-[60vh] w-full max-w-2xl px-4 py-8 sm:px-6 sm:py-10">
      <PageHeader eyebrow="Cours en direct" title="Une place vous est offerte" />
      {query.isPending ? (
        <div role="status" aria-label="Chargement de l'offre" className="space-y-4">
          <Skeleton className="h-6 w-3/4" />
          <Skeleton className="h-32 w-full rounded-2xl" />
        </div>
      ) : query.isError ? (
        <ErrorPanel title="Cette offre n'est pas disponible." message={query.error.message} />
      ) : gift ? (
        <div className="space-y-5 rounded-2xl border border-line bg-white p-5 sm:p-6">
          <p className="flex items-start gap-3 text-ink">
            <Gift aria-hidden="true" className="mt-1 size-5 shrink-0 text-brand-700" />
            <span>
              <strong>{gift.fromName}</strong> vous offre sa réservation au cours « {gift.courseTitle} » du {sessionWhen(gift.startsAt)} ({seatsLabel(gift.seats)}).
              Elle est déjà payée.
            </span>
          </p>
          {accepted ? (
            <div className="space-y-3">
              <p role="status" className="rounded-2xl border border-green-200 bg-green-50 p-4 text-green-950">
                La place est à vous. La liste des ingrédients et les rappels vous seront envoyés par courriel.
              </p>
              <ButtonLink to="/calendrier">Voir Mon Calendrier</ButtonLink>
            </div>
          ) : gift.status === 'revoked' ? (
            <FormAlert>Cette offre a été reprise par la personne qui vous l&apos;avait faite.</FormAlert>
          ) : (
            <>
              {accept.error ? <FormAlert>{accept.error.message}</FormAlert> : null}
              <Button
                loading={accept.isPending}
                onClick={() => runMutation(accept, { transferId, signature }, { onSuccess: () => notifySuccess('Place acceptée', 'La réservation est maintenant à votre nom.') })}
              >
                Accepter la place
              </Button>
              <p className="text-sm text-muted">
                Vous n&apos;en voulez pas ? Ignorez simplement le courriel. <Link to="/cours" className="underline">Voir les cours</Link>
              </p>
            </>
          )}
        </div>
      ) : null}
    </div>
  );
}
