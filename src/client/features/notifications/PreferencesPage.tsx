// /preferences — the avatar menu's 'Préférences': which non-essential e-mails the person wants
// (reminders and the preparation kit on, marketing off until chosen). Account, payment and booking
// e-mails are always sent. Saved with 'Enregistrer' and the toast 'Préférences enregistrées.'.
import { useEffect, useState } from 'react';
import type { EmailPreferences } from '@shared/schemas/notifications';
import { Button } from '@client/components/ui/Button';
import { Card } from '@client/components/ui/Card';
import { ErrorPanel } from '@client/components/ui/ErrorPanel';
import { PageHeader } from '@client/components/ui/PageHeader';
import { Skeleton } from '@client/components/ui/Skeleton';
import { notifyError, notifySuccess } from '@client/lib/notify';
import { useErrorToast } from '@client/lib/use-error-toast';
import { usePageTitle } from '@client/lib/use-page-title';
import { useEmailPreferences, useSaveEmailPreferences } from './api';
import { SwitchField } from '@client/components/ui/SwitchField';
import { TOPICS } from './topics';
import { runMutation } from '@client/lib/run-mutation';

export default function PreferencesPage() {
  usePageTitle('Préférences');
  const query = useEmailPreferences();
  useErrorToast(query.error, 'Erreur');
  const save = useSaveEmailPreferences();
  const saved = query.data?.preferences;
  const [draft, setDraft] = useState<EmailPreferences | null>(null);
  useEffect(() => {
    if (saved) setDraft(saved);
  }, [saved]);
  const changed = !!draft && !!saved && TOPICS.some(({ topic }) => draft[topic] !== saved[topic]);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!draft) return;
    runMutation(save, draft, {
      onSuccess: () => notifySuccess('Préférences enregistrées.'),
      onError: (error) => notifyError('Erreur', error.message),
    });
  };

  return (
    <div className="mx-auto min-h-[60vh] w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-10">
      <PageHeader title="Préférences" subtitle="Choisissez les courriels que vous souhaitez recevoir." />
      {query.isPending || (!draft && !query.isError) ? (
        <div role="status" aria-label="Chargement de vos préférences">
          <Card className="space-y-6 p-6" aria-hidden="true">
            {TOPICS.map(({ topic }) => (
              <div key={topic} className="flex items-center justify-between gap-4">
                <div className="flex-1 space-y-2">
                  <Skeleton className="h-5 w-2/3" />
                  <Skeleton className="h-4 w-full" />
                </div>
                <Skeleton className="h-7 w-12 rounded-full" />
              </div>
            ))}
          </Card>
        </div>
      ) : query.isError || !draft ? (
        <ErrorPanel title="Impossible de charger vos préférences." message={query.error?.message} onRetry={() => void query.refetch()} />
      ) : (
        <form onSubmit={submit}>
          <Card className="px-5 sm:px-6">
            <fieldset>
              <legend className="pt-5 font-display text-xl text-ink">Courriels</legend>
              <div className="divide-y divide-line">
                {TOPICS.map(({ topic, label, help }) => (
                  <SwitchField
                    key={topic}
                    label={label}
                    help={help}
                    checked={draft[topic]}
                    disabled={save.isPending}
                    onChange={(checked) => setDraft({ ...draft, [topic]: checked })}
                  />
                ))}
              </div>
            </fieldset>
          </Card>
          <p className="mt-4 text-sm text-muted">
            Les courriels liés à votre compte, à vos paiements et à vos réservations (confirmations, annulations, remboursements) vous sont
            toujours envoyés.
          </p>
          <div className="mt-6 flex justify-end">
            <Button type="submit" disabled={!changed || save.isPending}>
              {save.isPending ? 'Enregistrement…' : 'Enregistrer'}
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
