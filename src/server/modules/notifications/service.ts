// The page /notifications and the header's badge: one person's notifications, 20 a page, and
// marking them read. Every change of the count is announced to the person's other tabs.
import type { MarkReadResponse, NotificationKind, NotificationListResponse, NotificationView, UnreadCountResponse } from '@shared/schemas/notifications';
import type { Deps } from '../../deps';
import { AppError } from '../../http/app-error';
import { publish } from '../../realtime/publish';
import { isUuid } from '../params';
import * as repo from './repository';

export const NOTIFICATIONS_PAGE_SIZE = 20;

function toView(row: repo.NotificationRow): NotificationView {
  return {
    id: row.id,
    kind: row.kind as NotificationKind,
    title: row.title,
    body: row.body,
    link: row.link,
    readAt: row.readAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export function createNotificationService(deps: Pick<Deps, 'database' | 'now'>) {
  const db = () => deps.database.db;

  /** Marks, then tells every tab the new count — in one transaction, so the event follows the commit. */
  async function markAndAnnounce(userId: string, mark: (tx: repo.Conn) => Promise<void>): Promise<MarkReadResponse> {
    return db().transaction(async (tx) => {
      await mark(tx);
      const unreadCount = await repo.unreadCount(tx, userId);
      await publish(tx, { userId }, { type: 'notifications.read', unreadCount });
      return { unreadCount };
    });
  }

  return {
    async list(userId: string, page: number): Promise<NotificationListResponse> {
      const offset = (page - 1) * NOTIFICATIONS_PAGE_SIZE;
      const [rows, total, unreadCount] = await Promise.all([
        repo.listPage(db(), userId, NOTIFICATIONS_PAGE_SIZE, offset),
        repo.totalCount(db(), userId),
        repo.unreadCount(db(), userId),
      ]);
      return { notifications: rows.map(toView), unreadCount, total, page, pageSize: NOTIFICATIONS_PAGE_SIZE };
    },

    async unreadCount(userId: string): Promise<UnreadCountResponse> {
      return { unreadCount: await repo.unreadCount(db(), userId) };
    },

    /** Someone else's notification, or a malformed id, is answered like a missing one (404). */
    async markRead(userId: string, rawId: string): Promise<MarkReadResponse> {
      if (!isUuid(rawId)) throw new AppError('NOTIFICATION_NOT_FOUND');
      const id = rawId.toLowerCase();
      if (!(await repo.owns(db(), userId, id))) throw new AppError('NOTIFICATION_NOT_FOUND');
      return markAndAnnounce(userId, (tx) => repo.markRead(tx, userId, id, deps.now()));
    },

    markAllRead(userId: string): Promise<MarkReadResponse> {
      return markAndAnnounce(userId, (tx) => repo.markAllRead(tx, userId, deps.now()));
    },
  };
}

export type NotificationService = ReturnType<typeof createNotificationService>;
