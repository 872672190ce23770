// Password hashes in the auth library's format (`<hex salt>:<hex scrypt key>`, scrypt N=16384 r=16
// p=1, 64 bytes, NFKC), computed by Node's native scrypt on the thread pool instead of the library's
// JavaScript scrypt on the event loop: about twice as fast, and a sign-in no longer stalls every other
// request while it hashes. Byte for byte the library's output, so hashes already stored still verify.
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { availableParallelism } from 'node:os';
import pLimit from 'p-limit';

const PARAMS = { N: 16384, r: 16, p: 1 } as const;
const KEY_BYTES = 64;
// Node refuses N·r·128 bytes at its default limit (exactly 32 MiB here); give it room.
const MAX_MEMORY = 128 * PARAMS.N * PARAMS.r * 2;

/**
 * Hashes at once: one core fewer than the machine has (one at least). Each hash keeps a core busy
 * for ~100 ms; four at once (the thread pool's size) took both cores of a small machine from the
 * event loop and the database, and a burst of sign-ins slowed every other request with them
 * (docs/performance.md, mixed load). Waiting sign-ins queue here instead.
 */
export const HASHES_AT_ONCE = Math.max(1, availableParallelism() - 1);
const hashing = pLimit(HASHES_AT_ONCE);

/** Hashes started since the process began: what a sign-up costs, counted (auth-policy.test.ts). */
let started = 0;

function deriveKey(password: string, salt: string): Promise<Buffer> {
  started++;
  return hashing(
    () =>
      new Promise<Buffer>((resolve, reject) => {
        scrypt(password.normalize('NFKC'), salt, KEY_BYTES, { ...PARAMS, maxmem: MAX_MEMORY }, (err, key) => (err ? reject(err) : resolve(key)));
      }),
  );
}

/** How many hashes are running and waiting now, and how many were ever started (a test's view of the limit). */
export function hashingLoad(): { running: number; waiting: number; started: number } {
  return { running: hashing.activeCount, waiting: hashing.pendingCount, started };
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16).toString('hex');
  return `${salt}:${(await deriveKey(password, salt)).toString('hex')}`;
}

export async function verifyPassword({ hash, password }: { hash: string; password: string }): Promise<boolean> {
  const [salt, key] = hash.split(':');
  if (!salt || !key || !/^[0-9a-f]+$/i.test(key) || key.length !== KEY_BYTES * 2) return false;
  return timingSafeEqual(await deriveKey(password, salt), Buffer.from(key, 'hex'));
}
