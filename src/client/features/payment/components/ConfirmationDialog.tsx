// The sandbox's extra confirmation step (what a bank's 3-D Secure page does): the buyer approves or
// refuses this payment. Closing the dialog without answering refuses it, as a closed bank window does.
import * as Dialog from '@radix-ui/react-dialog';
import { ShieldCheck } from 'lucide-react';
import { Button } from '@client/components/ui/Button';

type ConfirmationDialogProps = {
  open: boolean;
  amount: string;
  busy: 'approve' | 'refuse' | null;
  onAnswer: (approve: boolean) => void;
};

export function ConfirmationDialog({ open, amount, busy, onAnswer }: ConfirmationDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (!next && !busy ? onAnswer(false) : undefined)}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/60" />
        <Dialog.Content
          className="fixed left-1/2 top-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl"
          onPointerDownOutside={(e) => e.preventDefault()}
        >
          <span className="mb-4 flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700" aria-hidden="true">
            <ShieldCheck className="size-6" />
          </span>
          <Dialog.Title className="font-display text-2xl font-semibold text-ink">Confirmation supplémentaire</Dialog.Title>
          <Dialog.Description className="mt-2 text-muted">
            Votre banque demande de confirmer ce paiement de {amount}. Approuvez-vous ce paiement ? (Étape de test : aucune
            vraie banque n'est contactée.)
          </Dialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" loading={busy === 'refuse'} disabled={busy !== null} onClick={() => onAnswer(false)}>
              Refuser
            </Button>
            <Button loading={busy === 'approve'} disabled={busy !== null} onClick={() => onAnswer(true)}>
              Approuver le paiement
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
