// One notification in /notifications. Unread ones stand out (accent bar, bold title, a dot, and
// 'Non lue' for screen readers). The whole card opens its page and marks it read; one without a
// page has a 'Marquer comme lu' button instead.
import { BellRing, CalendarCheck, CalendarClock, CalendarX, CreditCard, Mail, PackageOpen, PlayCircle, ReceiptText, RotateCcw, Video, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import type { NotificationKind, NotificationView } from '@shared/schemas/notifications';
import { Button } from '@client/components/ui/Button';
import { cn } from '@client/lib/cn';
import { noticeFullTime, noticeTime } from '../notice-time';

const ICONS: Record<NotificationKind, LucideIcon> = {
  'booking.confirmed': CalendarCheck,
  'session.video_link': Video,
  'session.recording': PlayCircle,
  'session.message': Mail,
  'session.moved': CalendarClock,
  'reminder.24h': BellRing,
  'reminder.1h': BellRing,
  prep_kit: PackageOpen,
  'reservation.cancelled': CalendarX,
  'waitlist.offer': CalendarCheck,
  'refund.issued': RotateCcw,
  'subscription.started': ReceiptText,
  'subscription.renewed': ReceiptText,
  'subscription.payment_failed': CreditCard,
  'subscription.cancelled': ReceiptText,
  'subscription.ending': ReceiptText,
  'subscription.trial_ending': ReceiptText,
};

type Props = { notification: NotificationView; onRead: (id: string) => void; busy: boolean };

export function NotificationItem({ notification: n, onRead, busy }: Props) {
  const unread = n.readAt === null;
  const Icon = ICONS[n.kind] ?? BellRing;
  const markOnOpen = () => {
    if (unread) onRead(n.id);
  };
  return (
    <article
      className={cn(
        'relative flex gap-3 rounded-2xl border p-4 transition-colors sm:gap-4 sm:p-5',
        unread ? 'border-brand-100 bg-white shadow-sm' : 'border-line bg-white/60',
        n.link ? 'focus-within:ring-2 focus-within:ring-brand-600 hover:border-brand-600/50' : null,
      )}
    >
      {unread ? <span aria-hidden="true" className="absolute inset-y-3 left-0 w-1 rounded-r-full bg-brand-700" /> : null}
      <span
        aria-hidden="true"
        className={cn('flex size-10 shrink-0 items-center justify-center rounded-full', unread ? 'bg-brand-50 text-brand-700' : 'bg-line/50 text-muted')}
      >
        <Icon className="size-5" />
      </span>
      <div className="min-w-0 flex-1">
        <h2 className={cn('font-sans text-base leading-snug text-ink', unread ? 'font-bold' : 'font-medium')}>
          {n.link ? (
            // The link covers the card (after:inset-0): anywhere on it opens the page.
            <Link to={n.link} onClick={markOnOpen} className="outline-none after:absolute after:inset-0 after:rounded-2xl after:content-['']">
              {n.title}
              {unread ? <span className="sr-only"> (non lue)</span> : null}
            </Link>
          ) : (
            <>
              {n.title}
              {unread ? <span className="sr-only"> (non lue)</span> : null}
            </>
          )}
        </h2>
        <p className={cn('mt-1 text-sm', unread ? 'text-ink' : 'text-muted')}>{n.body}</p>
        <p className="mt-2 text-xs text-muted">
          <time dateTime={n.createdAt} title={noticeFullTime(n.createdAt)}>
            {capitalize(noticeTime(n.createdAt))}
          </time>
        </p>
        {!n.link && unread ? (
          <Button variant="link" size="sm" className="relative mt-1 h-auto px-0" disabled={busy} onClick={() => onRead(n.id)}>
            Marquer comme lu
          </Button>
        ) : null}
      </div>
      {unread ? <span aria-hidden="true" className="mt-1.5 size-2.5 shrink-0 rounded-full bg-brand-700" /> : null}
    </article>
  );
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
