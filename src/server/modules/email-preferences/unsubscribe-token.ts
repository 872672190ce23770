// The unsubscribe link of a non-essential e-mail. It must work without signing in (from any mail
// app), so it carries who and what, signed with the server's secret:
//   <topic>.<base64url(userId)>.<base64url(HMAC-SHA256(authSecret, 'toque-unsubscribe' \n userId \n topic))>
// No expiry: the only thing it can do is turn one kind of e-mail off, which the person can undo in
// their preferences. A forged, altered or truncated token verifies as null.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { UnsubscribeTopic } from '@shared/schemas/notifications';
import type { Config } from '../../env';

export const UNSUBSCRIBE_TOPICS: readonly UnsubscribeTopic[] = ['reminders', 'prepKit', 'marketing'];

/** The page the link opens: it explains what stops and asks for a click (a GET changes nothing). */
export const UNSUBSCRIBE_PAGE = '/desabonnement';
/** Where the page's button and mail providers' one-click unsubscribe (RFC 8058) POST. */
export const UNSUBSCRIBE_API_PATH = '/api/unsubscribe';

type SecretConfig = Pick<Config, 'authSecret'>;

function signature(config: SecretConfig, userId: string, topic: UnsubscribeTopic): Buffer {
  // A purpose prefix: the same secret signs session cookies, and this MAC must never be mistaken for one.
  return createHmac('sha256', config.authSecret).update(`toque-unsubscribe\n${userId}\n${topic}`).digest();
}

export function signUnsubscribeToken(config: SecretConfig, userId: string, topic: UnsubscribeTopic): string {
  return `${topic}.${Buffer.from(userId, 'utf8').toString('base64url')}.${signature(config, userId, topic).toString('base64url')}`;
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

export function verifyUnsubscribeToken(config: SecretConfig, token: string): { userId: string; topic: UnsubscribeTopic } | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [topic, encodedUser, encodedMac] = parts as [string, string, string];
  if (!(UNSUBSCRIBE_TOPICS as readonly string[]).includes(topic)) return null;
  if (!BASE64URL.test(encodedUser) || !BASE64URL.test(encodedMac)) return null;
  const userId = Buffer.from(encodedUser, 'base64url').toString('utf8');
  if (userId.length === 0) return null;
  const given = Buffer.from(encodedMac, 'base64url');
  const expected = signature(config, userId, topic as UnsubscribeTopic);
  // Compared in constant time: how long the check takes says nothing about how much was right.
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { userId, topic: topic as UnsubscribeTopic };
}

/** The link to put in an e-mail's footer ('Se désabonner'): the page, which asks before it acts. */
export function unsubscribeUrl(config: Pick<Config, 'authSecret' | 'publicUrl'>, userId: string, topic: UnsubscribeTopic): string {
  const url = new URL(UNSUBSCRIBE_PAGE, config.publicUrl);
  url.searchParams.set('token', signUnsubscribeToken(config, userId, topic));
  return url.toString();
}

/**
 * The headers of a non-essential e-mail (RFC 2369 and RFC 8058): mail apps show their own
 * 'Unsubscribe' button, which POSTs 'List-Unsubscribe=One-Click' to the URL without opening it.
 */
export function listUnsubscribeHeaders(config: Pick<Config, 'authSecret' | 'publicUrl'>, userId: string, topic: UnsubscribeTopic): Record<string, string> {
  const url = new URL(UNSUBSCRIBE_API_PATH, config.publicUrl);
  url.searchParams.set('token', signUnsubscribeToken(config, userId, topic));
  return { 'List-Unsubscribe': `<${url.toString()}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}
