// Our native scrypt must write and read exactly the auth library's hashes: accounts created before
// the switch keep signing in, and the library could read ours back.
import { hashPassword as libraryHash, verifyPassword as libraryVerify } from 'better-auth/crypto';
import { describe, expect, it } from 'vitest';
import { HASHES_AT_ONCE, hashPassword, hashingLoad, verifyPassword } from '../../../src/server/modules/auth/password-hash';

const PASSWORD = 'Tourtière-du-Lac-2026';

describe('password hashes in the library format', () => {
  it("verifies the library's hash, and refuses another password", async () => {
    const hash = await libraryHash(PASSWORD);
    expect(await verifyPassword({ hash, password: PASSWORD })).toBe(true);
    expect(await verifyPassword({ hash, password: 'Tourtiere-du-Lac-2026' })).toBe(false);
  });

  it('writes what the library verifies: hex salt, colon, 64-byte hex key', async () => {
    const hash = await hashPassword(PASSWORD);
    expect(hash).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await libraryVerify({ hash, password: PASSWORD })).toBe(true);
    expect(await libraryVerify({ hash, password: `${PASSWORD}!` })).toBe(false);
  });

  it('normalises as the library does (NFKC): a composed and a decomposed è are one password', async () => {
    const hash = await hashPassword('crème-brûlée-2026'.normalize('NFC'));
    expect(await verifyPassword({ hash, password: 'crème-brûlée-2026'.normalize('NFD') })).toBe(true);
  });

  it('a salted hash differs each time; a malformed one is refused, never thrown', async () => {
    expect(await hashPassword(PASSWORD)).not.toBe(await hashPassword(PASSWORD));
    expect(await verifyPassword({ hash: 'pas-un-hash', password: PASSWORD })).toBe(false);
    expect(await verifyPassword({ hash: 'abcd:1234', password: PASSWORD })).toBe(false);
  });
});

describe('hashes at once', () => {
  it('runs at most one fewer than the cores (one at least); the others wait their turn and all complete', async () => {
    const burst = HASHES_AT_ONCE + 3;
    let mostRunning = 0;
    const watch = setInterval(() => (mostRunning = Math.max(mostRunning, hashingLoad().running)), 1);
    const pending = Array.from({ length: burst }, (_, i) => hashPassword(`${PASSWORD}-${i}`));
    expect(hashingLoad()).toMatchObject({ running: HASHES_AT_ONCE, waiting: burst - HASHES_AT_ONCE });
    const hashes = await Promise.all(pending);
    clearInterval(watch);
    expect(mostRunning).toBe(HASHES_AT_ONCE);
    expect(new Set(hashes).size).toBe(burst);
    expect(hashingLoad()).toMatchObject({ running: 0, waiting: 0 });
  });
});
