// The payment reconciliation (checklist P7): once a day, the provider's events since the last run
// are read from its API and fed through the webhook's own handling. An event a delivery applied is
// skipped; one that no delivery brought (a wrong webhook secret, an outage longer than the
// provider's retries) is applied now, so the shop's orders, seats and memberships end with no
// drift. Events name payments or subscriptions the shop does not know (made by hand in the
// provider's dashboard, or another site on a shared account): each run lists them for the
// operator. Runs are recorded in payment_reconciliations; one instance runs each day.
import type { Deps } from '../../deps';
import type { PaymentEvent, PaymentProvider } from '../../integrations/payments/port';
import * as repo from './reconciliation-repository';
import type { PaymentService } from './service';

const HOUR_MS = 60 * 60 * 1000;
/** How often an instance asks whether a run is due, and the least time between two runs. */
const CHECK_EVERY_MS = HOUR_MS;
const RUN_EVERY_MS = 20 * HOUR_MS;
/** The first check after start-up: not in the boot's rush. */
const FIRST_CHECK_MS = 60_000;

export type ReconciliationReport = repo.RunResult & { since: Date };

type ReconciliationDeps = Pick<Deps, 'database' | 'logger' | 'now'>;

function anomaliesOf(unknownPayments: string[], unknownSubscriptions: string[], failed: number): string[] {
  return [
    ...unknownPayments.map((id) => `Paiement ${id} réussi chez le fournisseur sans commande Toque.`),
    ...unknownSubscriptions.map((id) => `Abonnement ${id} chez le fournisseur, inconnu de Toque.`),
    ...(failed ? [`${failed} événement(s) n'ont pas pu être appliqués : voir le journal du serveur.`] : []),
  ];
}

export function createPaymentReconciliation(deps: ReconciliationDeps, provider: PaymentProvider, payments: PaymentService) {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<ReconciliationReport | null> | null = null;

  async function runClaimed(claim: repo.ClaimedRun): Promise<ReconciliationReport> {
    const db = deps.database.db;
    let events: PaymentEvent[] = [];
    let applied = 0;
    let failed = 0;
    let error: string | null = null;
    try {
      events = await provider.listEvents(claim.since);
      for (const event of events) {
        if (event.type === 'ignored' || (await payments.isApplied(event.id))) continue;
        try {
          if ((await payments.applyEvent(event)) === 'processed') {
            applied += 1;
            deps.logger.warn({ eventId: event.id, type: event.type }, 'rapprochement : événement jamais reçu par le webhook, appliqué maintenant');
          }
        } catch (err) {
          failed += 1;
          deps.logger.error({ err, eventId: event.id, type: event.type }, 'rapprochement : événement impossible à appliquer');
        }
      }
    } catch (err) {
      error = err instanceof Error ? err.message : String(err);
      deps.logger.error({ err }, 'rapprochement des paiements impossible');
    }
    const paid = [...new Set(events.flatMap((e) => (e.type === 'payment.succeeded' ? [e.paymentId] : [])))];
    const memberships = [...new Set(events.flatMap((e) => ('subscriptionId' in e ? [e.subscriptionId] : [])))];
    const anomalies = anomaliesOf(
      await repo.paymentsWithoutOrder(db, provider.name, paid),
      await repo.subscriptionsUnknown(db, provider.name, memberships),
      failed,
    );
    if (anomalies.length) deps.logger.warn({ anomalies }, 'rapprochement des paiements : à vérifier');
    const result: repo.RunResult = { finishedAt: deps.now(), eventsListed: events.length, eventsApplied: applied, eventsFailed: failed, anomalies, error };
    await repo.finishRun(db, claim.id, result);
    return { ...result, since: claim.since };
  }

  /** One run unless one started less than `minGapMs` ago; the same promise to a caller while one runs here. */
  function runOnce(minGapMs: number): Promise<ReconciliationReport | null> {
    running ??= (async () => {
      const claim = await repo.claimRun(deps.database.db, provider.name, deps.now(), minGapMs);
      return claim ? runClaimed(claim) : null;
    })()
      .catch((err: unknown) => {
        deps.logger.error({ err }, 'rapprochement des paiements impossible');
        return null;
      })
      .finally(() => {
        running = null;
      });
    return running;
  }

  return {
    /** Runs now, whenever the last run was (an operator's, or a test's). */
    reconcile: () => runOnce(0),
    /** Runs unless a run that went well started in the last 20 hours, or one is under way (here or on another instance). */
    runIfDue: () => runOnce(RUN_EVERY_MS),
    start() {
      if (timer) return;
      const check = () => void runOnce(RUN_EVERY_MS);
      timer = setTimeout(function tick() {
        check();
        timer = setTimeout(tick, CHECK_EVERY_MS).unref();
      }, FIRST_CHECK_MS).unref();
    },
    async stop() {
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
  };
}
