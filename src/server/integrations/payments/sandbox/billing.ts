// The sandbox's billing worker: what Stripe does on its side each month. Every 30 s (and at once
// when the test-clock route moves a clock) it bills what is due on each subscription's own clock:
// renewals, retries of refused renewals, cancellations at period end (subscriptions.ts).
//
// Each subscription is billed in its own transaction with its row locked (FOR UPDATE SKIP LOCKED):
// another instance, or a second run in this one, skips it, so a period is never billed twice; its
// events are queued in that same transaction (the outbox) and the delivery worker is woken after.
import type { Deps } from '../../../deps';
import * as repo from './repository';
import { notifyEventsQueued } from './signal';
import { billSubscription } from './subscriptions';

export type BillingReport = {
  /** The subscriptions billed this run. */
  subscriptions: string[];
  /** Renewal invoices made. */
  invoices: number;
  /** Events queued. */
  events: number;
};

export type BillingOptions = {
  /** How often the worker looks for what is due (default 30 s). */
  intervalMs?: number;
};

type BillingDeps = Pick<Deps, 'database' | 'logger' | 'now'>;

/** One pass: bills every subscription with something due, one transaction each, until none is left. */
export async function runSandboxBilling(deps: BillingDeps): Promise<BillingReport> {
  const report: BillingReport = { subscriptions: [], invoices: 0, events: 0 };
  // A subscription whose billing throws is left for the next run, not retried in a loop now.
  const skip: string[] = [];
  for (;;) {
    let claimedId: string | null = null;
    try {
      const done = await deps.database.db.transaction(async (tx) => {
        const realNow = deps.now();
        const sub = await repo.claimDueSubscription(tx, realNow, skip);
        if (!sub) return null;
        claimedId = sub.id;
        const billed = await billSubscription(tx, sub.id, realNow);
        await repo.insertEvents(tx, billed.events, realNow);
        return { id: sub.id, ...billed };
      });
      if (!done) break;
      report.subscriptions.push(done.id);
      report.invoices += done.invoices;
      report.events += done.events.length;
      if (done.events.length > 0) notifyEventsQueued();
      // Nothing was due after all (another run billed it between the look and the lock): not again this run.
      if (done.events.length === 0) skip.push(done.id);
    } catch (err) {
      if (!claimedId) throw err;
      deps.logger.error({ err, subscriptionId: claimedId }, 'sandbox : facturation de l’abonnement en échec (nouvel essai au prochain passage)');
      skip.push(claimedId);
    }
  }
  return report;
}

export function createSandboxBilling(deps: BillingDeps, options: BillingOptions = {}) {
  const intervalMs = options.intervalMs ?? 30_000;
  let running = false;
  let timer: NodeJS.Timeout | null = null;
  let current: Promise<BillingReport> | null = null;

  /** One run at a time in this process; a call during a run waits for it, then runs again. */
  async function runOnce(): Promise<BillingReport> {
    while (current) await current.catch(() => undefined);
    const run = runSandboxBilling(deps);
    current = run;
    try {
      return await run;
    } finally {
      if (current === run) current = null;
    }
  }

  function schedule() {
    if (!running) return;
    timer = setTimeout(() => {
      timer = null;
      runOnce()
        .catch((err: unknown) => deps.logger.error({ err }, 'sandbox : erreur du worker de facturation'))
        .finally(schedule);
    }, intervalMs);
    timer.unref();
  }

  return {
    runOnce,
    start() {
      if (running) return;
      running = true;
      schedule();
    },
    /** Stops the timer and waits for the run in progress (call before closing the database). */
    async stop() {
      running = false;
      if (timer) clearTimeout(timer);
      timer = null;
      await current?.catch(() => undefined);
    },
  };
}

export type SandboxBilling = ReturnType<typeof createSandboxBilling>;
