// Calendar sync (the spec's 'synchroniser' button): a private feed URL the person subscribes to
// from Google Agenda, Apple Calendrier or Outlook. The URL is shown once, when made (only a hash of
// it is kept); a new one replaces it (the old one stops at once), and it can be revoked.
import { CalendarCheck, Copy, ExternalLink, RefreshCw, Trash2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import type { CalendarFeedCreatedResponse } from '@shared/schemas/calendar';
import { Button, buttonClass } from '@client/components/ui/Button';
import { Skeleton } from '@client/components/ui/Skeleton';
import { notifyError, notifySuccess } from '@client/lib/notify';
import { useFeedActions, useFeedStatus } from '../api';
import { sessionWhen } from '@client/lib/session-when';
import { Modal } from '@client/components/ui/Modal';
import { runMutation } from '@client/lib/run-mutation';

export function SyncDialog({ open, isAdmin, onClose }: { open: boolean; isAdmin: boolean; onClose: () => void }) {
  const status = useFeedStatus(open);
  const { create, revoke } = useFeedActions();
  // The URL just made: kept in memory only, for as long as the dialog stays open.
  const [created, setCreated] = useState<CalendarFeedCreatedResponse | null>(null);
  const close = () => {
    setCreated(null);
    onClose();
  };
  const busy = create.isPending || revoke.isPending;
  const feed = status.data?.feed;

  const makeLink = (replacing: boolean) =>
    runMutation(create, undefined, {
      onSuccess: (res) => {
        setCreated(res);
        notifySuccess(
          replacing ? 'Nouveau lien créé' : 'Lien de synchronisation créé',
          replacing ? "L'ancien lien ne fonctionne plus." : 'Ajoutez-le à votre agenda : vos cours s’y mettront à jour automatiquement.',
        );
      },
      onError: (error) => notifyError('Erreur de synchronisation', error.message),
    });
  const revokeLink = () =>
    runMutation(revoke, undefined, {
      onSuccess: () => {
        setCreated(null);
        notifySuccess('Synchronisation désactivée', 'Votre agenda ne recevra plus vos cours.');
      },
      onError: (error) => notifyError('Erreur de synchronisation', error.message),
    });

  return (
    <Modal
      open={open}
      onClose={close}
      busy={busy}
      title="Synchroniser avec mon agenda"
      description={
        isAdmin
          ? 'Abonnez Google Agenda, Apple Calendrier ou Outlook à votre lien privé : chaque séance qui a des participants s’y ajoute, avec leur nombre et le lien de la visioconférence, et se met à jour d’elle-même.'
          : 'Abonnez Google Agenda, Apple Calendrier ou Outlook à votre lien privé : vos cours confirmés s’y ajoutent et se mettent à jour d’eux-mêmes (lien du cours, annulation).'
      }
    >
      {status.isPending ? (
        <div role="status" aria-label="Chargement" className="space-y-3">
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-11 w-40 rounded-full" />
        </div>
      ) : status.isError ? (
        <p role="alert" className="text-red-900">
          Impossible de lire l’état de la synchronisation. {status.error.message}
        </p>
      ) : created ? (
        <CreatedLink created={created} />
      ) : feed?.active ? (
        <div className="space-y-2 rounded-2xl border border-line bg-white p-4">
          <p className="flex items-center gap-2 font-semibold text-herb">
            <CalendarCheck aria-hidden="true" className="size-5" />
            Synchronisation active
          </p>
          <p className="text-sm text-muted">
            Lien créé le {sessionWhen(feed.createdAt)}.{' '}
            {feed.lastFetchedAt ? `Dernière lecture par votre agenda : ${sessionWhen(feed.lastFetchedAt)}.` : 'Votre agenda ne l’a pas encore lu.'}
          </p>
          <p className="text-sm text-muted">Pour des raisons de sécurité, le lien n’est affiché qu’à sa création. Générez-en un nouveau pour l’ajouter ailleurs.</p>
        </div>
      ) : (
        <p className="text-muted">Ce lien est personnel : quiconque le connaît voit vos cours. Ne le partagez pas.</p>
      )}

      {!status.isPending && !status.isError ? (
        <div className="mt-5 flex flex-wrap gap-2">
          {feed?.active ? (
            <>
              <Button variant="secondary" size="sm" loading={create.isPending} disabled={busy} onClick={() => makeLink(true)}>
                <RefreshCw aria-hidden="true" className="size-4" />
                Générer un nouveau lien
              </Button>
              <Button variant="ghost" size="sm" loading={revoke.isPending} disabled={busy} onClick={revokeLink} className="text-red-800 hover:bg-red-50 hover:text-red-900">
                <Trash2 aria-hidden="true" className="size-4" />
                Révoquer
              </Button>
            </>
          ) : (
            <Button loading={create.isPending} onClick={() => makeLink(false)}>
              <CalendarCheck aria-hidden="true" className="size-5" />
              Créer mon lien
            </Button>
          )}
        </div>
      ) : null}
    </Modal>
  );
}

function CreatedLink({ created }: { created: CalendarFeedCreatedResponse }) {
  const id = useId();
  const input = useRef<HTMLTextAreaElement>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.url);
      notifySuccess('Lien copié', 'Collez-le dans votre agenda (« Ajouter un agenda à partir d’une URL »).');
    } catch {
      // No clipboard (an old browser, a page not served over HTTPS): select it for a manual copy.
      input.current?.select();
      notifyError('Copie impossible', 'Sélectionnez le lien et copiez-le vous-même.');
    }
  };
  return (
    <div className="space-y-4 rounded-2xl border border-herb/30 bg-white p-4">
      <div className="space-y-1.5">
        <label htmlFor={id} className="text-sm font-semibold text-ink">
          Votre lien privé
        </label>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
          <textarea
            ref={input}
            id={id}
            readOnly
            rows={4}
            value={created.url}
            onFocus={(e) => e.currentTarget.select()}
            className="field-sizing-content min-w-0 flex-1 resize-none break-all rounded-xl border border-line bg-cream px-3 py-2 font-mono text-sm text-ink"
          />
          <Button variant="secondary" size="sm" className="self-start" onClick={() => void copy()}>
            <Copy aria-hidden="true" className="size-4" />
            Copier
          </Button>
        </div>
        <p className="text-sm text-muted">Copiez-le maintenant : il ne sera plus affiché.</p>
      </div>
      <div className="flex flex-wrap gap-2">
        <a href={created.googleSubscribeUrl} target="_blank" rel="noopener noreferrer" className={buttonClass({ variant: 'secondary', size: 'sm' })}>
          <ExternalLink aria-hidden="true" className="size-4" />
          Ajouter à Google Agenda
        </a>
        <a href={created.webcalUrl} className={buttonClass({ variant: 'secondary', size: 'sm' })}>
          <CalendarCheck aria-hidden="true" className="size-4" />
          Apple Calendrier ou Outlook
        </a>
      </div>
    </div>
  );
}
