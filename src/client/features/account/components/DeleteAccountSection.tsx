// Mon Compte's danger zone (Loi 25, right to erasure): what deleting the account does, and the
// dialog that does it once the person typed SUPPRIMER and their password. Afterwards the server has
// ended every session: the person goes home, and only once there does the app forget them (as
// signing out does, so /account does not first send them to the login dialog). A « Crédit Toque »
// balance left is said, with its amount, and must be renounced explicitly (docs/decisions/0044).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { creditAtDeletionMessage, type CreditResponse } from '@shared/schemas/credit';
import { formatAmount } from '@shared/format';
import { DELETION_CONFIRMATION_WORD } from '@shared/schemas/privacy';
import { forgetAfterSignOut } from '@client/app/auth/session-cache';
import { Button } from '@client/components/ui/Button';
import { FormAlert } from '@client/components/ui/FormAlert';
import { Modal } from '@client/components/ui/Modal';
import { TextField } from '@client/components/ui/TextField';
import { api, type ApiError } from '@client/lib/api';
import { notifyInfo } from '@client/lib/notify';
import { useDeleteAccount } from '../api';
import { runMutation } from '@client/lib/run-mutation';

const DANGER = 'bg-red-700 text-white hover:bg-red-800 active:bg-red-800';

export function DeleteAccountSection({ canDelete }: { canDelete: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="space-y-4">
      <p className="text-ink">La suppression est définitive. Nous effaçons votre nom, votre courriel, votre profil, votre photo, vos favoris, vos notifications, votre progression et vos préférences, et nous fermons toutes vos sessions.</p>
      <ul className="list-disc space-y-1 pl-5 text-ink">
        <li>Un abonnement en cours est annulé aussitôt, sans remboursement de la période entamée.</li>
        <li>Une place réservée à un cours à venir doit d'abord être annulée (selon la politique d'annulation de 48 h).</li>
        <li>Vos commandes et reçus sont conservés 6 ans pour les obligations fiscales, sans votre nom ni votre courriel.</li>
        <li>Un solde de crédit Toque est perdu avec le compte : utilisez-le avant, ou demandez son versement s'il est de moins de 5 $.</li>
      </ul>
      {canDelete ? (
        <Button onClick={() => setOpen(true)} className={`w-full sm:w-auto ${DANGER}`}>
          Supprimer mon compte
        </Button>
      ) : (
        <p className="text-sm text-muted">Le compte de la cheffe ou d'un chef invité ne se supprime pas ici : écrivez à la personne responsable de la protection des renseignements personnels (voir la politique de confidentialité).</p>
      )}
      <DeleteAccountDialog open={open} onClose={() => setOpen(false)} />
    </div>
  );
}

function DeleteAccountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const remove = useDeleteAccount();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [word, setWord] = useState('');
  const [password, setPassword] = useState('');
  const [leaving, setLeaving] = useState(false);
  const [forfeit, setForfeit] = useState(false);
  // What « Crédit Toque » is left: the balance and what unpaid orders hold (back with the account's deletion).
  const credit = useQuery<CreditResponse, ApiError>({
    queryKey: ['api', '/account/credit?limit=1', 'deletion'],
    queryFn: ({ signal }) => api<CreditResponse>('/account/credit', { query: { limit: 1 }, signal }),
    enabled: open,
  });
  const owed = credit.data ? credit.data.balanceCents + credit.data.heldCents : 0;

  const confirmed = word.trim() === DELETION_CONFIRMATION_WORD && !credit.isPending && (owed === 0 || forfeit);
  const close = () => {
    remove.reset();
    setWord('');
    setPassword('');
    setForfeit(false);
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!confirmed) return;
    runMutation(remove,
      { confirmation: word, password: password || undefined, ...(owed > 0 ? { forfeitCreditCents: owed } : {}) },
      {
        // The balance moved meanwhile (a refund as credit): the new amount is read and must be renounced again.
        onError: (err) => {
          if (err.code === 'ACCOUNT_DELETION_CREDIT') {
            setForfeit(false);
            void credit.refetch();
          }
        },
        onSuccess: () => {
          notifyInfo('Compte supprimé', 'Votre compte et vos renseignements personnels ont été supprimés. Au revoir !');
          setLeaving(true);
          // This dialog unmounts on the way: the forgetting waits for the navigation, not for a re-render here.
          void Promise.resolve(navigate('/')).then(() => forgetAfterSignOut(queryClient));
        },
      },
    );
  };

  const error = remove.error;
  return (
    <Modal
      open={open}
      onClose={close}
      busy={remove.isPending || leaving}
      title="Supprimer votre compte ?"
      description="Cette action est irréversible. Vous serez déconnecté de tous vos appareils."
    >
      <form onSubmit={submit} noValidate className="grid gap-5">
        {error && error.code !== 'INVALID_CURRENT_PASSWORD' && error.code !== 'ACCOUNT_DELETION_CREDIT' ? <FormAlert>{error.message}</FormAlert> : null}
        {owed > 0 ? (
          <div className="grid gap-3 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-ink">
            <p>{creditAtDeletionMessage(owed)}</p>
            <label className="flex min-h-11 cursor-pointer items-center gap-3">
              <input type="checkbox" className="size-5 shrink-0 accent-red-700" checked={forfeit} onChange={(e) => setForfeit(e.target.checked)} />
              <span>Je renonce à mon crédit de {formatAmount(owed)} $</span>
            </label>
          </div>
        ) : null}
        <TextField
          label={`Écrivez ${DELETION_CONFIRMATION_WORD} pour confirmer`}
          value={word}
          onChange={(e) => setWord(e.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
        />
        <TextField
          label="Mot de passe actuel"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          hint="Si vous vous connectez seulement avec un fournisseur d'identité, laissez ce champ vide."
          error={error?.code === 'INVALID_CURRENT_PASSWORD' ? error.message : undefined}
        />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="ghost" onClick={close} disabled={remove.isPending || leaving}>
            Annuler
          </Button>
          <Button type="submit" disabled={!confirmed} loading={remove.isPending} className={DANGER}>
            Supprimer définitivement
          </Button>
        </div>
      </form>
    </Modal>
  );
}
