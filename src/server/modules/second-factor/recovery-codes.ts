// Recovery codes: for the day the phone is lost. Ten, shown once; only their SHA-256 is kept, and
// each works once. 10 characters from 31 unambiguous ones (~49 bits), written `xxxxx-xxxxx`.
import { createHash, randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@shared/schemas/second-factor';

const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

function newCode(): string {
  const chars = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

export function newRecoveryCodes(): string[] {
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) codes.add(newCode());
  return [...codes];
}

/** Case, spaces and the dash do not matter when a code is typed back. */
export function hashRecoveryCode(code: string): string {
  const normal = code.toLowerCase().replace(/[\s-]/g, '');
  return createHash('sha256').update(normal).digest('hex');
}
