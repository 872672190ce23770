// Creating an in-app notification, from inside the transaction of the event it tells about (a
// confirmed payment, a cancelled session, a renewal): it exists only if that transaction commits,
// and the header's count goes up in the person's open tabs at the same moment.
import type { NotificationKind } from '@shared/schemas/notifications';
import { publish } from '../../realtime/publish';
import * as repo from './repository';

export type NotifyInput = {
  userId: string;
  kind: NotificationKind;
  title: string;
  body: string;
  /** A path inside the site ('/calendrier'), or null. */
  link: string | null;
  /**
   * One notification per event and person, e.g. 'booking.confirmed:<reservationId>': a replayed
   * webhook or a job run twice finds it there and adds nothing.
   */
  dedupeKey: string;
  /** The event's time (deps.now()); the database's clock otherwise. */
  at?: Date;
};

/** The new notification's id, or null when it already existed (nothing published then). */
export async function notify(conn: repo.Conn, input: NotifyInput): Promise<string | null> {
  const id = await repo.insertOnce(conn, {
    userId: input.userId,
    kind: input.kind,
    title: input.title,
    body: input.body,
    link: input.link,
    dedupeKey: input.dedupeKey,
    createdAt: input.at ?? new Date(),
  });
  if (id === null) return null;
  const unreadCount = await repo.unreadCount(conn, input.userId);
  await publish(conn, { userId: input.userId }, { type: 'notification.created', notificationId: id, unreadCount });
  return id;
}
