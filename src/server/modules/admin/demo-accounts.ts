// The demo accounts whose password is still the one the README prints: anyone can sign in with
// them. Checked at start (a warning in the log) and by the admin area (a warning banner), so a
// site reachable from outside is never left with them unnoticed (docs/decisions/0029-fail-closed.md).
import type { Db } from '../../db/client';
import { DEMO_PASSWORDS } from '../../db/seed/content/demo-passwords';
import { verifyPassword } from '../auth/password-hash';
import { passwordHashesOf } from './repository';

/** The answer is kept this long: each check hashes up to four passwords. */
const KEPT_MS = 60_000;

export function createDemoAccountCheck(db: () => Db) {
  let kept: { at: number; accounts: Promise<string[]> } | null = null;

  async function check(): Promise<string[]> {
    const rows = await passwordHashesOf(db(), Object.keys(DEMO_PASSWORDS));
    const open = await Promise.all(rows.map(async (r) => ((await verifyPassword({ hash: r.hash, password: DEMO_PASSWORDS[r.email]! })) ? r.email : null)));
    return open.filter((e): e is string => e !== null).sort();
  }

  return {
    /** The addresses of the demo accounts that still open with their public password. */
    openDemoAccounts(): Promise<string[]> {
      const now = Date.now();
      if (!kept || now - kept.at > KEPT_MS) {
        kept = { at: now, accounts: check() };
        // A failed check is not kept: the next call asks again.
        kept.accounts.catch(() => (kept = null));
      }
      return kept.accounts;
    },
  };
}

export type DemoAccountCheck = ReturnType<typeof createDemoAccountCheck>;
