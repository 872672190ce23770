// In-app notifications and e-mail preferences: the API contract of /notifications, the header's
// unread count, the avatar menu's 'Préférences' and the unsubscribe link of non-essential e-mails.
import { z } from '../zod';

/** What a notification (and its e-mail, when there is one) is about. */
export const NOTIFICATION_KINDS = [
  'booking.confirmed',
  'session.video_link',
  'session.recording',
  'session.message',
  'session.moved',
  'reminder.24h',
  'reminder.1h',
  'prep_kit',
  'reservation.cancelled',
  'waitlist.offer',
  'refund.issued',
  'subscription.started',
  'subscription.renewed',
  'subscription.payment_failed',
  'subscription.cancelled',
  'subscription.ending',
  'subscription.trial_ending',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export type NotificationView = {
  id: string;
  kind: NotificationKind;
  title: string;
  body: string;
  /** A path inside the site ('/mes-achats'), or null. */
  link: string | null;
  readAt: string | null;
  createdAt: string;
};

/** GET /api/notifications?page= — newest first, 20 a page. */
export type NotificationListResponse = { notifications: NotificationView[]; unreadCount: number; total: number; page: number; pageSize: number };
/** GET /api/notifications/unread-count — the header's badge. */
export type UnreadCountResponse = { unreadCount: number };
/** POST /api/notifications/:id/read and POST /api/notifications/read-all → the new count. */
export type MarkReadResponse = { unreadCount: number };

/** The e-mails a person may turn off (account, payment and booking e-mails are always sent). */
export const emailPreferencesSchema = z.object({
  reminders: z.boolean({ message: 'Choisissez oui ou non.' }),
  prepKit: z.boolean({ message: 'Choisissez oui ou non.' }),
  marketing: z.boolean({ message: 'Choisissez oui ou non.' }),
});
export type EmailPreferences = z.infer<typeof emailPreferencesSchema>;
/** Without a saved choice: reminders and the kit on, marketing off. */
export const DEFAULT_EMAIL_PREFERENCES: EmailPreferences = { reminders: true, prepKit: true, marketing: false };
/** GET/PUT /api/account/email-preferences. */
export type EmailPreferencesResponse = { preferences: EmailPreferences };

/** Which preference a non-essential e-mail's unsubscribe link turns off. */
export type UnsubscribeTopic = keyof EmailPreferences;
/** POST /api/unsubscribe { token } — works signed out; the token is signed by the server. */
export const unsubscribeSchema = z.object({ token: z.string().min(10).max(500) });
export type UnsubscribeResponse = { topic: UnsubscribeTopic; email: string };
