// RFC 6238 appendix B's test vectors, and what an authenticator app relies on: base32 secrets,
// the 6-digit code, the ±1 step window.
import { describe, expect, it } from 'vitest';
import {
  base32Decode,
  base32Encode,
  codeAt,
  groupSecret,
  hotp,
  matchingStep,
  newSecret,
  otpauthUri,
  stepAt,
} from '../../src/server/modules/second-factor/totp';
import { openSecret, sealSecret } from '../../src/server/modules/second-factor/secret-box';

const SEEDS = {
  sha1: Buffer.from('12345678901234567890'),
  sha256: Buffer.from('12345678901234567890123456789012'),
  sha512: Buffer.from('1234567890123456789012345678901234567890123456789012345678901234'),
};

// [Unix time, SHA1, SHA256, SHA512] — 8-digit codes, as the RFC prints them.
const VECTORS: [number, string, string, string][] = [
  [59, '94287082', '46119246', '90693936'],
  [1111111109, '07081804', '68084774', '25091201'],
  [1111111111, '14050471', '67062674', '99943326'],
  [1234567890, '89005924', '91819424', '93441116'],
  [2000000000, '69279037', '90698825', '38618901'],
  [20000000000, '65353130', '77737706', '47863826'],
];

describe('TOTP (RFC 6238)', () => {
  it.each(VECTORS)('at %i s gives the RFC codes for SHA-1, SHA-256 and SHA-512', (seconds, sha1, sha256, sha512) => {
    const step = stepAt(new Date(seconds * 1000));
    expect(hotp(SEEDS.sha1, step, 8, 'sha1')).toBe(sha1);
    expect(hotp(SEEDS.sha256, step, 8, 'sha256')).toBe(sha256);
    expect(hotp(SEEDS.sha512, step, 8, 'sha512')).toBe(sha512);
  });

  it.each(VECTORS)('at %i s the app shows the 6 last digits for the base32 secret', (seconds, sha1) => {
    const secret = base32Encode(SEEDS.sha1);
    expect(secret).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(codeAt(secret, stepAt(new Date(seconds * 1000)))).toBe(sha1.slice(2));
  });

  it('accepts the previous, current and next step only, and says which one matched', () => {
    const secret = base32Encode(SEEDS.sha1);
    const now = new Date(1234567890 * 1000);
    const step = stepAt(now);
    expect(matchingStep(secret, codeAt(secret, step), now)).toBe(step);
    expect(matchingStep(secret, codeAt(secret, step - 1), now)).toBe(step - 1);
    expect(matchingStep(secret, codeAt(secret, step + 1), now)).toBe(step + 1);
    expect(matchingStep(secret, codeAt(secret, step - 2), now)).toBeNull();
    expect(matchingStep(secret, codeAt(secret, step + 2), now)).toBeNull();
    expect(matchingStep(secret, '12345', now)).toBeNull();
    expect(matchingStep(secret, '1234567', now)).toBeNull();
    expect(matchingStep(secret, 'abcdef', now)).toBeNull();
  });

  it('makes 160-bit base32 secrets that decode back, typed with spaces or in lower case', () => {
    const secret = newSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(secret)).toHaveLength(20);
    expect(newSecret()).not.toBe(secret);
    expect(base32Decode(groupSecret(secret).toLowerCase())).toEqual(base32Decode(secret));
    expect(groupSecret('ABCDEFGHIJKL')).toBe('ABCD EFGH IJKL');
    expect(() => base32Decode('ABC1')).toThrow();
  });

  it('writes the otpauth URI authenticator apps read', () => {
    expect(otpauthUri('JBSWY3DPEHPK3PXP', 'cheffe@toque.demo')).toBe(
      'otpauth://totp/Toque:cheffe%40toque.demo?secret=JBSWY3DPEHPK3PXP&issuer=Toque&algorithm=SHA1&digits=6&period=30',
    );
  });
});

describe('sealed secrets', () => {
  it('open with the same app secret and owner only', () => {
    const sealed = sealSecret('app-secret', 'JBSWY3DPEHPK3PXP', 'user_a');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(openSecret('app-secret', sealed, 'user_a')).toBe('JBSWY3DPEHPK3PXP');
    expect(sealSecret('app-secret', 'JBSWY3DPEHPK3PXP', 'user_a')).not.toBe(sealed);
    expect(() => openSecret('other-secret', sealed, 'user_a')).toThrow();
    expect(() => openSecret('app-secret', sealed, 'user_b')).toThrow();
  });
});
