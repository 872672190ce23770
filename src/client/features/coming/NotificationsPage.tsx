// /notifications (spec: a static empty inbox; no data is loaded).
import { Inbox } from 'lucide-react';
import { EmptyState } from '@client/components/ui/EmptyState';
import { PageHeader } from '@client/components/ui/PageHeader';
import { usePageTitle } from '@client/lib/use-page-title';

export default function NotificationsPage() {
  usePageTitle('Notifications');
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <PageHeader title="Notifications" />
      <EmptyState icon={<Inbox className="size-8" />} title="Votre boîte de réception est vide" />
    </div>
  );
}
