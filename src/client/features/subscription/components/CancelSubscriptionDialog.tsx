// The cancellation, said plainly before it is confirmed (spec §4: irreversible): the subscription is
// not renewed, access stays until the end of the period already paid. The dialog stays open while
// the request runs; its answer is the spec's toast (success or 'Erreur d'annulation'). Before the
// cancellation goes through, the « save » offer (a setting) may be shown once instead: taken, the
// next invoice is discounted once and nothing is cancelled; declined, the cancellation goes on.
import { useState } from 'react';
import type { SaveOfferView } from '@shared/schemas/subscription';
import { formatLongDate } from '@shared/format';
import { Button } from '@client/components/ui/Button';
import { FormAlert } from '@client/components/ui/FormAlert';
import { notifyError, notifySuccess } from '@client/lib/notify';
import { useCancelSubscription } from '../api';
import { Modal } from '@client/components/ui/Modal';
import { runMutation } from '@client/lib/run-mutation';

type CancelSubscriptionDialogProps = {
  open: boolean;
  periodEnd: string | null;
  onClose: () => void;
};

export function CancelSubscriptionDialog({ open, periodEnd, onClose }: CancelSubscriptionDialogProps) {
  const cancel = useCancelSubscription();
  const [failure, setFailure] = useState<string | null>(null);
  const [offer, setOffer] = useState<SaveOfferView | null>(null);

  const close = () => {
    setFailure(null);
    setOffer(null);
    onClose();
  };

  const confirm = (answer: 'ask' | 'accept' | 'decline') => {
    setFailure(null);
    runMutation(cancel, answer, {
      onSuccess: (result) => {
        if (result.outcome === 'offer' && result.offer) {
          setOffer(result.offer);
          return;
        }
        if (result.outcome === 'saved') notifySuccess('Offre appliquée', `${result.offer?.label ?? 'Votre rabais'} : il sera appliqué à votre prochaine facture.`);
        else notifySuccess('Abonnement annulé', 'Votre abonnement a été annulé et ne sera pas renouvelé.');
        close();
      },
      onError: (error) => {
        setFailure(error.message);
        notifyError("Erreur d'annulation", error.message);
      },
    });
  };

  return (
    <Modal open={open} onClose={close} busy={cancel.isPending} title={offer ? 'Avant de partir\u00a0: une offre pour vous' : 'Annuler votre abonnement\u00a0?'}>
      {offer ? (
        <div className="space-y-4">
          <p className="rounded-2xl border border-herb/30 bg-herb/10 p-4 text-lg font-semibold text-ink">{offer.label}</p>
          <p className="text-ink">
            Restez abonné : votre prochaine facture sera réduite de {offer.percent} %, une seule fois. Vous pourrez toujours annuler plus tard.
          </p>
          {failure ? <FormAlert>{failure}</FormAlert> : null}
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={() => confirm('decline')} loading={cancel.isPending && cancel.variables === 'decline'} disabled={cancel.isPending}>
              Non merci, annuler
            </Button>
            <Button onClick={() => confirm('accept')} loading={cancel.isPending && cancel.variables === 'accept'} disabled={cancel.isPending}>
              Profiter de l'offre
            </Button>
          </div>
        </div>
      ) : (
      <div className="space-y-4">
        <p className="text-ink">
          Votre abonnement ne sera pas renouvelé. Vous gardez l'accès à tout le contenu Premium jusqu'au{' '}
          <strong className="font-semibold">{formatLongDate(periodEnd)}</strong>, puis il prendra fin.
        </p>
        <p className="rounded-2xl border border-red-200 bg-red-50 p-4 font-semibold text-red-900">
          Cette action est irréversible : pour retrouver l'accès ensuite, il faudra vous abonner de nouveau.
        </p>
        {failure ? <FormAlert>{failure}</FormAlert> : null}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={close} disabled={cancel.isPending}>
            Garder mon abonnement
          </Button>
          <Button onClick={() => confirm('ask')} loading={cancel.isPending}>
            Confirmer l'annulation
          </Button>
        </div>
      </div>
      )}
    </Modal>
  );
}
