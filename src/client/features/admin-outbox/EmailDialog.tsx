// One e-mail of the outbox: who it went to, when, its text; and on demand its HTML version, shown in
// a sandboxed frame (sandbox="" — no scripts, no forms, no same-origin access, no top navigation) so
// the markup is displayed, never run with the admin's session.
import { useState } from 'react';
import { CHEF_TIME_ZONE, formatSessionDateTime } from '@shared/format';
import type { OutboxEmail } from '@shared/schemas/admin';
import { Button } from '@client/components/ui/Button';
import { ErrorPanel } from '@client/components/ui/ErrorPanel';
import { Modal } from '@client/components/ui/Modal';
import { Skeleton } from '@client/components/ui/Skeleton';
import { useOutboxEmail } from './api';
import { EmailText } from './EmailText';

export function EmailDialog({ email, onClose }: { email: OutboxEmail | null; onClose: () => void }) {
  const [html, setHtml] = useState(false);
  const detail = useOutboxEmail(email?.id ?? null, html);
  const close = () => {
    setHtml(false);
    onClose();
  };
  return (
    <Modal open={email !== null} onClose={close} title={email?.subject ?? ''} className="max-w-2xl">
      {email ? (
        <div className="space-y-4">
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="font-semibold text-ink">À</dt>
            <dd className="break-all text-ink">{email.to}</dd>
            <dt className="font-semibold text-ink">Envoyé le</dt>
            <dd className="text-ink">{formatSessionDateTime(email.createdAt, CHEF_TIME_ZONE)}</dd>
          </dl>
          <div className="flex gap-2" role="group" aria-label="Version affichée">
            <Button size="sm" variant={html ? 'secondary' : 'primary'} aria-pressed={!html} onClick={() => setHtml(false)}>
              Texte
            </Button>
            <Button size="sm" variant={html ? 'primary' : 'secondary'} aria-pressed={html} onClick={() => setHtml(true)}>
              HTML
            </Button>
          </div>
          {!html ? (
            <EmailText text={email.text} />
          ) : detail.isPending ? (
            <Skeleton className="h-72 w-full" />
          ) : detail.isError ? (
            <ErrorPanel title="Impossible de charger la version HTML." message={detail.error.message} onRetry={() => void detail.refetch()} />
          ) : (
            <iframe
              title={`Version HTML du courriel « ${email.subject} »`}
              sandbox=""
              referrerPolicy="no-referrer"
              srcDoc={detail.data.email.html}
              className="h-96 w-full rounded-xl border border-line bg-white"
            />
          )}
        </div>
      ) : null}
    </Modal>
  );
}
