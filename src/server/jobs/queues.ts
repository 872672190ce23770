// Every background job the site runs, by queue name, with what its data holds and how it retries.
// A queue must exist before a job is sent to it (pg-boss 10 keeps one table partition per queue):
// prepareJobs() creates them all, at boot and in the tests' database template.

export const QUEUES = {
  /** Sends one e-mail of the email_deliveries ledger (integrations/mail/outgoing.ts). */
  emailSend: 'email.send',
  /** Re-checks a confirmed seat and queues its reminder e-mail, 24 h or 1 h before the class. */
  reminder: 'reservation.reminder',
  /** Marks an unpaid hold expired at its end, so the admin's views are right without waiting for a read. */
  holdExpire: 'hold.expire',
  /** Re-checks a membership cancelled at its period's end and tells its member, 7 days before (subscriptions/ending.ts). */
  subscriptionEnding: 'subscription.ending',
  /** Re-checks a membership still in its free trial and tells its member, 2 days before the first charge (subscriptions/trial.ts). */
  subscriptionTrialEnding: 'subscription.trial_ending',
  /** Re-checks a confirmed seat and queues its class preparation kit, 72 h before the class (modules/prep-kit/job.ts). */
  prepKit: 'reservation.prep_kit',
  /** Closes an order still unpaid when its hold or payment window ends: 'canceled', shown « Abandonnée » (modules/checkout/abandon.ts). */
  orderAbandon: 'order.abandon',
  /** Deletes a deleted account's customer at the payment provider, until the provider accepts (modules/privacy/provider-customers.ts). */
  customerDelete: 'payments.customer_delete',
  /** Sends a paid gift card to its recipient at the day and hour its buyer chose (modules/gift-cards/delivery.ts). */
  giftCardDeliver: 'gift_card.deliver',
  /** Tells a person their gifted months end in 7 days, unless something follows them (modules/gift-cards/grant-ending.ts). */
  membershipGiftEnding: 'membership_gift.ending',
  /** Refunds to the card a seat of a cancelled session whose learner chose nothing by the deadline (modules/booking/refund-choice.ts). */
  refundChoiceDeadline: 'reservation.refund_choice',
  /** The policy's hours (96 by default) before a session with a minimum: under it, its chef is asked to keep or cancel it (modules/minimum-enrolment/jobs.ts). */
  minimumCheck: 'session.minimum_check',
  /** The policy's answer hours (12 by default) after the chef was asked: no answer, the session is cancelled for everyone (modules/minimum-enrolment/jobs.ts). */
  minimumDeadline: 'session.minimum_deadline',
  /** Offers a session's freed seats to its waitlist, for a freeing inside a transaction that cannot do it itself (modules/waitlist/jobs.ts). */
  waitlistPromote: 'waitlist.promote',
} as const;

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

export type ReminderKind = '24h' | '1h';

/** What each queue's jobs carry (JSON). */
export type JobData = {
  'email.send': {
    dedupeKey: string;
    mail: { to: string; subject: string; text: string; html: string; headers?: Record<string, string>; attachments?: { filename: string; content: string; contentType: string }[] };
  };
  'reservation.reminder': { reservationId: string; kind: ReminderKind };
  'hold.expire': { reservationId: string };
  'subscription.ending': { subscriptionId: string; periodEnd: string };
  'subscription.trial_ending': { subscriptionId: string; trialEnd: string };
  'reservation.prep_kit': { reservationId: string };
  'payments.customer_delete': { provider: string; customerId: string; userId: string };
  'order.abandon': { orderId: string; closesAt: string };
  'gift_card.deliver': { giftCardId: string; deliverAt: string };
  'membership_gift.ending': { grantId: string; endsAt: string };
  'reservation.refund_choice': { reservationId: string; dueAt: string };
  /** checkHours: the policy's when planned (absent on jobs planned before it was a setting: 96). */
  'session.minimum_check': { sessionId: string; startsAt: string; checkHours?: number };
  'session.minimum_deadline': { sessionId: string; askedAt: string };
  'waitlist.promote': { sessionId: string };
};

/**
 * How a failed job is tried again: `retryDelay` seconds, doubled at each attempt (back-off). E-mails
 * wait for a mail server to come back, a customer's deletion for the payment provider (about 21 hours
 * in all); the others only fail on a database error.
 */
export const QUEUE_RETRY: Record<QueueName, { retryLimit: number; retryDelay: number }> = {
  'email.send': { retryLimit: 6, retryDelay: 30 },
  'reservation.reminder': { retryLimit: 4, retryDelay: 30 },
  'hold.expire': { retryLimit: 4, retryDelay: 10 },
  'subscription.ending': { retryLimit: 4, retryDelay: 30 },
  'subscription.trial_ending': { retryLimit: 4, retryDelay: 30 },
  'reservation.prep_kit': { retryLimit: 4, retryDelay: 30 },
  'payments.customer_delete': { retryLimit: 8, retryDelay: 300 },
  'order.abandon': { retryLimit: 4, retryDelay: 10 },
  'gift_card.deliver': { retryLimit: 6, retryDelay: 30 },
  'membership_gift.ending': { retryLimit: 4, retryDelay: 30 },
  'reservation.refund_choice': { retryLimit: 6, retryDelay: 30 },
  'session.minimum_check': { retryLimit: 6, retryDelay: 30 },
  'session.minimum_deadline': { retryLimit: 6, retryDelay: 30 },
  'waitlist.promote': { retryLimit: 4, retryDelay: 10 },
};
