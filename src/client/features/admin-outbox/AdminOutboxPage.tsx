// /admin/courriels — what the site has sent, newest first, as the outbox kept it: on a machine
// without SMTP this is where reset links and notices can be read. With SMTP_URL set the page says
// that e-mails go out by SMTP and are no longer kept (those kept before remain listed).
import { ChevronLeft, Mail, Send } from 'lucide-react';
import { useState } from 'react';
import { CHEF_TIME_ZONE, formatSessionDateTime } from '@shared/format';
import type { OutboxEmail } from '@shared/schemas/admin';
import { ButtonLink } from '@client/components/ui/Button';
import { EmptyState } from '@client/components/ui/EmptyState';
import { ErrorPanel } from '@client/components/ui/ErrorPanel';
import { PageHeader } from '@client/components/ui/PageHeader';
import { Pager } from '@client/components/ui/Pager';
import { Skeleton } from '@client/components/ui/Skeleton';
import { useErrorToast } from '@client/lib/use-error-toast';
import { usePageTitle } from '@client/lib/use-page-title';
import { useUrlParams } from '@client/lib/use-url-params';
import { OUTBOX_PAGE_SIZE, useOutbox } from './api';
import { EmailDialog } from './EmailDialog';

function readPage(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

const preview = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, 140);

export default function AdminOutboxPage() {
  usePageTitle('Courriels envoyés');
  const [params, updateParams] = useUrlParams();
  const page = readPage(params.get('page'));
  const query = useOutbox(page);
  useErrorToast(query.error, 'Erreur');
  const [opened, setOpened] = useState<OutboxEmail | null>(null);
  const total = query.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / OUTBOX_PAGE_SIZE));

  return (
    <div className="mx-auto min-h-[60vh] w-full max-w-4xl px-4 py-8 sm:px-6 sm:py-10">
      <ButtonLink to="/admin" variant="ghost" size="sm" className="-ml-3 mb-4">
        <ChevronLeft aria-hidden="true" className="size-4" />
        Tableau de bord
      </ButtonLink>
      <PageHeader eyebrow="Administration" title="Courriels envoyés" subtitle="Les courriels que le site a envoyés, du plus récent au plus ancien." />

      {query.data ? (
        query.data.delivery === 'smtp' ? (
          <p className="mb-6 flex gap-3 rounded-2xl border border-line bg-white p-4 text-ink">
            <Send aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-herb" />
            <span>
              Un serveur SMTP est configuré : les courriels partent par SMTP et ne sont plus conservés ici. Seuls ceux gardés avant sa configuration
              restent dans cette liste.
            </span>
          </p>
        ) : (
          <p className="mb-6 flex gap-3 rounded-2xl border border-saffron/60 bg-saffron/10 p-4 text-ink">
            <Mail aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
            <span>
              Aucun serveur SMTP n'est configuré : les courriels ne quittent pas le site. Ils sont conservés ici (et dans le journal du serveur) ; transmettez
              au besoin un lien à son destinataire.
            </span>
          </p>
        )
      ) : null}

      {query.isPending ? (
        <div role="status" aria-label="Chargement des courriels" className="space-y-3">
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} className="h-20 w-full" />
          ))}
        </div>
      ) : query.isError ? (
        <ErrorPanel title="Impossible de charger les courriels." message={query.error.message} onRetry={() => void query.refetch()} />
      ) : query.data.emails.length === 0 ? (
        <EmptyState icon={<Mail className="size-10" />} title="Aucun courriel pour le moment." titleAs="h2" hint="Les courriels du site (réinitialisation de mot de passe, avis de paiement…) apparaîtront ici." />
      ) : (
        <div aria-busy={query.isPlaceholderData || undefined}>
          <p className="mb-3 text-sm text-muted" aria-live="polite">
            {total === 1 ? '1 courriel' : `${total} courriels`}
          </p>
          <ul className="space-y-3" aria-label="Courriels">
            {query.data.emails.map((email) => (
              <li key={email.id} className="rounded-2xl border border-line bg-white p-4 shadow-sm">
                <div className="flex flex-col gap-1 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
                  <button
                    type="button"
                    onClick={() => setOpened(email)}
                    className="text-left font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-800"
                  >
                    {email.subject}
                  </button>
                  <span className="shrink-0 text-sm text-muted">{formatSessionDateTime(email.createdAt, CHEF_TIME_ZONE)}</span>
                </div>
                <p className="mt-1 text-sm text-ink">
                  À <span className="break-all">{email.to}</span>
                </p>
                <p className="mt-1 line-clamp-2 text-sm text-muted">{preview(email.text)}</p>
              </li>
            ))}
          </ul>
          <Pager
            label="Pages de courriels"
            page={page}
            pageCount={pageCount}
            onPage={(p) =>
              updateParams((u) => {
                if (p > 1) u.set('page', String(p));
                else u.delete('page');
                return u;
              })
            }
          />
        </div>
      )}
      <EmailDialog email={opened} onClose={() => setOpened(null)} />
    </div>
  );
}
