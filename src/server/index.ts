// Boots the server: configuration, database (migrated, seeded when empty), HTTP, the sweep asking
// the provider again for refunds that never reached it, and — with the sandbox payment provider —
// the worker delivering its events to our own webhook and the one billing memberships; the
// background jobs (jobs/: e-mails, class reminders, hold expiry) on the database.
import { createServer } from 'node:http';
import { getRequestListener, serve } from '@hono/node-server';
import { createApp } from './app';
import { clockStartingAt } from './clock';
import { openDatabase } from './db/client';
import { migrationsDir, pgliteDir, uploadsDir } from './db/paths';
import { seedIfEmpty } from './db/seed';
import { createDemoAccountCheck } from './modules/admin/demo-accounts';
import type { Deps } from './deps';
import { loadConfig } from './env';
import { createMailer } from './integrations/mail/mailer';
import { createPaymentProvider } from './integrations/payments';
import { createSandboxBilling, createSandboxDelivery } from './integrations/payments/sandbox';
import { localDiskStorage } from './integrations/storage/local-disk';
import { createLogger } from './logger';
import { tolerateDatabaseOutageRejections } from './db/outage-rejections';
import { createObservability } from './http/observability/observability';
import { countPublicCacheHits } from './http/observability/observe';
import { createRateLimitSweep } from './http/rate-limit';
import { withPublicCacheFastPath } from './web/public-cache';
import { SESSION_COOKIE_NAMES } from './modules/auth/auth';
import { createRealtime } from './realtime/realtime';
import { createRefundRetry } from './modules/refunds/automatic';
import { createPaymentReconciliation } from './modules/payments/reconciliation';
import { createPaymentService } from './modules/payments/service';
import { prepareJobs } from './jobs/boss';
import { createJobs } from './jobs/jobs';
import { registerWorkers } from './jobs/workers';
import { scheduleMissingMinimumChecks } from './modules/minimum-enrolment/service';

// A configuration refused (a French message naming the variable) ends the process before anything starts.
const config = (() => {
  try {
    return loadConfig();
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  }
})();
const logger = createLogger(config);
// pg-boss does not await some of its own calls: while the database is away, their rejections must not end the process.
tolerateDatabaseOutageRejections(logger);
// The system clock, or in a test run the day it pins (refused without ALLOW_TEST_CLOCK: env.ts).
const now = clockStartingAt(config.testClockStart);
if (config.testClockStart) {
  logger.warn({ testClockStart: config.testClockStart.toISOString(), now: now().toISOString() }, "horloge de test : l'heure du serveur part de TEST_CLOCK_START");
}

const database = await openDatabase({
  url: config.databaseUrl,
  pgliteDir: config.databaseUrl ? undefined : pgliteDir(config),
  migrationsDir: migrationsDir(config),
});
await database.migrate();
// pg-boss's schema ('pgboss') and our queues, before any request may send a job.
await prepareJobs(database);

const observability = createObservability();
const jobs = createJobs(database, { now, onError: (err) => logger.error({ err }, 'tâches de fond : erreur'), metrics: observability.metrics });
const deps: Deps = {
  config,
  database,
  storage: localDiskStorage(uploadsDir(config)),
  logger,
  now,
  jobs,
  observability,
};
registerWorkers(deps, jobs);

if (config.seedOnEmpty) {
  const seeded = await seedIfEmpty(deps);
  if (seeded) logger.info('Base de données vide : données de démonstration ajoutées.');
}
// Demo accounts whose password the README prints: said at every start while any remains.
const openDemoAccounts = await createDemoAccountCheck(() => database.db).openDemoAccounts();
if (openDemoAccounts.length > 0) {
  logger.warn(
    { accounts: openDemoAccounts },
    `Comptes de démonstration ouverts avec le mot de passe public du README : ${openDemoAccounts.join(', ')}. ` +
      'Sur un site accessible de l’extérieur, changez leur mot de passe ou supprimez-les (la cheffe doit aussi activer la double authentification).',
  );
}

// Listening from the start: the public cache hears other instances' writes even before any tab
// opens an event stream.
const realtime = createRealtime(deps);
await realtime.start();
// Its e-mails sent in the background (password reset) are waited for at shutdown.
const mailer = createMailer(config, database.db, logger);
const app = createApp(deps, realtime, mailer);
// Started once the server listens: its first deliveries may be to this very server.
const sandboxDelivery =
  config.payments.provider === 'sandbox'
    ? createSandboxDelivery(deps, { url: config.payments.webhookUrl, secret: config.payments.webhookSecret })
    : null;
// The sandbox renews, retries and ends memberships when each one's clock passes its period end.
const sandboxBilling = config.payments.provider === 'sandbox' ? createSandboxBilling(deps) : null;
const paymentProvider = createPaymentProvider(deps);
const refundRetry = createRefundRetry(deps, paymentProvider);
// Once a day: the provider's events that no webhook delivery brought are applied (checklist P7).
// Expired attempt counters of the rate limits, deleted every five minutes.
const rateLimitSweep = createRateLimitSweep(database.db);
const reconciliation = createPaymentReconciliation(deps, paymentProvider, createPaymentService(deps, paymentProvider));
// A visitor's cached public GET is answered on Node's request, before the app's chain (counted).
const listener = countPublicCacheHits(observability, (inner) => withPublicCacheFastPath(inner, { sessionCookies: SESSION_COOKIE_NAMES }), getRequestListener(app.fetch));
const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host, createServer: ((options: object) => createServer(options, listener)) as typeof createServer }, (info) => {
  logger.info(`Toque écoute sur ${config.publicUrl} (port ${info.port}, base ${database.kind})`);
  sandboxDelivery?.start();
  sandboxBilling?.start();
  refundRetry.start();
  reconciliation.start();
  rateLimitSweep.start((err) => logger.error({ err }, 'limites de fréquence : nettoyage impossible'));
  jobs
    .start()
    // Sessions with a minimum whose 96-hour check was never planned (docs/decisions/0048).
    .then(() => scheduleMissingMinimumChecks(database.db, deps.now()))
    .then((planned) => {
      if (planned > 0) logger.info({ planned }, 'minimum d’inscriptions : vérifications planifiées');
    })
    .catch((err: unknown) => logger.error({ err }, 'tâches de fond : démarrage impossible'));
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  // /readyz answers 503 from now on; answers still being written close their connection.
  observability.draining = true;
  logger.info({ signal }, 'arrêt en cours');
  // Still serving while the load balancer's next /readyz checks see the 503 and take this instance out.
  if (config.shutdownDrainMs > 0) await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
  // Finish in-flight requests and the delivery under way, then release the database.
  const delivering = sandboxDelivery?.stop();
  const billing = sandboxBilling?.stop();
  const retrying = refundRetry.stop();
  const reconciling = reconciliation.stop();
  rateLimitSweep.stop();
  // The jobs under way finish (e-mails being sent); the others wait in the database for the next start.
  const working = jobs.stop(8000);
  // Open event streams would keep the server from closing: end them (browsers reconnect elsewhere).
  const listening = realtime.stop();
  server.close(async () => {
    await delivering?.catch(() => {});
    await billing?.catch(() => {});
    await retrying.catch(() => {});
    await reconciling.catch(() => {});
    await working.catch(() => {});
    await listening.catch(() => {});
    // The e-mails the last requests started (a reset link): sent, or kept in the outbox, before the database closes.
    await mailer.settled();
    await database.close().catch(() => {});
    process.exit(0);
  });
  // A connection whose last answer was sent before the shutdown stays open for keep-alive, and
  // would hold the close for up to its idle timeout: closed as soon as it is idle.
  setInterval(() => (server as import('node:http').Server).closeIdleConnections(), 250).unref();
  setTimeout(() => process.exit(1), 10_000).unref();
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
