// "Supprimer mon compte" (Loi 25, right to erasure): see docs/decisions/0016-privacy.md. The person
// confirms with the word SUPPRIMER and their password; a membership stops renewing at the provider;
// seats still to come must be cancelled first (their refund follows the normal 48 h rule, which the
// person should see); a « Crédit Toque » balance must have been renounced, that very amount (decision
// 0044); then, in one transaction, everything personal is deleted or erased and the
// rows the tax records need (orders, receipts, credit notes) stay without a name or an address;
// once that has committed, the person's customer at Stripe is deleted too (provider-customers.ts:
// queued in the transaction, tried at once, tried again until Stripe accepts).
import { retryRace } from '../../db/retry';
import { DELETION_CONFIRMATION_WORD, deleteAccountSchema } from '@shared/schemas/privacy';
import type { Deps } from '../../deps';
import { AppError } from '../../http/app-error';
import { parseInput } from '../../http/validate';
import type { PaymentProvider } from '../../integrations/payments/port';
import { verifyPassword } from '../auth/password-hash';
import { createAuthRateLimits } from '../auth/rate-limits';
import { balance as creditBalance, creditAtDeletionError, forfeitAtDeletion, heldByUnpaidOrders, lockedBalance } from '../credit/service';
import { createSubscriptionService } from '../subscriptions/service';
import { eraseWaitlistOf } from '../waitlist/service';
import * as repo from './deletion-repository';
import { createProviderCustomerDeletion, queueCustomerDeletions } from './provider-customers';

/** Keys of the avatars we generated ourselves (as account/service.ts): the only files we delete. */
const OWN_AVATAR_KEY = /^avatars\/[0-9a-f-]{36}\.webp$/;

const STAFF_BLOCKED =
  "Le compte de la cheffe ou d'un chef invité ne se supprime pas depuis Mon Compte : écrivez à la personne responsable de la protection des renseignements personnels.";

export function createAccountDeletion(deps: Pick<Deps, 'config' | 'database' | 'storage' | 'logger' | 'now'>, provider: PaymentProvider) {
  const db = () => deps.database.db;
  const limits = createAuthRateLimits(deps.database.db);
  const memberships = createSubscriptionService(deps, provider);
  const providerCustomers = createProviderCustomerDeletion(deps, provider);

  async function checkPassword(userId: string, email: string, password: string | undefined) {
    const hash = await repo.passwordHash(db(), userId);
    // An account made through the identity provider has no password: its open session is the proof.
    if (hash === undefined) return;
    if (!password) throw new AppError('ACCOUNT_DELETION_CONFIRMATION');
    // The same allowance as signing in: a stolen session cannot guess the password here either.
    await limits.consume([['signInPerAccount', email]]);
    if (!hash || !(await verifyPassword({ hash, password }))) throw new AppError('INVALID_CURRENT_PASSWORD');
  }

  /** Stops the membership's renewals (no refund of the current period); nothing to stop is fine. */
  async function stopMembership(userId: string) {
    try {
      await memberships.cancel(userId);
    } catch (err) {
      if (err instanceof AppError && err.code === 'NO_SUBSCRIPTION_TO_CANCEL') return;
      throw err;
    }
  }

  function ownAvatarKey(url: string | null): string | null {
    if (!url) return null;
    const key = url.replace(/^\/media\//, '');
    return OWN_AVATAR_KEY.test(key) && deps.storage.publicUrl(key) === url ? key : null;
  }

  return {
    async delete(userId: string, body: unknown): Promise<void> {
      const input = parseInput(deleteAccountSchema, body);
      if (input.confirmation.trim() !== DELETION_CONFIRMATION_WORD) throw new AppError('ACCOUNT_DELETION_CONFIRMATION');
      const person = await repo.findPerson(db(), userId);
      if (!person) throw new AppError('UNAUTHENTICATED');
      if (repo.isDeletedEmail(person.email)) return;
      if (person.role && person.role !== 'learner') throw new AppError('ACCOUNT_DELETION_BLOCKED', STAFF_BLOCKED);
      await checkPassword(userId, person.email, input.password);
      if ((await repo.openSeats(db(), userId, deps.now())) > 0) throw new AppError('ACCOUNT_DELETION_BLOCKED');
      // « Crédit Toque » left (held by unpaid orders too): the person must have renounced that very amount (0044).
      const owed = (await creditBalance(db(), userId)) + (await heldByUnpaidOrders(db(), userId));
      if (owed > 0 && input.forfeitCreditCents !== owed) throw creditAtDeletionError(owed);
      await stopMembership(userId);

      const now = deps.now();
      const erased = await retryRace(() => db().transaction(async (tx) => {
        // The person's ledger lock before their row, as a checkout takes them (ledger, then the order's
        // reference to the person): the two never wait on each other in a circle.
        await lockedBalance(tx, userId);
        const email = await repo.lockUser(tx, userId);
        if (!email || repo.isDeletedEmail(email)) return null;
        // Checked again under the lock: a seat booked in another tab meanwhile still blocks.
        if ((await repo.openSeats(tx, userId, now)) > 0) throw new AppError('ACCOUNT_DELETION_BLOCKED');
        // Checked again under the ledger lock (a refund as credit may have landed): renounced, as one entry.
        await forfeitAtDeletion(tx, userId, input.forfeitCreditCents, now);
        await repo.eraseAccount(tx, userId, email, now);
        await eraseWaitlistOf(tx, userId);
        const customerIds = provider.deleteCustomer ? await repo.providerCustomerIds(tx, userId, provider.name) : [];
        await queueCustomerDeletions(tx, { provider: provider.name, userId, customerIds, now });
        return { customerIds };
      }));
      if (!erased) return;
      await providerCustomers.deleteNow(userId, erased.customerIds);
      const avatar = ownAvatarKey(person.avatarUrl);
      if (avatar) await deps.storage.delete(avatar).catch((err) => deps.logger.warn({ err, key: avatar }, 'avatar of a deleted account not removed'));
      deps.logger.info({ userId }, 'account deleted at its owner’s request');
    },
  };
}

export type AccountDeletion = ReturnType<typeof createAccountDeletion>;

/** For the payment events: money that lands for a deleted account is refunded, never granted. */
export { isDeletedEmail } from './deletion-repository';
