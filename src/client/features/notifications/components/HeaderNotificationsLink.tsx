// The header's bell for signed-in people, with the number of unread notifications: loaded lazily
// (like the cart link) so a visitor's first load carries none of it. The link's name carries the
// count for screen readers ('Notifications, 3 non lues'); the bubble is only seen.
import type { ComponentType, ReactNode } from 'react';
import { useUnreadCount } from '../api';

type IconLinkProps = { to: string; label: string; children: ReactNode };

export function notificationsLinkLabel(count: number): string {
  if (count === 0) return 'Notifications';
  return count === 1 ? 'Notifications, 1 non lue' : `Notifications, ${count} non lues`;
}

export default function HeaderNotificationsLink({ as: IconLink, icon }: { as: ComponentType<IconLinkProps>; icon: ReactNode }) {
  const count = useUnreadCount().data?.unreadCount ?? 0;
  return (
    <IconLink to="/notifications" label={notificationsLinkLabel(count)}>
      {icon}
      {count > 0 ? (
        <span
          aria-hidden="true"
          data-testid="notifications-badge"
          className="absolute -right-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-brand-700 px-1 text-[0.7rem] font-bold leading-none text-white ring-2 ring-cream"
        >
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </IconLink>
  );
}
