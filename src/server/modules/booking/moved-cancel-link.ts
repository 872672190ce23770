// The signed link of a « séance déplacée » e-mail: it cancels that one seat with a full refund, from
// a phone where nobody is signed in. It names the reservation and the move (the session's SEQUENCE
// after it), signed with the server's secret over 'toque-moved-cancel \n <reservationId> \n <sequence>'.
// It works until the session starts (the cancellation's own rule); using it again answers the same.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../env';

type SecretConfig = Pick<Config, 'authSecret'>;

function mac(config: SecretConfig, reservationId: string, sequence: number): Buffer {
  // A purpose prefix: the same secret signs session cookies, documents and unsubscribe links.
  return createHmac('sha256', config.authSecret).update(`toque-moved-cancel\n${reservationId}\n${sequence}`).digest();
}

/** The page's path (server-rendered: web/moved-cancel-routes.ts). */
export const movedCancelPath = (reservationId: string) => `/reservations/${reservationId}/annulation`;

export function movedCancelUrl(config: SecretConfig & Pick<Config, 'publicUrl'>, reservationId: string, sequence: number): string {
  const signature = mac(config, reservationId, sequence).toString('base64url');
  return new URL(`${movedCancelPath(reservationId)}?sequence=${sequence}&signature=${signature}`, `${config.publicUrl}/`).toString();
}

/** The move the link names, if its signature matches; null if forged, altered or incomplete. */
export function checkMovedCancelLink(config: SecretConfig, reservationId: string, raw: { sequence?: string; signature?: string }): number | null {
  if (!raw.sequence || !/^[1-9]\d{0,6}$/.test(raw.sequence) || !raw.signature) return null;
  const sequence = Number(raw.sequence);
  const expected = mac(config, reservationId, sequence);
  const given = Buffer.from(raw.signature, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected) ? sequence : null;
}
