// Which handler works which queue. index.ts registers them all on every instance; pg-boss hands
// each job to one of them (SKIP LOCKED), and retries a failed one with back-off.
import type { Deps } from '../deps';
import { emailSender } from '../integrations/mail/outgoing';
import type { Mailer } from '../integrations/mail/mailer';
import { refundChoiceDeadlineWorker } from '../modules/booking/refund-choice';
import { orderCloseWorker } from '../modules/checkout/abandon';
import { minimumCheckWorker, minimumDeadlineWorker } from '../modules/minimum-enrolment/jobs';
import { prepKitWorker } from '../modules/prep-kit/job';
import { giftCardDeliveryWorker } from '../modules/gift-cards/delivery';
import { grantEndingWorker } from '../modules/gift-cards/grant-ending';
import { createPaymentProvider } from '../integrations/payments';
import { createProviderCustomerDeletion } from '../modules/privacy/provider-customers';
import { endingWorker } from '../modules/subscriptions/ending';
import { trialReminderWorker } from '../modules/subscriptions/trial';
import { waitlistPromoteWorker } from '../modules/waitlist/jobs';
import { seatsFreed } from '../modules/waitlist/service';
import { holdExpiryWorker } from './hold-expiry';
import type { Jobs } from './jobs';
import { QUEUES } from './queues';
import { reminderWorker } from './reminders';

export function registerWorkers(
  deps: Pick<Deps, 'config' | 'database' | 'storage' | 'logger' | 'now'>,
  jobs: Pick<Jobs, 'work'>,
  opts: { mailer?: Mailer } = {},
): void {
  jobs.work(QUEUES.emailSend, emailSender(deps, opts.mailer));
  const reminder = reminderWorker(deps);
  jobs.work(QUEUES.reminder, async (job) => {
    const outcome = await reminder(job);
    deps.logger.info({ reservationId: job.data.reservationId, kind: job.data.kind, outcome }, 'rappel de cours');
  });
  // A lapsed hold's seat goes to the waitlist; a lapsed offer passes to the next in line.
  const holdExpiry = holdExpiryWorker(deps, { seatsFreed: (sessionId) => seatsFreed(deps, sessionId) });
  jobs.work(QUEUES.holdExpire, async (job) => {
    await holdExpiry(job);
  });
  const prepKit = prepKitWorker(deps);
  jobs.work(QUEUES.prepKit, async (job) => {
    const outcome = await prepKit(job);
    deps.logger.info({ reservationId: job.data.reservationId, outcome }, 'trousse de préparation');
  });
  const ending = endingWorker(deps);
  jobs.work(QUEUES.subscriptionEnding, async (job) => {
    deps.logger.info({ subscriptionId: job.data.subscriptionId, outcome: await ending(job) }, 'abonnement : fin dans 7 jours');
  });
  const trialEnding = trialReminderWorker(deps);
  jobs.work(QUEUES.subscriptionTrialEnding, async (job) => {
    deps.logger.info({ subscriptionId: job.data.subscriptionId, outcome: await trialEnding(job) }, "abonnement : fin de l'essai dans 2 jours");
  });
  const provider = createPaymentProvider(deps);
  const orderClose = orderCloseWorker(deps, provider);
  jobs.work(QUEUES.orderAbandon, async (job) => {
    deps.logger.info({ orderId: job.data.orderId, outcome: await orderClose(job) }, 'commande non payée à la fin de son délai');
  });
  const giftCards = giftCardDeliveryWorker(deps);
  jobs.work(QUEUES.giftCardDeliver, async (job) => {
    deps.logger.info({ giftCardId: job.data.giftCardId, outcome: await giftCards(job) }, 'carte-cadeau : envoi à la personne qui la reçoit');
  });
  const grantEnding = grantEndingWorker(deps);
  jobs.work(QUEUES.membershipGiftEnding, async (job) => {
    deps.logger.info({ grantId: job.data.grantId, outcome: await grantEnding(job) }, 'abonnement offert : fin dans 7 jours');
  });
  const refundChoice = refundChoiceDeadlineWorker(deps, provider);
  jobs.work(QUEUES.refundChoiceDeadline, async (job) => {
    deps.logger.info({ reservationId: job.data.reservationId, outcome: await refundChoice(job) }, 'séance annulée : remboursement sur la carte faute de choix');
  });
  const minimumCheck = minimumCheckWorker(deps, provider);
  jobs.work(QUEUES.minimumCheck, async (job) => {
    deps.logger.info({ sessionId: job.data.sessionId, outcome: await minimumCheck(job) }, 'séance : minimum d’inscriptions vérifié');
  });
  const minimumDeadline = minimumDeadlineWorker(deps, provider);
  jobs.work(QUEUES.minimumDeadline, async (job) => {
    deps.logger.info({ sessionId: job.data.sessionId, outcome: await minimumDeadline(job) }, 'séance sous son minimum : fin du délai de réponse');
  });
  const promote = waitlistPromoteWorker(deps);
  jobs.work(QUEUES.waitlistPromote, async (job) => {
    deps.logger.info({ sessionId: job.data.sessionId, offers: await promote(job) }, "liste d'attente : places libérées offertes");
  });
  const customers = createProviderCustomerDeletion(deps, provider);
  jobs.work(QUEUES.customerDelete, (job) => customers.work(job));
}
