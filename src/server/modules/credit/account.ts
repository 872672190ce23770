// « Mon crédit » for the signed-in person, and the admin's « Ajouter un crédit »: the rules over the
// ledger (service.ts) that the routes call.
import { adminCreditSchema, creditPayoutSchema, creditPreferenceSchema, type CreditPayoutResponse, type CreditPreference, type CreditResponse } from '@shared/schemas/credit';
import type { Deps } from '../../deps';
import { AppError } from '../../http/app-error';
import { parseInput } from '../../http/validate';
import { recordAudit } from '../audit/service';
import { append, automaticRefundsGoToCredit, entryByKey, history, lockedBalance, payoutAvailable, toCreditEntry } from './service';
import { saveAutomaticRefundsToCredit } from './repository';

export function createCreditAccountService(deps: Pick<Deps, 'database' | 'now'>) {
  const db = () => deps.database.db;
  return {
    mine(userId: string, page: { limit: number; offset: number }): Promise<CreditResponse> {
      return history(db(), userId, page);
    },

    async preference(userId: string): Promise<CreditPreference> {
      return { automaticRefundsToCredit: await automaticRefundsGoToCredit(db(), userId) };
    },

    /** The same answer however often it is sent (an upsert of the person's one row). */
    async savePreference(userId: string, body: unknown): Promise<CreditPreference> {
      const input = parseInput(creditPreferenceSchema, body);
      await saveAutomaticRefundsToCredit(db(), userId, input.automaticRefundsToCredit, deps.now());
      return input;
    },

    /**
     * « Demander le versement »: a balance above 0 and under 5 $ is taken off the credit at once (entry
     * `payout`) and waits on the admin's page, who pays it (docs/decisions/0038). The same key answers
     * the same; a balance of 5 $ or more, or none: 409.
     */
    async requestPayout(userId: string, body: unknown): Promise<CreditPayoutResponse> {
      const input = parseInput(creditPayoutSchema, body);
      const idempotencyKey = `payout:${userId}:${input.key}`;
      const entry = await db().transaction(async (tx) => {
        const balanceCents = await lockedBalance(tx, userId);
        const asked = await entryByKey(tx, idempotencyKey);
        if (asked) return asked;
        if (!payoutAvailable(balanceCents)) throw new AppError('CREDIT_PAYOUT_NOT_AVAILABLE');
        return (await append(tx, { userId, amountCents: -balanceCents, kind: 'payout', idempotencyKey, at: deps.now() })).entry;
      });
      return { payout: toCreditEntry(entry), credit: await history(db(), userId, { limit: 20, offset: 0 }) };
    },
  };
}

/** « Ajouter un crédit » from the admin's page of a person: with its reason, audited, safe to repeat (the form's key). */
export async function addAdminCredit(
  deps: Pick<Deps, 'database' | 'now'>,
  admin: { userId: string },
  userId: string,
  body: unknown,
) {
  const input = parseInput(adminCreditSchema, body);
  return deps.database.db.transaction(async (tx) => {
    const done = await append(tx, {
      userId,
      amountCents: input.amountCents,
      kind: 'admin_credit',
      actorId: admin.userId,
      reason: input.reason,
      idempotencyKey: `admin-credit:${userId}:${input.key}`,
      at: deps.now(),
    });
    if (done.created) {
      await recordAudit(tx, {
        actorId: admin.userId,
        action: 'client.credit.add',
        targetType: 'user',
        targetId: userId,
        details: { entryId: done.entry.id, amountCents: input.amountCents, reason: input.reason },
      });
    }
    return { created: done.created, entry: toCreditEntry(done.entry), balanceCents: done.balanceCents };
  });
}
