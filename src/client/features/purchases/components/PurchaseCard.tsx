// One purchase of Mes Achats (spec: purchase history): the course's image, title and format, the
// date and amount paid, then what the purchase still gives — the course and its receipt, and for a
// live class its session and, once the admin attached it, the recording (FAQ: every live class is
// recorded and found here: played on our own recording page when uploaded, else the outside link);
// a recorded course, how far the learner is in it; once refunded, the 'Remboursé' mark and the
// credit note.
import { ExternalLink, FileDown, PlayCircle, RotateCcw } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatLongDate, formatPrice, formatSessionDateTime } from '@shared/format';
import type { PurchaseView } from '@shared/schemas/checkout';
import { Badge } from '@client/components/ui/Badge';
import { ButtonLink, buttonClass } from '@client/components/ui/Button';
import { Card } from '@client/components/ui/Card';
import { ResponsiveImage } from '@client/components/ui/ResponsiveImage';
import { FormatBadge } from '@client/features/courses';
import { CompletedBadge, CourseProgressBar } from '@client/features/learning';
import { receiptPdfUrl } from '../links';

export function PurchaseCard({ purchase, priority = false }: { purchase: PurchaseView; priority?: boolean }) {
  const { course } = purchase;
  const refunded = purchase.status === 'refunded';
  const pdfUrl = receiptPdfUrl(purchase);
  const session = refunded ? null : purchase.session;
  // Our player first: the uploaded recording plays on its page, behind the attendee check.
  const recordingPage = session?.hasRecordingVideo ? `/enregistrements/${encodeURIComponent(session.id)}` : null;
  const recordingUrl = recordingPage ? null : (session?.recordingUrl ?? null);
  const progress = refunded || course.isLive ? null : purchase.progress;
  const about = <span className="sr-only"> de « {course.title} »</span>;

  return (
    // A phone shows a thumbnail beside the title and the rest under both; a wider screen the image
    // down the card's left side.
    <Card
      as="article"
      className="grid grid-cols-[5rem_minmax(0,1fr)] gap-x-4 gap-y-3 p-4 sm:grid-cols-[14rem_minmax(0,1fr)] sm:gap-x-5 sm:p-0"
    >
      <ResponsiveImage
        src={course.imageUrl}
        alt=""
        width={800}
        height={600}
        sizes="(min-width: 640px) 224px, 80px"
        priority={priority}
        className="size-20 rounded-xl sm:row-span-3 sm:h-full sm:min-h-40 sm:w-full sm:rounded-none"
      />
      <div className="flex min-w-0 flex-col items-start gap-2 sm:pr-5 sm:pt-5">
        <div className="flex flex-wrap items-center gap-2">
          <FormatBadge isLive={course.isLive} />
          {refunded ? (
            <Badge tone="brand">
              <RotateCcw aria-hidden="true" className="size-3.5" />
              Remboursé
            </Badge>
          ) : null}
        </div>
        <h2 className="text-lg font-semibold leading-snug text-ink sm:text-xl">{course.title}</h2>
        {progress ? progress.completed ? <CompletedBadge /> : <CourseProgressBar percent={progress.percent} /> : null}
      </div>
      <dl className="col-span-2 flex flex-wrap gap-x-6 gap-y-1 text-sm text-muted sm:col-span-1 sm:col-start-2 sm:pr-5">
        <div className="flex gap-1">
          <dt>Acheté le&nbsp;:</dt>
          <dd className="font-medium text-ink">{formatLongDate(purchase.createdAt)}</dd>
        </div>
        <div className="flex gap-1">
          <dt>Montant&nbsp;:</dt>
          <dd className="font-medium text-ink">{formatPrice(purchase.amountCents)} (taxes comprises)</dd>
        </div>
        {purchase.session ? (
          <div className="flex gap-1">
            <dt>Séance&nbsp;:</dt>
            <dd className="font-medium text-ink">
              <time dateTime={purchase.session.startsAt}>{formatSessionDateTime(purchase.session.startsAt)}</time>
            </dd>
          </div>
        ) : null}
      </dl>
      {purchase.refundChoice ? (
        <p className="col-span-2 text-sm text-ink sm:col-span-1 sm:col-start-2 sm:pr-5">
          Séance annulée : choisissez votre remboursement d&apos;ici le{' '}
          <time dateTime={purchase.refundChoice.dueAt}>{formatSessionDateTime(purchase.refundChoice.dueAt)}</time> (sinon, sur votre carte).
        </p>
      ) : null}
      <div className="col-span-2 flex flex-wrap items-center gap-2 sm:col-span-1 sm:col-start-2 sm:pb-5 sm:pr-5">
        {purchase.refundChoice ? (
          <ButtonLink to={`/reservations/${encodeURIComponent(purchase.refundChoice.reservationId)}/remboursement`} size="sm">
            Choisir mon remboursement{about}
          </ButtonLink>
        ) : null}
        {/* The recording, once there, is what an attendee comes back for: first. */}
        {recordingPage ? (
          <ButtonLink to={recordingPage} size="sm">
            <PlayCircle aria-hidden="true" className="size-4" />
            Voir l'enregistrement{about}
          </ButtonLink>
        ) : recordingUrl ? (
          <a href={recordingUrl} target="_blank" rel="noopener noreferrer" className={buttonClass({ variant: 'primary', size: 'sm' })}>
            <PlayCircle aria-hidden="true" className="size-4" />
            Voir l'enregistrement{about}
            <span className="sr-only"> (nouvel onglet)</span>
          </a>
        ) : null}
        {refunded ? null : (
          <ButtonLink
            // A live class's seat: its booking's own page (docs/decisions/0052); else the course.
            to={course.isLive && session ? `/reservations/${encodeURIComponent(session.reservationId)}` : `/cours/${course.id}`}
            size="sm"
            variant={recordingPage || recordingUrl || purchase.refundChoice ? 'secondary' : 'primary'}
          >
            {course.isLive ? 'Voir la réservation' : courseLinkLabel(progress)}
            {progress ? <span className="sr-only"> « {course.title} »</span> : null}
          </ButtonLink>
        )}
        {purchase.receiptUrl ? (
          <DocLink href={purchase.receiptUrl} newTab icon={<ExternalLink aria-hidden="true" className="size-4" />}>
            Reçu{about}
            <span className="sr-only"> (nouvel onglet)</span>
          </DocLink>
        ) : null}
        {pdfUrl ? (
          <DocLink href={pdfUrl} download icon={<FileDown aria-hidden="true" className="size-4" />}>
            PDF<span className="sr-only"> du reçu{about}</span>
          </DocLink>
        ) : null}
        {refunded && purchase.creditNoteUrl ? (
          <DocLink href={purchase.creditNoteUrl} newTab icon={<ExternalLink aria-hidden="true" className="size-4" />}>
            Note de crédit{about}
            <span className="sr-only"> (nouvel onglet)</span>
          </DocLink>
        ) : null}
      </div>
    </Card>
  );
}

/** Where the course link takes a learner who started it: back to their place, or to see it again. */
function courseLinkLabel(progress: PurchaseView['progress']): string {
  if (!progress) return 'Voir le cours';
  return progress.completed ? 'Revoir le cours' : 'Reprendre';
}

/** A document of the server (not a page of the app): a plain link, opened aside or downloaded. */
function DocLink({
  href,
  newTab = false,
  download = false,
  icon,
  children,
}: {
  href: string;
  newTab?: boolean;
  download?: boolean;
  icon: ReactNode;
  children: ReactNode;
}) {
  return (
    <a
      href={href}
      target={newTab ? '_blank' : undefined}
      rel={newTab ? 'noopener' : undefined}
      download={download || undefined}
      className={buttonClass({ variant: 'secondary', size: 'sm' })}
    >
      {icon}
      {children}
    </a>
  );
}
