// After every ledger test: each person's balance, as the credit service reads it, equals the sum of
// their entries counted here one by one, and no balance is below 0. Use:
//   afterEach(() => expectLedgersBalanced(t.db));
import { expect } from 'vitest';
import type { Db } from '../../src/server/db/client';
import { creditEntries } from '../../src/server/db/schema';
import { balance } from '../../src/server/modules/credit/service';

export async function expectLedgersBalanced(db: Db): Promise<void> {
  const rows = await db.select({ userId: creditEntries.userId, amountCents: creditEntries.amountCents }).from(creditEntries);
  const sums = new Map<string, number>();
  for (const r of rows) sums.set(r.userId, (sums.get(r.userId) ?? 0) + r.amountCents);
  for (const [userId, sum] of sums) {
    expect(await balance(db, userId), `balance of ${userId}`).toBe(sum);
    expect(sum, `balance of ${userId} never below 0`).toBeGreaterThanOrEqual(0);
  }
}
