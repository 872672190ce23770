// /notifications — the signed-in person's notifications, newest first, 20 a page (?page= in the URL):
// unread ones marked, opening one marks it read, 'Tout marquer comme lu'. The header's badge and
// this list follow the event stream (a new notification, reads in another tab).
import { CheckCheck, Inbox } from 'lucide-react';
import { Button } from '@client/components/ui/Button';
import { EmptyState } from '@client/components/ui/EmptyState';
import { ErrorPanel } from '@client/components/ui/ErrorPanel';
import { PageHeader } from '@client/components/ui/PageHeader';
import { Pager } from '@client/components/ui/Pager';
import { Skeleton } from '@client/components/ui/Skeleton';
import { notifyError } from '@client/lib/notify';
import { useErrorToast } from '@client/lib/use-error-toast';
import { usePageTitle } from '@client/lib/use-page-title';
import { useUrlParams } from '@client/lib/use-url-params';
import { useMarkRead, useNotifications } from './api';
import { NotificationItem } from './components/NotificationItem';
import { runMutation } from '@client/lib/run-mutation';

function readPage(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 500 ? n : 1;
}

export default function NotificationsPage() {
  usePageTitle('Notifications');
  const [params, updateParams] = useUrlParams();
  const page = readPage(params.get('page'));
  const query = useNotifications(page);
  useErrorToast(query.error, 'Erreur');
  const markRead = useMarkRead();
  const data = query.data;
  const unread = data?.unreadCount ?? 0;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  const read = (target: { id: string } | { all: true }) =>
    runMutation(markRead, target, { onError: (error) => notifyError('Erreur', error.message) });

  return (
    <div className="mx-auto min-h-[60vh] w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-10">
      <PageHeader
        title="Notifications"
        subtitle={data && data.total > 0 ? (unread === 0 ? 'Tout est lu.' : unread === 1 ? '1 notification non lue.' : `${unread} notifications non lues.`) : undefined}
        actions={
          data && data.total > 0 ? (
            <Button variant="secondary" size="sm" disabled={unread === 0 || markRead.isPending} onClick={() => read({ all: true })}>
              <CheckCheck aria-hidden="true" className="size-4" />
              Tout marquer comme lu
            </Button>
          ) : null
        }
      />
      {query.isPending ? (
        <div role="status" aria-label="Chargement de vos notifications" className="space-y-3">
          {Array.from({ length: 4 }, (_, i) => (
            <NotificationSkeleton key={i} />
          ))}
        </div>
      ) : query.isError ? (
        <ErrorPanel title="Impossible de charger vos notifications." message={query.error.message} onRetry={() => void query.refetch()} />
      ) : !data || data.total === 0 ? (
        <EmptyState
          icon={<Inbox className="size-10" />}
          title="Votre boîte de réception est vide"
          titleAs="h2"
          hint="Vos confirmations de réservation, liens de cours, remboursements et avis d'abonnement apparaîtront ici."
        />
      ) : (
        <>
          <ul className="space-y-3" aria-label="Mes notifications">
            {data.notifications.map((n) => (
              <li key={n.id}>
                <NotificationItem notification={n} busy={markRead.isPending} onRead={(id) => read({ id })} />
              </li>
            ))}
          </ul>
          <Pager label="Pages de notifications" page={page} pageCount={pageCount} onPage={(p) =>
              updateParams((current) => {
                if (p === 1) current.delete('page');
                else current.set('page', String(p));
                return current;
              })
            } />
        </>
      )}
    </div>
  );
}

function NotificationSkeleton() {
  return (
    <div aria-hidden="true" className="flex gap-4 rounded-2xl border border-line bg-white p-5">
      <Skeleton className="size-10 shrink-0 rounded-full" />
      <div className="flex-1 space-y-2">
        <Skeleton className="h-5 w-1/2" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-3 w-24" />
      </div>
    </div>
  );
}
