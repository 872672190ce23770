// « Offrir un cours »: gift cards (docs/decisions/0039-gift-cards.md).
//
// Bought like any order: the server prices the card (its amount; no tax — a gift card's sale is
// not a supply, shared/tax), writes the order, its 'gift_card' line and the card ('pending', no
// code) in one transaction, then asks the provider for the payment under the order's key. The card
// exists (its code, 'active') only once the payment event says so (delivery.ts, in that event's
// transaction). Redeemed whole into the person's « Crédit Toque » (one ledger entry naming the
// card, under the card's row lock: concurrent tries credit once). An unused card may be voided by
// the admin: its line refunded to the buyer through the refunds' one path.
import { randomUUID } from 'node:crypto';
import { addMonths } from 'date-fns/addMonths';
import { formatLongDate } from '@shared/format';
import {
  formatGiftCardCode,
  giftCardCodeHint,
  GIFT_CARD_LINE_LABEL,
  membershipGiftLabel,
  membershipGiftLineLabel,
  membershipGiftPriceCents,
  normaliseGiftCardCode,
  torontoHourToUtc,
  type GiftCardKind,
  type GiftCardStatus,
  type MembershipGiftMonths,
} from '@shared/gift-cards';
import { PROVINCE_CODES, type ProvinceCode } from '@shared/provinces';
import type { CheckoutResponse, PaymentSession } from '@shared/schemas/checkout';
import {
  giftCardPurchaseSchema,
  giftCardRedeemSchema,
  giftCardVoidSchema,
  GIFT_CARD_MAX_DELAY_DAYS,
  type AdminGiftCardsQuery,
  type AdminGiftCardsResponse,
  type AdminGiftCardView,
  type GiftCardRedeemResponse,
  type MembershipGrantView,
  type PurchasedGiftCardView,
} from '@shared/schemas/gift-cards';
import { computeTaxes, orderAmounts } from '@shared/tax';
import type { Tx } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError } from '../../http/app-error';
import { isDatabaseUnavailable } from '../../http/error-handler';
import type { SignedInViewer } from '../../http/guards';
import { createLimiter } from '../../http/rate-limit';
import { parseInput } from '../../http/validate';
import type { PaymentProvider } from '../../integrations/payments/port';
import { recordAudit } from '../audit/service';
import { append as appendCredit, balance as creditBalance } from '../credit/service';
import { closesAt, scheduleOrderClose } from '../checkout/abandon';
import { toOrderView } from '../checkout/order-view';
import { loadOrderDetail, type GiftCardRedemption } from '../checkout/service';
import { isUuid } from '../params';
import { receiptUrl } from '../receipts/urls';
import { planRefund, submitRefund } from '../refunds/automatic';
import { lockOrder } from '../refunds/service';
import { toIso } from '../rows';
import { paidPeriodOf, stopRenewalForGift } from '../subscriptions/gift';
import { planPriceCents, readMembershipSettings } from '../subscriptions/settings';
import { deliver } from './delivery';
import { scheduleGrantEndingNotice } from './grant-ending';
import * as grants from './grants';
import { giftCardFileName, renderGiftCardHtml, renderGiftCardPdf, type GiftCardDocument } from './document';
import * as repo from './repository';

const UNIQUE_VIOLATION = '23505';
const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === UNIQUE_VIOLATION || e?.cause?.code === UNIQUE_VIOLATION;
};

/** Guessing codes: this many tries per person and hour (a success gives its try back). */
export const REDEEM_LIMIT = { points: 10, duration: 3600 } as const;

const wrongKindField = (months: number | null) => `Cette carte offre ${months ?? 'des'} mois d'abonnement : activez-la dans Mon crédit.`;

const PAYABLE = new Set(['pending', 'failed']);
const DAY_MS = 86_400_000;

const isProvince = (value: string | null | undefined): value is ProvinceCode => !!value && (PROVINCE_CODES as readonly string[]).includes(value);

export type GiftCardReader = 'signed-link' | Pick<SignedInViewer, 'userId' | 'role' | 'adminSecondFactor'>;

const CHEF_ZONE = 'America/Toronto';

/** What a membership grant tells the person, with its dates (in French). */
export function grantMessage(grant: { months: number; startsAt: Date; endsAt: Date }, paid: { renews: boolean } | null): string {
  const until = formatLongDate(grant.endsAt, CHEF_ZONE);
  if (!paid) return `${membershipGiftLabel(grant.months)} offerts : votre abonnement est actif jusqu'au ${until}.`;
  const from = formatLongDate(grant.startsAt, CHEF_ZONE);
  return (
    `Vos ${grant.months} mois offerts commenceront le ${from}, à la fin de votre période payée, et dureront jusqu'au ${until}. ` +
    (paid.renews
      ? `Le renouvellement de votre abonnement payant est arrêté : aucun paiement ne sera prélevé le ${from}.`
      : 'Votre abonnement payant ne se renouvelait déjà plus.')
  );
}

const toGrantView = (grant: grants.MembershipGrantRow, paid: { renews: boolean } | null): MembershipGrantView => ({
  months: grant.months,
  startsAt: grant.startsAt.toISOString(),
  endsAt: grant.endsAt.toISOString(),
  afterPaidPeriod: paid !== null,
  message: grantMessage(grant, paid),
});

export function createGiftCardService(deps: Pick<Deps, 'config' | 'database' | 'logger' | 'now'>, provider: PaymentProvider) {
  const db = () => deps.database.db;
  const limiter = createLimiter(deps.database.db, 'gift_card_redeem', REDEEM_LIMIT, 'GIFT_CARD_RATE_LIMITED');

  /**
   * A card's redemption in three steps, for a caller whose transaction also writes what the card
   * pays (the checkout's « Carte-cadeau ou code promo »: the card is spent only if the order is made,
   * docs/decisions/0039): `begin` counts the try (guessing) and reads the code, before the
   * transaction; `redeem` moves the balance, inside it; `done` gives the try back once committed.
   */
  const redemption: GiftCardRedemption = {
    async begin(userId, code) {
      await limiter.consume(`user:${userId}`);
      const normal = normaliseGiftCardCode(code);
      if (!normal) throw new AppError('GIFT_CARD_UNKNOWN', undefined, { code: 'Code de carte-cadeau inconnu.' });
      return normal;
    },
    async redeem(tx, userId, normal, now) {
      const card = await repo.lockByCode(tx, normal);
      if (!card || card.status === 'pending') throw new AppError('GIFT_CARD_UNKNOWN', undefined, { code: 'Code de carte-cadeau inconnu.' });
      if (card.status === 'voided') throw new AppError('GIFT_CARD_VOIDED', undefined, { code: 'Carte-cadeau annulée.' });
      // Months of membership are not money: never credit, never payment (decision 0042).
      if (card.kind === 'membership') throw new AppError('GIFT_CARD_WRONG_KIND', undefined, { code: wrongKindField(card.membershipMonths) });
      const printed = formatGiftCardCode(normal);
      const remaining = card.amountCents - card.redeemedCents;
      if (remaining <= 0) {
        if (card.redeemedBy === userId) return { kind: 'amount', membership: null, creditedCents: 0, amountCents: card.amountCents, code: printed, balanceCents: await creditBalance(tx, userId) };
        throw new AppError('GIFT_CARD_USED', undefined, { code: 'Carte-cadeau déjà utilisée entièrement.' });
      }
      // The whole balance moves at once: one entry per card, ever (its key is the card's).
      const { balanceCents } = await appendCredit(tx, {
        userId,
        amountCents: remaining,
        kind: 'gift_card_redeemed',
        giftCardId: card.id,
        idempotencyKey: `gift-card-redeem:${card.id}`,
        at: now,
      });
      await repo.markRedeemed(tx, card.id, userId, now);
      return { kind: 'amount', membership: null, creditedCents: remaining, amountCents: card.amountCents, code: printed, balanceCents };
    },
    // A code that worked is no guess: its try is given back.
    done: (userId) => limiter.reward(`user:${userId}`).then(() => undefined, () => undefined),
  };

  async function paymentFor(order: NonNullable<Awaited<ReturnType<typeof repo.findOrderByKey>>>): Promise<PaymentSession | null> {
    if (!PAYABLE.has(order.status) || order.provider !== provider.name) return null;
    let payment: { paymentId: string; clientSecret: string };
    try {
      payment = await provider.createPayment({
        orderId: order.id,
        amountCents: order.totalCents,
        currency: 'CAD',
        description: `Toque — commande n° ${order.number}`,
        customerEmail: order.buyerEmail,
        idempotencyKey: `order:${order.id}`,
        metadata: { order_id: order.id, order_number: String(order.number), user_id: order.userId },
      });
    } catch (err) {
      if (err instanceof AppError) throw err;
      if (provider.name === 'sandbox' && isDatabaseUnavailable(err)) throw err;
      deps.logger.error({ err, orderId: order.id }, 'création du paiement refusée par le prestataire');
      throw new AppError('PAYMENT_PROVIDER_ERROR');
    }
    if (order.providerPaymentId !== payment.paymentId) await repo.setProviderPayment(db(), order.id, payment.paymentId, deps.now());
    const client = provider.clientConfig();
    return provider.name === 'stripe' && client
      ? { provider: 'stripe', paymentId: payment.paymentId, clientSecret: payment.clientSecret, publishableKey: client.publishableKey }
      : { provider: 'sandbox', paymentId: payment.paymentId, clientSecret: payment.clientSecret };
  }

  async function respond(orderId: string): Promise<CheckoutResponse> {
    const detail = (await loadOrderDetail(db(), orderId))!;
    const payment = await paymentFor(detail.order);
    return { order: toOrderView((await loadOrderDetail(db(), orderId))!), payment };
  }

  function toBuyerView(r: Awaited<ReturnType<typeof repo.listForBuyer>>[number]): PurchasedGiftCardView {
    return {
      id: r.card.id,
      orderId: r.card.orderId,
      kind: r.card.kind as GiftCardKind,
      membershipMonths: r.card.membershipMonths,
      amountCents: r.card.amountCents,
      recipientName: r.card.recipientName,
      recipientEmail: r.card.recipientEmail,
      status: r.card.status as GiftCardStatus,
      deliverAt: toIso(r.card.deliverAt),
      deliveredAt: toIso(r.card.deliveredAt),
      openedAt: toIso(r.card.openedAt),
      courseTitle: r.courseTitle,
      receiptUrl: receiptUrl(r.card.orderId),
    };
  }

  /** The card's document; a voided one still opens (it says so). */
  async function documentOf(id: string): Promise<{ doc: GiftCardDocument; buyerId: string }> {
    if (!isUuid(id)) throw new AppError('GIFT_CARD_NOT_FOUND');
    const found = await repo.findForDocument(db(), id.toLowerCase());
    if (!found?.card.code) throw new AppError('GIFT_CARD_NOT_FOUND');
    const { card } = found;
    return {
      buyerId: card.buyerId,
      doc: {
        id: card.id,
        code: card.code!,
        amountCents: card.amountCents,
        membershipMonths: card.kind === 'membership' ? card.membershipMonths : null,
        recipientName: card.recipientName,
        fromName: found.buyerName,
        message: card.message,
        courseTitle: found.courseTitle,
        voided: card.status === 'voided',
      },
    };
  }

  return {
    /** 201 with a new order for the card, or 200 with the one this key already made. */
    async checkout(userId: string, body: unknown): Promise<{ created: boolean; response: CheckoutResponse }> {
      const input = parseInput(giftCardPurchaseSchema, body);
      const existing = await repo.findOrderByKey(db(), userId, input.idempotencyKey);
      if (existing) return { created: false, response: await respond(existing.id) };

      const now = deps.now();
      const buyer = await repo.findBuyer(db(), userId);
      if (!buyer) throw new AppError('UNAUTHENTICATED');
      let deliverAt = now;
      if (input.delivery === 'scheduled') {
        deliverAt = torontoHourToUtc(input.deliverOn!, input.deliverHour!);
        if (Number.isNaN(deliverAt.getTime())) throw new AppError('VALIDATION_FAILED', undefined, { deliverOn: 'Choisissez une date.' });
        if (deliverAt.getTime() <= now.getTime()) throw new AppError('VALIDATION_FAILED', undefined, { deliverOn: "Ce moment est passé : choisissez une date et une heure à venir, ou « Dès le paiement »." });
        if (deliverAt.getTime() > now.getTime() + GIFT_CARD_MAX_DELAY_DAYS * DAY_MS) throw new AppError('VALIDATION_FAILED', undefined, { deliverOn: "Choisissez une date dans l'année qui vient." });
      }
      // A membership gift is priced here, from the membership's settings (never from the client).
      const months = input.kind === 'membership' ? (input.months as MembershipGiftMonths) : null;
      let amountCents = input.amountCents ?? 0;
      if (months) {
        const settings = await readMembershipSettings(db());
        amountCents = membershipGiftPriceCents(months, { monthlyPriceCents: planPriceCents('monthly', settings), annualPriceCents: settings.annualPriceCents });
      }
      let course: { id: string; title: string } | null = null;
      if (input.courseId) {
        const found = await repo.findCourseForGift(db(), input.courseId.toLowerCase());
        if (!found || found.status !== 'published') throw new AppError('COURSE_UNAVAILABLE', undefined, { courseId: "Ce cours n'est plus offert." });
        course = found;
      }
      // Nothing is taxed, but the order still names a place of supply: the buyer's province, else the seller's (Québec).
      const province: ProvinceCode = isProvince(buyer.province) ? buyer.province : 'QC';
      const lineId = randomUUID();
      const orderId = randomUUID();
      // An amount is money (not taxed at its sale); months of membership are the membership sold ahead, taxed now (decision 0042).
      const lineKind = months ? ('membership' as const) : ('gift_card' as const);
      const taxes = computeTaxes([{ id: lineId, kind: lineKind, amountCents }], province, now, {
        mode: deps.config.seller.taxMode,
        pstRegistrations: deps.config.seller.pstRegistrations,
      });
      const description = months
        ? membershipGiftLineLabel(months, input.recipientName)
        : `${GIFT_CARD_LINE_LABEL} · pour ${input.recipientName}${course ? ` (cours suggéré : « ${course.title} »)` : ''}`;
      try {
        await db().transaction(async (tx) => {
          await repo.insertPurchase(
            tx,
            {
              id: orderId,
              userId,
              status: 'pending',
              currency: 'CAD',
              province,
              ...orderAmounts(taxes),
              buyerName: buyer.fullName ?? buyer.name,
              buyerEmail: buyer.email,
              provider: provider.name,
              idempotencyKey: input.idempotencyKey,
              createdAt: now,
              updatedAt: now,
            },
            { id: lineId, orderId, position: 0, kind: lineKind, description, amountCents, discountCents: 0 },
            {
              orderId,
              orderLineId: lineId,
              buyerId: userId,
              status: 'pending',
              kind: months ? 'membership' : 'amount',
              membershipMonths: months,
              amountCents,
              recipientName: input.recipientName,
              recipientEmail: input.recipientEmail,
              message: input.message,
              courseId: course?.id ?? null,
              deliverAt,
              createdAt: now,
              updatedAt: now,
            },
          );
          await scheduleOrderClose(tx, { orderId, closesAt: closesAt(now, []), now });
        });
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
        const winner = await repo.findOrderByKey(db(), userId, input.idempotencyKey);
        if (!winner) throw err;
        return { created: false, response: await respond(winner.id) };
      }
      return { created: true, response: await respond(orderId) };
    },

    /** Mes Achats: the cards this person bought (paid), with whether each was delivered and opened. */
    async purchased(userId: string): Promise<PurchasedGiftCardView[]> {
      return (await repo.listForBuyer(db(), userId)).map(toBuyerView);
    },

    /**
     * Moves the card's whole remaining balance into `userId`'s « Crédit Toque »: one ledger entry
     * ('gift_card_redeemed', naming the card), under the card's row lock. Repeated by the same
     * person, it answers as before and credits nothing more. Rate-limited per person (guessing).
     */
    async redeemToCredit(userId: string, code: string): Promise<GiftCardRedeemResponse> {
      const normal = await redemption.begin(userId, code);
      const now = deps.now();
      const result = await db().transaction((tx: Tx) => redemption.redeem(tx, userId, normal, now));
      await redemption.done(userId);
      return result;
    },

    redemption,

    /**
     * POST /api/gift-cards/redeem (« Ajouter une carte-cadeau », and the e-mail's link): an amount
     * goes to the credit (redeemToCredit); a membership card gives its months (redeemMembership).
     */
    async redeem(userId: string, code: string): Promise<GiftCardRedeemResponse> {
      const normal = normaliseGiftCardCode(code);
      const card = normal ? await repo.findByCode(db(), normal) : undefined;
      if (card?.kind === 'membership') return this.redeemMembership(userId, code);
      return this.redeemToCredit(userId, code);
    },

    /**
     * A membership card's months for `userId`, in one transaction under the card's lock (then the
     * person's): one grant per card (unique), starting now — or, when a paid subscription gives
     * access, at its period's end (stacked after any earlier gifted months too). The card becomes
     * 'redeemed'. Then, after commit, that subscription's renewal is stopped at period end through
     * the provider. A second try, by anyone, is a 409 that says what the card gave.
     */
    async redeemMembership(userId: string, code: string): Promise<GiftCardRedeemResponse> {
      const key = `user:${userId}`;
      await limiter.consume(key);
      const normal = normaliseGiftCardCode(code);
      if (!normal) throw new AppError('GIFT_CARD_UNKNOWN', undefined, { code: 'Code de carte-cadeau inconnu.' });
      const now = deps.now();
      const outcome = await db().transaction(async (tx: Tx) => {
        const card = await repo.lockByCode(tx, normal);
        if (!card || card.status === 'pending') throw new AppError('GIFT_CARD_UNKNOWN', undefined, { code: 'Code de carte-cadeau inconnu.' });
        if (card.status === 'voided') throw new AppError('GIFT_CARD_VOIDED', undefined, { code: 'Carte-cadeau annulée.' });
        if (card.kind !== 'membership' || !card.membershipMonths) throw new AppError('GIFT_CARD_WRONG_KIND');
        const existing = await grants.findByCard(tx, card.id);
        if (existing || card.status === 'redeemed') return { card, grant: existing ?? null, paid: null, repeated: true };
        await grants.lockPerson(tx, userId);
        const paid = await paidPeriodOf(tx, userId, now);
        const after = [now, paid?.endsAt, await grants.lastGrantEnd(tx, userId)].filter((d): d is Date => !!d);
        const startsAt = new Date(Math.max(...after.map((d) => d.getTime())));
        const grant = await grants.insertGrant(tx, {
          userId,
          giftCardId: card.id,
          months: card.membershipMonths,
          startsAt,
          endsAt: addMonths(startsAt, card.membershipMonths),
          stoppedSubscriptionId: paid?.renews ? paid.subscriptionId : null,
          createdAt: now,
        });
        await repo.markRedeemed(tx, card.id, userId, now);
        await scheduleGrantEndingNotice(tx, grant, now);
        return { card, grant, paid, repeated: false };
      });
      const { card, grant, paid } = outcome;
      if (outcome.repeated) {
        if (grant && grant.userId === userId) {
          // Asked again (a lost answer, a second click): the renewal is stopped if the first time could not.
          if (grant.stoppedSubscriptionId) await stopRenewalForGift(deps, provider, grant.stoppedSubscriptionId);
          throw new AppError('GIFT_CARD_USED', `Vous avez déjà activé cette carte : vos ${grant.months} mois offerts courent jusqu'au ${formatLongDate(grant.endsAt, CHEF_ZONE)}.`, {
            code: 'Carte déjà activée sur votre compte.',
          });
        }
        throw new AppError('GIFT_CARD_USED', 'Cet abonnement offert a déjà été activé.', { code: 'Carte-cadeau déjà utilisée.' });
      }
      await limiter.reward(key).catch(() => undefined);
      if (grant!.stoppedSubscriptionId) await stopRenewalForGift(deps, provider, grant!.stoppedSubscriptionId);
      return {
        kind: 'membership',
        membership: toGrantView(grant!, paid),
        creditedCents: 0,
        amountCents: card.amountCents,
        code: formatGiftCardCode(normal),
        balanceCents: await creditBalance(db(), userId),
      };
    },

    /** Parses the body of POST /api/gift-cards/redeem. */
    parseRedeem: (body: unknown) => parseInput(giftCardRedeemSchema, body),

    async adminList(query: AdminGiftCardsQuery): Promise<AdminGiftCardsResponse> {
      const { rows, total } = await repo.listForAdmin(db(), query);
      const giftCards = rows.map(
        (r): AdminGiftCardView => ({
          ...toBuyerView(r),
          codeHint: giftCardCodeHint(r.card.code),
          orderNumber: r.orderNumber,
          buyerName: r.buyerName,
          buyerEmail: r.buyerEmail,
          redeemedByEmail: r.redeemedByEmail,
          redeemedAt: toIso(r.card.redeemedAt),
          voidedAt: toIso(r.card.voidedAt),
          createdAt: toIso(r.card.createdAt),
        }),
      );
      return { giftCards, total };
    },

    /** « Renvoyer » : the card's e-mail again to its recipient (once per request key), audited. */
    async resend(admin: SignedInViewer, id: string, body: unknown): Promise<{ queued: boolean }> {
      if (!isUuid(id)) throw new AppError('GIFT_CARD_NOT_FOUND');
      const { idempotencyKey } = parseInput(giftCardVoidSchema.pick({ idempotencyKey: true }), body);
      const now = deps.now();
      return db().transaction(async (tx) => {
        const card = await repo.lockById(tx, id.toLowerCase());
        if (!card) throw new AppError('GIFT_CARD_NOT_FOUND');
        const outcome = await deliver(tx, card.id, { now, site: deps.config, again: { requestKey: idempotencyKey } });
        if (outcome === 'not_deliverable') throw new AppError('GIFT_CARD_NOT_DELIVERABLE');
        if (outcome === 'delivered') {
          await recordAudit(tx, { actorId: admin.userId, action: 'gift_card.resend', targetType: 'gift_card', targetId: card.id, details: { to: card.recipientEmail } });
        }
        return { queued: outcome === 'delivered' };
      });
    },

    /** Voids an unused card and refunds its line to the buyer (the refunds' one path), audited. */
    async void(admin: SignedInViewer, id: string, body: unknown): Promise<{ refundId: string }> {
      if (!isUuid(id)) throw new AppError('GIFT_CARD_NOT_FOUND');
      const input = parseInput(giftCardVoidSchema, body);
      const now = deps.now();
      const cardId = id.toLowerCase();
      const first = await repo.findById(db(), cardId);
      if (!first) throw new AppError('GIFT_CARD_NOT_FOUND');
      const planned = await db().transaction(async (tx) => {
        // Lock order: the order (as every refund does), then the card (as a redemption does).
        await lockOrder(tx, first.orderId);
        const card = await repo.lockById(tx, cardId);
        if (!card) throw new AppError('GIFT_CARD_NOT_FOUND');
        const key = `gift-card-void:${card.id}`;
        if (card.status === 'voided' && card.voidRefundId) {
          return planRefund(tx, { orderId: card.orderId, lines: [{ orderLineId: card.orderLineId }], reason: null, createdBy: admin.userId, idempotencyKey: key, now, provider: provider.name });
        }
        if (card.status !== 'active' || card.redeemedCents !== 0) throw new AppError('GIFT_CARD_NOT_VOIDABLE');
        const refund = await planRefund(tx, {
          orderId: card.orderId,
          lines: [{ orderLineId: card.orderLineId }],
          reason: input.reason ? `Carte-cadeau annulée : ${input.reason}` : 'Carte-cadeau annulée',
          createdBy: admin.userId,
          idempotencyKey: key,
          now,
          provider: provider.name,
        });
        await repo.markVoided(tx, card.id, { adminId: admin.userId, refundId: refund.id, now });
        await recordAudit(tx, {
          actorId: admin.userId,
          action: 'gift_card.void',
          targetType: 'gift_card',
          targetId: card.id,
          details: { orderId: card.orderId, refundId: refund.id, amountCents: card.amountCents, reason: input.reason || null },
        });
        return refund;
      });
      const sent = await submitRefund(deps, provider, planned);
      if (sent.outcome === 'refused') throw sent.error;
      if (sent.outcome === 'no_answer') throw new AppError('PAYMENT_PROVIDER_ERROR');
      return { refundId: planned.id };
    },

    /**
     * The card's page and PDF: through its signed link (the recipient's e-mail: counted as opened),
     * or for its signed-in buyer, or the admin.
     */
    async document(reader: GiftCardReader, id: string) {
      const { doc, buyerId } = await documentOf(id);
      if (reader !== 'signed-link') {
        const admin = reader.role === 'admin' && reader.adminSecondFactor === 'verified';
        if (reader.userId !== buyerId && !admin) throw new AppError('GIFT_CARD_NOT_FOUND');
      } else {
        await repo.markOpened(db(), doc.id, deps.now());
      }
      return {
        doc,
        fileName: giftCardFileName(doc),
        html: (pdfUrl: string) => renderGiftCardHtml(doc, { pdfUrl }),
        pdf: () => renderGiftCardPdf(doc),
      };
    },

  };
}

export type GiftCardService = ReturnType<typeof createGiftCardService>;

/** Law 25 export: the cards the person bought (whom for, the message) and those they added to their credit; never a code. */
export async function giftCardsExportOf(db: Deps['database']['db'], userId: string) {
  const rows = await repo.listForExport(db, userId);
  return rows.map((c) => ({
    id: c.id,
    role: c.buyerId === userId ? ('bought' as const) : ('redeemed' as const),
    status: c.status,
    kind: c.kind,
    membershipMonths: c.membershipMonths,
    amountCents: c.amountCents,
    recipientName: c.buyerId === userId ? c.recipientName : null,
    recipientEmail: c.buyerId === userId ? c.recipientEmail : null,
    message: c.buyerId === userId ? c.message : null,
    deliverAt: toIso(c.deliverAt),
    deliveredAt: toIso(c.deliveredAt),
    openedAt: toIso(c.openedAt),
    redeemedAt: toIso(c.redeemedAt),
    createdAt: toIso(c.createdAt),
  }));
}

/** Law 25 export: the months of membership gift cards gave the person (decision 0042). */
export async function giftedMembershipExportOf(db: Deps['database']['db'], userId: string) {
  return (await grants.listForUser(db, userId)).map((g) => ({
    giftCardId: g.giftCardId,
    months: g.months,
    startsAt: toIso(g.startsAt),
    endsAt: toIso(g.endsAt),
    createdAt: toIso(g.createdAt),
  }));
}
