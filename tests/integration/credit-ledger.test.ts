// « Crédit Toque »'s ledger core on the real database (PGlite, and PostgreSQL with TEST_DATABASE_URL):
// concurrent spends of one balance never take it below 0, a repeated call never credits twice, and
// after every test each balance equals the sum of its entries.
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../src/server/http/app-error';
import { append, appendAlone, balance, history } from '../../src/server/modules/credit/service';
import { createUser } from '../factories';
import { expectLedgersBalanced } from '../setup/credit-ledger';
import { openTestDatabase } from '../setup/test-db';

const key = () => `test-${randomBytes(8).toString('hex')}`;
let database: Awaited<ReturnType<typeof openTestDatabase>>;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.dispose());
afterEach(() => expectLedgersBalanced(database.db));

describe('the credit ledger', { timeout: 60_000 }, () => {
  it('50 concurrent spends of one balance never take it below 0', async () => {
    const { db } = database;
    const person = await createUser(db);
    await appendAlone(db, { userId: person.id, amountCents: 1000, kind: 'admin_credit', idempotencyKey: key(), reason: 'Essai' });
    // 50 spends of 3,00 $ on a balance of 10,00 $: exactly 3 pass.
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () =>
        db.transaction((tx) => append(tx, { userId: person.id, amountCents: -300, kind: 'order_payment', idempotencyKey: key() })),
      ),
    );
    const passed = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected');
    expect(passed).toHaveLength(3);
    for (const r of refused) {
      const err = (r as PromiseRejectedResult).reason as AppError;
      expect(err).toBeInstanceOf(AppError);
      expect(err.code).toBe('CREDIT_INSUFFICIENT');
      expect(err.status).toBe(409);
      expect(err.message).toBe('Votre crédit Toque ne suffit pas pour ce montant.');
    }
    expect(await balance(db, person.id)).toBe(100);
  });

  it('a repeated request never credits twice, even at the same moment', async () => {
    const { db } = database;
    const person = await createUser(db);
    const k = key();
    const entry = { userId: person.id, amountCents: 2500, kind: 'refund_as_credit' as const, idempotencyKey: k };
    const results = await Promise.all(Array.from({ length: 10 }, () => appendAlone(db, entry)));
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(new Set(results.map((r) => r.entry.id)).size).toBe(1);
    const again = await appendAlone(db, entry);
    expect(again.created).toBe(false);
    expect(await balance(db, person.id)).toBe(2500);
  });

  it('the same key with another amount is refused, and nothing changes', async () => {
    const { db } = database;
    const person = await createUser(db);
    const k = key();
    await appendAlone(db, { userId: person.id, amountCents: 700, kind: 'admin_credit', idempotencyKey: k });
    await expect(appendAlone(db, { userId: person.id, amountCents: 900, kind: 'admin_credit', idempotencyKey: k })).rejects.toMatchObject({
      code: 'CREDIT_KEY_REUSED',
      status: 409,
    });
    expect(await balance(db, person.id)).toBe(700);
  });

  it('a spend that fails rolls back with the caller’s transaction', async () => {
    const { db } = database;
    const person = await createUser(db);
    await appendAlone(db, { userId: person.id, amountCents: 500, kind: 'admin_credit', idempotencyKey: key() });
    await expect(
      db.transaction(async (tx) => {
        await append(tx, { userId: person.id, amountCents: -500, kind: 'order_payment', idempotencyKey: key() });
        throw new Error('the order could not be written');
      }),
    ).rejects.toThrow('the order could not be written');
    expect(await balance(db, person.id)).toBe(500);
  });

  it('the history pages newest first, with French labels', async () => {
    const { db } = database;
    const person = await createUser(db);
    const base = Date.parse('2026-11-01T12:00:00Z');
    for (let i = 0; i < 3; i++) {
      await appendAlone(db, { userId: person.id, amountCents: 100 * (i + 1), kind: 'admin_credit', idempotencyKey: key(), reason: `Geste ${i}`, at: new Date(base + i * 60_000) });
    }
    const first = await history(db, person.id, { limit: 2, offset: 0 });
    expect(first.balanceCents).toBe(600);
    expect(first.total).toBe(3);
    expect(first.entries.map((e) => e.amountCents)).toEqual([300, 200]);
    expect(first.entries[0]!.label).toBe('Crédit offert par Toque');
    expect(first.payoutAvailable).toBe(false);
    const second = await history(db, person.id, { limit: 2, offset: 2 });
    expect(second.entries.map((e) => e.reason)).toEqual(['Geste 0']);
    const empty = await history(db, (await createUser(db)).id, { limit: 20, offset: 0 });
    expect(empty).toEqual({ balanceCents: 0, heldCents: 0, entries: [], total: 0, payoutAvailable: false });
  });
});
