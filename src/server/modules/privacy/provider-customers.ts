// A deleted account's customer at the payment provider (their e-mail, their saved cards) is deleted
// there too. The deletion's transaction queues one job per customer, so a crash or a provider outage
// after the commit loses nothing; the first try is made at once, after the commit, and cancels the
// job when the provider accepts. The job then tries again with back-off for about 21 hours before
// it tells the operator to delete the customer by hand.
import type { Deps } from '../../deps';
import { cancelJob, sendJob } from '../../jobs/boss';
import type { Job } from '../../jobs/jobs';
import { QUEUE_RETRY, QUEUES } from '../../jobs/queues';
import type { Db } from '../../db/client';
import type { PaymentProvider } from '../../integrations/payments/port';

/** How long the queued job waits for the immediate try to settle it (so both rarely run). */
const FIRST_RETRY_AFTER_MS = 10 * 60_000;

/** The job's singletonKey: one deletion per customer. */
export const customerDeletionJobKey = (provider: string, customerId: string) => `${provider}:${customerId}`;

/** Inside the deletion's transaction: one job per customer, run only if the deletion commits. */
export async function queueCustomerDeletions(tx: Pick<Db, 'execute'>, input: { provider: string; userId: string; customerIds: string[]; now: Date }): Promise<void> {
  for (const customerId of input.customerIds) {
    await sendJob(tx, QUEUES.customerDelete, { provider: input.provider, customerId, userId: input.userId }, {
      now: input.now,
      startAfter: new Date(input.now.getTime() + FIRST_RETRY_AFTER_MS),
      singletonKey: customerDeletionJobKey(input.provider, customerId),
    });
  }
}

export function createProviderCustomerDeletion(deps: Pick<Deps, 'database' | 'logger'>, provider: PaymentProvider) {
  async function deleteAtProvider(data: { provider: string; customerId: string; userId: string }): Promise<void> {
    await provider.deleteCustomer!(data.customerId);
    deps.logger.info({ userId: data.userId, customerId: data.customerId }, 'payment provider customer of a deleted account deleted');
  }

  return {
    /** After the commit: the first try. A failure is left to the queued job (logged as a warning). */
    async deleteNow(userId: string, customerIds: string[]): Promise<void> {
      for (const customerId of customerIds) {
        try {
          await deleteAtProvider({ provider: provider.name, customerId, userId });
        } catch (err) {
          deps.logger.warn({ err, userId, customerId }, 'payment provider customer of a deleted account not deleted yet: the job will try again');
          continue;
        }
        try {
          await cancelJob(deps.database.db, QUEUES.customerDelete, customerDeletionJobKey(provider.name, customerId));
        } catch (err) {
          // Harmless: the job will find the customer gone, which counts as deleted.
          deps.logger.warn({ err, userId, customerId }, 'payment provider customer deleted, but its queued retry could not be cancelled');
        }
      }
    },

    /** The queue's handler: throwing makes pg-boss try again; the last failure is an error for the operator. */
    async work(job: Pick<Job<typeof QUEUES.customerDelete>, 'data' | 'retryCount'>): Promise<void> {
      const { data } = job;
      if (data.provider !== provider.name || !provider.deleteCustomer) {
        deps.logger.error({ userId: data.userId, customerId: data.customerId, provider: data.provider }, 'payment provider customer of a deleted account NOT deleted: this provider is no longer configured, delete it from its dashboard');
        return;
      }
      try {
        await deleteAtProvider(data);
      } catch (err) {
        const last = job.retryCount >= QUEUE_RETRY[QUEUES.customerDelete].retryLimit;
        if (last) deps.logger.error({ err, userId: data.userId, customerId: data.customerId }, 'payment provider customer of a deleted account NOT deleted: delete it from the provider dashboard');
        else deps.logger.warn({ err, userId: data.userId, customerId: data.customerId, retryCount: job.retryCount }, 'payment provider customer of a deleted account not deleted yet: the job will try again');
        throw err;
      }
    },
  };
}
