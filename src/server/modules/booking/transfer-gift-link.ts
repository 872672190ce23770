// The signed link of a « place offerte » e-mail (docs/decisions/0051): it names one gift, signed with
// the server's secret over 'toque-seat-gift \n <transferId>'. Whoever opens it signs in (or signs
// up) and accepts; a revoked or accepted gift answers so. A bearer link, like a gift card's.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../env';

type SecretConfig = Pick<Config, 'authSecret'>;

function mac(config: SecretConfig, transferId: string): Buffer {
  // A purpose prefix: the same secret signs session cookies, documents and other links.
  return createHmac('sha256', config.authSecret).update(`toque-seat-gift\n${transferId}`).digest();
}

/** The client's page where the recipient accepts (listed in web/pages.ts). */
export const giftPath = (transferId: string) => `/places-offertes/${transferId}`;

export function giftSignature(config: SecretConfig, transferId: string): string {
  return mac(config, transferId).toString('base64url');
}

export function giftUrl(config: SecretConfig & Pick<Config, 'publicUrl'>, transferId: string): string {
  return new URL(`${giftPath(transferId)}?signature=${giftSignature(config, transferId)}`, `${config.publicUrl}/`).toString();
}

export function checkGiftSignature(config: SecretConfig, transferId: string, signature: string): boolean {
  const expected = mac(config, transferId);
  const given = Buffer.from(signature, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
