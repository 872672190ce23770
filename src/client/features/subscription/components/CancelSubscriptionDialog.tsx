// The cancellation, said plainly before it is confirmed (spec §4: irreversible): the subscription is
// not renewed, access stays until the end of the period already paid. The dialog stays open while
// the request runs; its answer is the spec's toast (success or 'Erreur d'annulation').
import { useState } from 'react';
import { formatLongDate } from '@shared/format';
import { Button } from '@client/components/ui/Button';
import { FormAlert } from '@client/components/ui/FormAlert';
import { notifyError, notifySuccess } from '@client/lib/notify';
import { useCancelSubscription } from '../api';
import { Modal } from '@client/components/ui/Modal';

type CancelSubscriptionDialogProps = {
  open: boolean;
  periodEnd: string | null;
  onClose: () => void;
};

export function CancelSubscriptionDialog({ open, periodEnd, onClose }: CancelSubscriptionDialogProps) {
  const cancel = useCancelSubscription();
  const [failure, setFailure] = useState<string | null>(null);

  const close = () => {
    setFailure(null);
    onClose();
  };

  const confirm = () => {
    setFailure(null);
    cancel.mutate(undefined, {
      onSuccess: () => {
        notifySuccess('Abonnement annulé', 'Votre abonnement a été annulé et ne sera pas renouvelé.');
        close();
      },
      onError: (error) => {
        setFailure(error.message);
        notifyError("Erreur d'annulation", error.message);
      },
    });
  };

  return (
    <Modal open={open} onClose={close} busy={cancel.isPending} title={'Annuler votre abonnement\u00a0?'}>
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
          <Button onClick={confirm} loading={cancel.isPending}>
            Confirmer l'annulation
          </Button>
        </div>
      </div>
    </Modal>
  );
}
