// A gift card comes into being, and reaches its recipient.
//
// Issued in the paid order's own transaction (payments/service.ts, after the courses are granted):
// each 'pending' card of the order gets its random code and becomes 'active'; a replayed event
// finds none pending and issues nothing more. A card due now is e-mailed in that same transaction
// (queued, as every transactional e-mail); one for later is a pg-boss job whose startAfter is the
// day and hour the buyer chose (America/Toronto), sent in that transaction too.
//
// The job decides at run time: a voided card is not sent, one sent already is not sent twice
// (the e-mail's dedupe key), and a job that runs early (the database's clock ahead of the app's)
// fails and is retried.
import { randomInt } from 'node:crypto';
import { formatGiftCardCode, makeGiftCardCode, redeemPathFor } from '@shared/gift-cards';
import type { Tx } from '../../db/client';
import type { Deps } from '../../deps';
import { queueEmail } from '../../integrations/mail/outgoing';
import { siteUrl } from '../../integrations/mail/templates/common';
import { giftCardMail } from '../../integrations/mail/templates/gift-card';
import { sendJob } from '../../jobs/boss';
import type { Job } from '../../jobs/jobs';
import { QUEUES } from '../../jobs/queues';
import { signedDocumentUrl } from '../receipts/document-link';
import * as repo from './repository';

type Site = { publicUrl: string; authSecret: string };

/** Where the recipient adds a card to their credit (Mon Compte › Mon crédit); the e-mail's link carries the code (redeemPathFor). */
export const REDEEM_PATH = '/account#mon-credit';

export const deliveryJobKey = (cardId: string) => `gift-card:${cardId}`;

/** Gives each pending card of this paid order its code; delivers or schedules each. Safe to repeat. */
export async function issueGiftCards(tx: Tx, input: { orderId: string; now: Date; site: Site }): Promise<number> {
  const pending = await repo.lockPendingOfOrder(tx, input.orderId);
  for (const card of pending) {
    // 31^16 codes: a collision is all but impossible; should one happen, another code is drawn.
    let issued = false;
    for (let attempt = 0; attempt < 5 && !issued; attempt++) issued = await repo.activate(tx, card.id, makeGiftCardCode(randomInt), input.now);
    if (!issued) throw new Error(`gift card ${card.id}: no free code found`);
    if (card.deliverAt.getTime() <= input.now.getTime()) await deliver(tx, card.id, { now: input.now, site: input.site });
    else {
      await sendJob(tx, QUEUES.giftCardDeliver, { giftCardId: card.id, deliverAt: card.deliverAt.toISOString() }, { startAfter: card.deliverAt, now: input.now, singletonKey: deliveryJobKey(card.id) });
    }
  }
  return pending.length;
}

export type DeliveryOutcome = 'delivered' | 'already' | 'not_deliverable';

/**
 * Queues the card's e-mail to its recipient (once; `again`: the admin's resend, once per request
 * key) and marks it delivered. The link is signed from now.
 */
export async function deliver(tx: Tx, cardId: string, opts: { now: Date; site: Site; again?: { requestKey: string } }): Promise<DeliveryOutcome> {
  const found = await repo.findForDocument(tx, cardId);
  if (!found?.card.code || (found.card.status !== 'active' && found.card.status !== 'redeemed')) return 'not_deliverable';
  const { card } = found;
  const queued = await queueEmail(tx, {
    dedupeKey: opts.again ? `gift_card.delivery.again:${card.id}:${opts.again.requestKey}` : `gift_card.delivery:${card.id}`,
    kind: opts.again ? 'gift_card.delivery.again' : 'gift_card.delivery',
    to: card.recipientEmail,
    userId: null,
    mail: giftCardMail({
      to: { email: card.recipientEmail, name: card.recipientName },
      fromName: found.buyerName,
      amountCents: card.amountCents,
      membershipMonths: card.kind === 'membership' ? card.membershipMonths : null,
      code: card.code!,
      message: card.message,
      courseTitle: found.courseTitle,
      cardUrl: signedDocumentUrl(opts.site, 'gift-card', card.id, opts.now),
      redeemUrl: siteUrl(opts.site.publicUrl, redeemPathFor(formatGiftCardCode(card.code!))),
    }),
  });
  if (!queued) return 'already';
  if (!card.deliveredAt) await repo.markDelivered(tx, card.id, opts.now);
  return 'delivered';
}

export class DeliveryNotDue extends Error {}

export function giftCardDeliveryWorker(deps: Pick<Deps, 'config' | 'database' | 'now'>) {
  return async (job: Pick<Job<typeof QUEUES.giftCardDeliver>, 'data'>): Promise<DeliveryOutcome> => {
    const now = deps.now();
    return deps.database.db.transaction(async (tx) => {
      const card = await repo.lockById(tx, job.data.giftCardId);
      if (!card) return 'not_deliverable';
      if (card.deliveredAt) return 'already';
      // pg-boss runs it by the database's clock; this instance's may be behind: tried again soon.
      if (now.getTime() < card.deliverAt.getTime()) throw new DeliveryNotDue(`gift card ${card.id} is due at ${card.deliverAt.toISOString()}`);
      return deliver(tx, card.id, { now, site: deps.config });
    });
  };
}
