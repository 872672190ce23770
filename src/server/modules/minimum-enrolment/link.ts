// The signed link of the « séance sous son minimum » e-mail: it lets the chef who got it (an admin, or
// the guest chef of the course) keep or cancel that session from a phone where nobody is signed in.
// It names the session, the person and the question (when it was asked), signed with the server's
// secret over 'toque-minimum \n <sessionId> \n <userId> \n <askedAt ms>'. A question asked again (the
// session moved) makes a new link; the old one answers « la question est close ».
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../env';

type SecretConfig = Pick<Config, 'authSecret'>;

export type MinimumLink = { userId: string; askedAt: Date };

function mac(config: SecretConfig, sessionId: string, userId: string, askedAtMs: number): Buffer {
  // A purpose prefix: the same secret signs session cookies, documents and other links.
  return createHmac('sha256', config.authSecret).update(`toque-minimum\n${sessionId}\n${userId}\n${askedAtMs}`).digest();
}

/** The page's path (server-rendered: link-routes.ts). */
export const minimumPath = (sessionId: string) => `/seances/${sessionId}/minimum`;

/** The query that signs a link: ?person=&asked=&signature=. */
export function minimumQuery(config: SecretConfig, sessionId: string, link: MinimumLink): string {
  const asked = link.askedAt.getTime();
  const signature = mac(config, sessionId, link.userId, asked).toString('base64url');
  return `person=${encodeURIComponent(link.userId)}&asked=${asked}&signature=${signature}`;
}

export function minimumUrl(config: SecretConfig & Pick<Config, 'publicUrl'>, sessionId: string, link: MinimumLink): string {
  return new URL(`${minimumPath(sessionId)}?${minimumQuery(config, sessionId, link)}`, `${config.publicUrl}/`).toString();
}

/** The person and question the link names, if its signature matches; null if forged, altered or incomplete. */
export function checkMinimumLink(config: SecretConfig, sessionId: string, raw: { person?: string; asked?: string; signature?: string }): MinimumLink | null {
  if (!raw.person || !/^[A-Za-z0-9_-]{1,64}$/.test(raw.person) || !raw.asked || !/^\d{1,15}$/.test(raw.asked) || !raw.signature) return null;
  const asked = Number(raw.asked);
  const expected = mac(config, sessionId, raw.person, asked);
  const given = Buffer.from(raw.signature, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected) ? { userId: raw.person, askedAt: new Date(asked) } : null;
}
