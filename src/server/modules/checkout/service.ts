// Checkout: the server prices the courses named by the client (never a price from the client),
// takes the subscriber's discount off live classes, then the promo code's if one was typed (decision
// 0040) — or, a code that is no promo code, redeems it as a gift card to the buyer's credit and lets
// that credit pay (0039) — adds the buyer's taxes on what is left, writes
// the order and its lines in one transaction, then asks the provider for a payment whose
// idempotency key comes from the order id. The same (user, key) gives back the same order and
// payment. The order becomes paid only through a provider event.
//
// A live class is paid for a seat the learner holds (POST /api/booking/holds): the line names that
// reservation, and the payment event confirms it (booking/payment-confirmation.ts). A booking of
// several seats is one line: the seat's price × seats, taxed as one line (docs/decisions/0047).
import { randomUUID } from 'node:crypto';
import { hasMembership, type Viewer } from '@shared/access';
import { seatsLabel } from '@shared/booking';
import { courseProduct, entitlement, notForSaleMessage, type Entitlement } from '@shared/entitlements';
import { CHEF_TIME_ZONE, formatSessionDateTime } from '@shared/format';
import { PROVINCE_CODES, type ProvinceCode } from '@shared/provinces';
import type { CheckoutInput, CheckoutResponse, GiftCardAtCheckout, OrderView, PaymentSession, ProductKind } from '@shared/schemas/checkout';
import type { GiftCardRedeemResponse } from '@shared/schemas/gift-cards';
import { computeTaxes, orderAmounts } from '@shared/tax';
import type { Deps } from '../../deps';
import { AppError } from '../../http/app-error';
import { isDatabaseUnavailable } from '../../http/error-handler';
import type { Tx } from '../../db/client';
import type { PaymentProvider } from '../../integrations/payments/port';
import { findLiveReservation } from '../booking/service';
import { checkPromo, reservePromoUse, resolveCheckoutCode, unknownCodeError, type PromoCodeRow } from '../promo-codes/service';
import { append as appendCredit, lockedBalance, reverseOrderPayment } from '../credit/service';
import { payWithoutProvider } from '../payments/fulfil';
import { submitRefund, type PlannedRefund } from '../refunds/automatic';
import { invalidatePublicCache } from '../../web/public-cache';
import { isUuid } from '../params';
import { closesAt, scheduleOrderClose } from './abandon';
import { toOrderView } from './order-view';
import { giftedUntil } from '../gift-cards/grants';
import * as repo from './repository';

const UNIQUE_VIOLATION = '23505';

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === UNIQUE_VIOLATION || e?.cause?.code === UNIQUE_VIOLATION;
}

/** Orders a payment can still be collected for (a failed payment may be retried with another card). */
const PAYABLE = new Set(['pending', 'failed']);

/** The provider's idempotency key for an order's payment: a retried checkout never pays twice. */
export const paymentKeyOf = (orderId: string) => `order:${orderId}`;

type Checked = {
  courseId: string;
  sessionId: string | null;
  reservationId: string | null;
  kind: ProductKind;
  description: string;
  /** The list price, before any discount. */
  priceCents: number;
  /** What this buyer pays before tax (the entitlement's price), and the discount taken off the list price. */
  amountCents: number;
  discountCents: number;
  /** Of discountCents, the promo code's part (taken after the subscriber's discount). */
  promoDiscountCents: number;
  /** When the seat's hold ends (live classes): the order closes then if still unpaid. */
  holdExpiresAt: Date | null;
  /** Seats the line pays for (1 but for a live class booked for several). */
  seats: number;
};

/** A course the buyer may not be sold (already theirs, for subscribers only, nothing to deliver yet): 409 with why. */
function refusal(access: Exclude<Entitlement, { status: 'for_sale' }>, title: string, field: string): AppError {
  const message = notForSaleMessage(access, title)!;
  if (access.status === 'coming_soon') return new AppError('COURSE_NOT_READY', message, { [field]: 'Bientôt disponible.' });
  if (access.status === 'subscribers_only') return new AppError('SUBSCRIBERS_ONLY', message, { [field]: 'Réservé aux abonnés.' });
  if (access.reason === 'purchased') return new AppError('ALREADY_PURCHASED', message, { [field]: 'Déjà acheté.' });
  if (access.reason === 'free') return new AppError('COURSE_FREE', message, { [field]: 'Cours gratuit.' });
  return new AppError('ALREADY_INCLUDED', message, { [field]: 'Déjà inclus.' });
}

/** The field's text as compared with an order's code: upper-case, empty is none. */
const normalizeCode = (code: string | undefined) => (code?.trim() ? code.trim().toUpperCase() : null);

const isProvince = (value: string | null | undefined): value is ProvinceCode =>
  !!value && (PROVINCE_CODES as readonly string[]).includes(value);

/**
 * A gift card's redemption to the buyer's credit, in three steps so that the card is spent in the
 * transaction of the order it pays (docs/decisions/0039): `begin` counts the try (guessing) and reads
 * the code, before the transaction; `redeem` moves the card's balance, inside it; `done` after commit.
 */
export type GiftCardRedemption = {
  begin(userId: string, code: string): Promise<string>;
  redeem(tx: Tx, userId: string, normal: string, now: Date): Promise<GiftCardRedeemResponse>;
  done(userId: string): Promise<void>;
};

/** Other slices' services the checkout calls through (wired in app.ts). */
export type CheckoutHooks = {
  /** A code that is not a promo code is tried as a gift card: its balance moves to the buyer's credit. */
  giftCards?: GiftCardRedemption;
};

export function createCheckoutService(deps: Pick<Deps, 'config' | 'database' | 'logger' | 'now'>, provider: PaymentProvider, hooks: CheckoutHooks = {}) {
  const db = () => deps.database.db;

  /** A card's French error on the field `code`; its « inconnu » is the checkout's « Ce code n'existe pas » (not a promo code either). */
  const asCodeError = (err: unknown): never => {
    if (err instanceof AppError && err.code === 'GIFT_CARD_UNKNOWN') throw unknownCodeError();
    throw err;
  };

  /** Before the order's transaction: the try counted, the code read (normalised). */
  async function beginGiftCard(userId: string, code: string): Promise<string> {
    if (!hooks.giftCards) throw unknownCodeError();
    return hooks.giftCards.begin(userId, code).catch(asCodeError);
  }

  /** Inside the order's transaction: the card's balance moved to the buyer's credit (0 if already theirs). */
  async function redeemGiftCard(tx: Tx, userId: string, normal: string, now: Date): Promise<GiftCardAtCheckout> {
    const { code, amountCents, creditedCents } = await hooks.giftCards!.redeem(tx, userId, normal, now).catch(asCodeError);
    return { code, amountCents, creditedCents };
  }

  /** The same card again on an order already made: in a transaction of its own (it gives 0, the credit holds it). */
  async function redeemGiftCardAlone(userId: string, code: string): Promise<GiftCardAtCheckout> {
    const normal = await beginGiftCard(userId, code);
    const now = deps.now();
    const card = await db().transaction((tx) => redeemGiftCard(tx, userId, normal, now));
    await hooks.giftCards!.done(userId);
    return card;
  }

  /** The buyer as the entitlement rules see them, from the database (the role stored, the subscription now). */
  async function buyerViewer(userId: string, role: Viewer['role'], now: Date): Promise<Viewer & { userId: string }> {
    const [subscription, gifted] = await Promise.all([repo.latestSubscription(db(), userId), giftedUntil(db(), userId, now)]);
    return { userId, role, isSubscriber: hasMembership({ subscription, giftedUntil: gifted }, now) };
  }

  /** The courses, checked and priced from the database, in the order asked: only what shared/entitlements.ts says is for sale to this buyer. */
  async function priceItems(viewer: Viewer & { userId: string }, items: CheckoutInput['items'], now: Date): Promise<Checked[]> {
    const { userId } = viewer;
    const courseIds = items.map((i) => i.courseId.toLowerCase());
    const fields: Record<string, string> = {};
    courseIds.forEach((id, i) => {
      if (courseIds.indexOf(id) !== i) fields[`items.${i}.courseId`] = 'Ce cours figure déjà dans ce paiement.';
    });
    if (Object.keys(fields).length) throw new AppError('VALIDATION_FAILED', undefined, fields);

    const sessionIds = items.flatMap((i) => (i.sessionId ? [i.sessionId.toLowerCase()] : []));
    const [found, sessions, owned] = await Promise.all([
      repo.findCourses(db(), courseIds),
      repo.findSessions(db(), sessionIds),
      repo.purchasedCourseIds(db(), userId, courseIds),
    ]);
    const byId = new Map(found.map((c) => [c.id, c]));
    const sessionById = new Map(sessions.map((s) => [s.id, s]));
    const seats = await Promise.all(items.map((item) => (item.sessionId ? findLiveReservation(db(), userId, item.sessionId.toLowerCase()) : null)));

    return items.map((item, i): Checked => {
      const field = `items.${i}.courseId`;
      const course = byId.get(courseIds[i]!);
      if (!course || course.status !== 'published') {
        throw new AppError('COURSE_UNAVAILABLE', undefined, { [field]: "Ce cours n'est plus offert." });
      }
      // Said before 'already bought': a seat of this very session is the more exact answer.
      if (course.isLive && seats[i]?.status === 'confirmed' && sessionById.get(seats[i]!.sessionId)?.courseId === course.id) {
        throw new AppError('ALREADY_BOOKED', undefined, { [`items.${i}.sessionId`]: 'Place déjà confirmée.' });
      }
      // A live class is sold seat by seat: the seat checks below stand for its "session open for booking".
      const product = courseProduct({ ...course, hasVideo: course.videoKey !== null, hasOpenSession: true });
      const access = entitlement(viewer, product, { purchased: owned.has(course.id) }, { subscriberDiscountPercent: deps.config.booking.subscriberDiscountPercent });
      if (access.status !== 'for_sale') throw refusal(access, course.title, field);
      // A free course is open without an order: nothing to pay, nothing to receipt.
      if (course.priceCents === 0) throw refusal({ status: 'included', reason: 'free' }, course.title, field);
      const price = { priceCents: access.listPriceCents, amountCents: access.priceCents, discountCents: access.listPriceCents - access.priceCents, promoDiscountCents: 0 };
      if (!course.isLive) {
        return { courseId: course.id, sessionId: null, reservationId: null, kind: 'recorded_course', description: course.title, ...price, holdExpiresAt: null, seats: 1 };
      }
      const sessionField = `items.${i}.sessionId`;
      if (!item.sessionId) throw new AppError('SESSION_REQUIRED', undefined, { [sessionField]: 'Choisissez une séance.' });
      const session = sessionById.get(item.sessionId.toLowerCase());
      if (!session || session.courseId !== course.id || session.status !== 'scheduled' || session.startsAt.getTime() <= now.getTime()) {
        throw new AppError('SESSION_UNAVAILABLE', undefined, { [sessionField]: "Cette séance n'est plus offerte." });
      }
      // The seat must be held (and still be) before it is paid for; the hold's clock is checked
      // again when the payment lands, since paying takes time.
      const seat = seats[i];
      if (!seat || seat.status !== 'pending_payment' || !seat.holdExpiresAt || seat.holdExpiresAt.getTime() <= now.getTime()) {
        throw new AppError('HOLD_EXPIRED', undefined, { [sessionField]: 'Aucune place retenue pour cette séance.' });
      }
      // The seats of the booking, priced together: the seat's price (and its discount) × seats.
      const seatCount = seat.seats;
      return {
        courseId: course.id,
        sessionId: session.id,
        reservationId: seat.id,
        kind: 'live_class',
        description: `${course.title} — séance du ${formatSessionDateTime(session.startsAt, CHEF_TIME_ZONE)}${seatCount > 1 ? ` — ${seatsLabel(seatCount)}` : ''}`,
        priceCents: price.priceCents * seatCount,
        amountCents: price.amountCents * seatCount,
        discountCents: price.discountCents * seatCount,
        promoDiscountCents: 0,
        holdExpiresAt: seat.holdExpiresAt,
        seats: seatCount,
      };
    });
  }

  /** The payment for a payable order: created once (idempotent key), linked to the order. */
  async function paymentFor(order: repo.OrderRow): Promise<PaymentSession | null> {
    if (!PAYABLE.has(order.status) || order.provider !== provider.name) return null;
    let payment: { paymentId: string; clientSecret: string };
    try {
      payment = await provider.createPayment({
        orderId: order.id,
        // The card pays what « Crédit Toque » did not.
        amountCents: order.totalCents - order.creditAppliedCents,
        currency: 'CAD',
        description: `Toque — commande n° ${order.number}`,
        customerEmail: order.buyerEmail,
        idempotencyKey: paymentKeyOf(order.id),
        metadata: { order_id: order.id, order_number: String(order.number), user_id: order.userId },
      });
    } catch (err) {
      if (err instanceof AppError) throw err;
      // The sandbox keeps its payments in our database: its failure then is our database's (503).
      if (provider.name === 'sandbox' && isDatabaseUnavailable(err)) throw err;
      deps.logger.error({ err, orderId: order.id }, 'création du paiement refusée par le prestataire');
      throw new AppError('PAYMENT_PROVIDER_ERROR');
    }
    if (order.providerPaymentId !== payment.paymentId) {
      if (order.providerPaymentId) deps.logger.warn({ orderId: order.id, was: order.providerPaymentId, now: payment.paymentId }, 'paiement de la commande remplacé');
      await repo.setProviderPayment(db(), order.id, payment.paymentId, deps.now());
    }
    const client = provider.clientConfig();
    return provider.name === 'stripe' && client
      ? { provider: 'stripe', paymentId: payment.paymentId, clientSecret: payment.clientSecret, publishableKey: client.publishableKey }
      : { provider: 'sandbox', paymentId: payment.paymentId, clientSecret: payment.clientSecret };
  }

  /**
   * The buyer's other unpaid orders of these same courses that hold « Crédit Toque » — the attempt
   * made with « Utiliser mon crédit » ticked, then unticked, or priced again — are closed
   * (« Abandonnée ») and give their credit back, in the caller's transaction: a credit is never held
   * by an order the buyer left (docs/decisions/0038). In two steps (the orders' row locks, then the
   * ledger's); the second returns the provider payments to cancel after commit.
   */
  async function closeHeldOrders(tx: Tx, userId: string, courseIds: string[], keepOrderId: string | null, now: Date) {
    const same = courseIds.map((id) => id.toLowerCase()).sort().join();
    const closed: { id: string; userId: string; providerPaymentId: string | null }[] = [];
    for (const held of await repo.unpaidOrdersHoldingCredit(tx, userId, keepOrderId)) {
      if (held.courseIds.join() !== same) continue;
      const row = await repo.closeUnpaidOrder(tx, held.id, now);
      if (row) closed.push({ ...row, providerPaymentId: held.provider === provider.name ? held.providerPaymentId : null });
    }
    return closed;
  }

  async function giveBackHeldCredit(tx: Tx, closed: Awaited<ReturnType<typeof closeHeldOrders>>, now: Date): Promise<string[]> {
    for (const order of closed) await reverseOrderPayment(tx, order, now);
    return closed.flatMap((o) => (o.providerPaymentId ? [o.providerPaymentId] : []));
  }

  /** After commit: the provider's payments of the orders closed above (their pages can no longer pay); the order's close job asks again. */
  async function cancelReleased(paymentIds: string[]): Promise<void> {
    for (const paymentId of paymentIds) {
      await provider.cancelPayment(paymentId).catch((err: unknown) => deps.logger.warn({ err, paymentId }, "paiement d'une commande quittée non annulé (sa fermeture réessaiera)"));
    }
  }

  /** The existing order for this key, if the request names the same courses; else 409. */
  async function replay(order: repo.OrderRow, input: CheckoutInput): Promise<CheckoutResponse> {
    const detail = (await repo.loadOrderDetail(db(), order.id))!;
    const asked = input.items.map((i) => i.courseId.toLowerCase()).sort();
    const had = detail.lines.map((l) => l.courseId ?? '').sort();
    const askedCode = normalizeCode(input.code);
    const conflict = () => new AppError('CONFLICT', "Cette tentative de paiement a déjà servi pour d'autres cours. Rechargez la page et réessayez.");
    if (asked.join() !== had.join()) throw conflict();
    // Back to this order (« Utiliser mon crédit » unticked): the attempt with the credit lets it go.
    if (PAYABLE.has(order.status)) {
      const now = deps.now();
      await cancelReleased(await db().transaction(async (tx) => giveBackHeldCredit(tx, await closeHeldOrders(tx, order.userId, asked, order.id, now), now)));
    }
    let giftCard: GiftCardAtCheckout | null = null;
    if (askedCode !== (order.promoCode ?? null)) {
      // A gift card leaves no promo code on the order: the same card again (already in this buyer's credit) is the same request.
      if (order.promoCode || !askedCode || !hooks.giftCards) throw conflict();
      giftCard = await redeemGiftCardAlone(order.userId, input.code!).catch((err: unknown) => {
        throw err instanceof AppError && err.status < 500 && err.status !== 429 ? conflict() : err;
      });
    }
    const payment = await paymentFor(detail.order);
    return { order: toOrderView((await repo.loadOrderDetail(db(), order.id))!), payment, giftCard };
  }

  return {
    /** 201 with a new order, or 200 with the one this key already made. */
    async checkout(userId: string, input: CheckoutInput): Promise<{ created: boolean; response: CheckoutResponse }> {
      const existing = await repo.findOrderByKey(db(), userId, input.idempotencyKey);
      if (existing) return { created: false, response: await replay(existing, input) };

      const now = deps.now();
      const buyer = await repo.findBuyer(db(), userId);
      if (!buyer) throw new AppError('UNAUTHENTICATED');
      const viewer = await buyerViewer(userId, buyer.role, now);
      const priced = await priceItems(viewer, input.items, now);
      // « Carte-cadeau ou code promo »: one code per order, taken off the eligible lines before tax.
      let promo: PromoCodeRow | null = null;
      let giftCardCode: string | null = null;
      let items = priced;
      const resolved = normalizeCode(input.code) ? await resolveCheckoutCode(db(), input.code!) : null;
      if (resolved?.kind === 'unknown') {
        // Not a promo code: tried as a gift card, once the order is known to be possible (below).
        if (!hooks.giftCards) throw unknownCodeError();
        giftCardCode = input.code!;
      }
      if (resolved?.kind === 'promo') {
        promo = resolved.promo;
        const off = await checkPromo(db(), promo, { userId, isMember: viewer.isSubscriber }, priced, now);
        items = priced.map((item, i) => ({
          ...item,
          amountCents: item.amountCents - off[i]!,
          discountCents: item.discountCents + off[i]!,
          promoDiscountCents: off[i]!,
        }));
      }
      // The buyer's declaration at checkout wins and is kept; otherwise the profile's.
      const province = input.province ?? (isProvince(buyer.province) ? buyer.province : null);
      if (!province) throw new AppError('PROVINCE_REQUIRED', undefined, { province: 'Choisissez une province dans la liste.' });
      if (input.province && input.province !== buyer.province) await repo.saveProvince(db(), userId, input.province, now);
      // A gift card: its try counted and its code read now; its balance moves to the buyer's credit in
      // the order's transaction below (once per card), and that credit pays this order.
      const giftCardNormal = giftCardCode ? await beginGiftCard(userId, giftCardCode) : null;
      let giftCard: GiftCardAtCheckout | null = null;
      const useCredit = !!input.useCredit || giftCardNormal !== null;

      const lines = items.map((item, position) => ({ ...item, id: randomUUID(), position }));
      const { seller } = deps.config;
      const taxes = computeTaxes(lines, province, now, { mode: seller.taxMode, pstRegistrations: seller.pstRegistrations });
      const orderId = randomUUID();
      const amounts = orderAmounts(taxes, lines.reduce((sum, l) => sum + l.discountCents, 0));
      let order: repo.OrderRow;
      let after: { seatsChanged: boolean; refunds: PlannedRefund[]; released: string[] } = { seatsChanged: false, refunds: [], released: [] };
      try {
        order = await db().transaction(async (tx) => {
          // The code's use is reserved under its row lock: concurrent orders never exceed its caps.
          if (promo) await reservePromoUse(tx, promo, userId);
          // Closed (« Abandonnée ») if still unpaid when its seat's hold or its payment window ends.
          await scheduleOrderClose(tx, { orderId, closesAt: closesAt(now, lines.map((l) => l.holdExpiresAt)), now });
          // Locks in one order — orders, then the card, then the buyer's ledger — as the close job
          // (order, ledger) and the card's own redemption (card, ledger) take them. An earlier attempt
          // of these courses holding credit is closed first, the card (if any) spent, then that credit given back.
          const left = await closeHeldOrders(tx, userId, lines.map((l) => l.courseId), null, now);
          if (giftCardNormal) giftCard = await redeemGiftCard(tx, userId, giftCardNormal, now);
          after.released = await giveBackHeldCredit(tx, left, now);
          // « Utiliser mon crédit »: the credit pays first, after tax, under the buyer's ledger lock (docs/decisions/0038).
          const creditAppliedCents = useCredit ? Math.min(await lockedBalance(tx, userId), amounts.totalCents) : 0;
          const inserted = await repo.insertOrder(
            tx,
            {
              id: orderId,
              userId,
              status: 'pending',
              currency: 'CAD',
              province,
              ...amounts,
              creditAppliedCents,
              buyerName: buyer.fullName ?? buyer.name,
              buyerEmail: buyer.email,
              provider: provider.name,
              idempotencyKey: input.idempotencyKey,
              promoCodeId: promo?.id ?? null,
              promoCode: promo?.code ?? null,
              promoPercentOff: promo?.percentOff ?? null,
              createdAt: now,
              updatedAt: now,
            },
            lines.map((l) => ({
              id: l.id,
              orderId,
              position: l.position,
              kind: l.kind,
              courseId: l.courseId,
              sessionId: l.sessionId,
              reservationId: l.reservationId,
              description: l.description,
              amountCents: l.amountCents,
              discountCents: l.discountCents,
              promoDiscountCents: l.promoDiscountCents,
              seats: l.seats,
            })),
          );
          if (creditAppliedCents > 0) {
            await appendCredit(tx, { userId, amountCents: -creditAppliedCents, kind: 'order_payment', orderId, idempotencyKey: `order-payment:${orderId}`, at: now });
          }
          if (creditAppliedCents < amounts.totalCents) return inserted;
          // Nothing left for a card (the credit pays it all, or a code took it to 0 $): paid now, no
          // provider (none charges 0 $), receipt as usual.
          const done = await payWithoutProvider(tx, {
            order: { id: orderId, userId, number: inserted.number, email: inserted.buyerEmail, name: inserted.buyerName },
            now,
            provider: provider.name,
            config: deps.config,
            method: creditAppliedCents > 0 ? 'credit' : null,
          });
          after = { ...after, seatsChanged: done.seats?.seatsChanged ?? false, refunds: [done.refund, done.seats?.refund].filter((r): r is PlannedRefund => !!r) };
          return { ...inserted, status: 'paid' };
        });
      } catch (err) {
        // The same key sent twice at once: the other request made the order; answer with it.
        if (!isUniqueViolation(err)) throw err;
        const winner = await repo.findOrderByKey(db(), userId, input.idempotencyKey);
        if (!winner) throw err;
        // (This transaction rolled back: the card was not spent here; the replay asks it again.)
        return { created: false, response: await replay(winner, input) };
      }
      if (giftCardNormal) await hooks.giftCards!.done(userId);
      await cancelReleased(after.released);
      if (after.seatsChanged) invalidatePublicCache();
      for (const refund of after.refunds) {
        await submitRefund(deps, provider, refund).catch((err: unknown) => deps.logger.error({ err, refundId: refund.id }, 'remboursement automatique non transmis (la reprise le fera)'));
      }
      const payment = await paymentFor(order);
      return { created: true, response: { order: toOrderView((await repo.loadOrderDetail(db(), orderId))!), payment, giftCard } };
    },

    /** The buyer's own order; anyone else's is answered exactly like one that does not exist. */
    async order(userId: string, orderId: string): Promise<OrderView> {
      if (!isUuid(orderId)) throw new AppError('ORDER_NOT_FOUND');
      const detail = await repo.loadOrderDetail(db(), orderId.toLowerCase());
      if (!detail || detail.order.userId !== userId) throw new AppError('ORDER_NOT_FOUND');
      return toOrderView(detail);
    },
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;

// For the modules that show an order (refunds, subscriptions): the order with its lines and refunds.
export { loadOrderDetail } from './repository';
