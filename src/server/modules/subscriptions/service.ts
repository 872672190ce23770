// The shop side of the membership: starting one (checkout), the member's dashboard data,
// cancellation at period end and the provider's customer portal. The subscription's state is only
// ever the provider's: written from its events (events.ts) or from its answer to our own call.
//
// Checkout reserves our subscriptions row BEFORE asking the provider: the partial unique index
// subscriptions_live_user_uq (one incomplete/trialing/active/past_due row per person) makes one of
// two concurrent checkouts (two clicks, two tabs) win before any provider call; the other gets the
// winner's. The provider is asked with an idempotency key made from our row's id, so whoever asks
// — the winner, the loser, a retry after a crash — gets the same provider subscription and payment.
import { randomUUID } from 'node:crypto';
import { hasMembership, isActiveSubscription } from '@shared/access';
import { formatLongDate } from '@shared/format';
import { PROVINCE_CODES, type ProvinceCode } from '@shared/provinces';
import type { PaymentSession } from '@shared/schemas/checkout';
import type {
  MembershipPlan,
  MembershipPlansResponse,
  MembershipSettings,
  SubscriptionCancelInput,
  SubscriptionCardInput,
  SubscriptionPaymentMethodResponse,
  SubscriptionCancelResponse,
  SubscriptionCheckoutInput,
  SubscriptionCheckoutResponse,
  SubscriptionPlanInput,
  SubscriptionResponse,
} from '@shared/schemas/subscription';
import { computeTaxes, orderAmounts } from '@shared/tax';
import type { Deps } from '../../deps';
import { AppError } from '../../http/app-error';
import { isDatabaseUnavailable } from '../../http/error-handler';
import type { CreatedSubscription, PaymentProvider, ProviderSubscription } from '../../integrations/payments/port';
import { asSandbox } from '../../integrations/payments';
import type { SandboxSubscriptionBilling } from '../../integrations/payments/sandbox/processor';
import { checkCard } from '@shared/sandbox-card';
import { normalizePromoCode } from '@shared/schemas/promo-codes';
import { closesAt, scheduleOrderClose } from '../checkout/abandon';
import { checkPromo, reservePromoUse, resolveCheckoutCode, unknownCodeError, type PromoCodeRow } from '../promo-codes/service';
import { loadOrderDetail } from '../checkout/service';
import { toOrderView } from '../checkout/order-view';
import { currentGrants, giftedUntil } from '../gift-cards/grants';
import { applyProviderState, type MembershipContext } from './events';
import { descriptionOf } from './period';
import { offerDiscountCents, periodAmounts } from './pricing';
import * as repo from './repository';
import { planPriceCents, readMembershipSettings, writeMembershipSettings } from './settings';
import { stateOf, toReceiptView, toSubscriptionView } from './view';

const UNIQUE_VIOLATION = '23505';

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === UNIQUE_VIOLATION || e?.cause?.code === UNIQUE_VIOLATION;
}

const isProvince = (value: string | null | undefined): value is ProvinceCode =>
  !!value && (PROVINCE_CODES as readonly string[]).includes(value);

/** A code refused with the field named (as the promo service's own refusals). */
const promoRefusal = (code: 'PROMO_CODE_NOT_APPLICABLE', message: string) => new AppError(code, message, { code: message });

/** The provider's idempotency key for a membership: one provider subscription per reserved row. */
export const subscriptionKeyOf = (subscriptionId: string) => `subscription:${subscriptionId}`;

/** Where the provider's portal sends the member back. */
const DASHBOARD_PATH = '/abonne/tableau-de-bord';

export function createSubscriptionService(deps: Pick<Deps, 'config' | 'database' | 'logger' | 'now'>, provider: PaymentProvider) {
  const db = () => deps.database.db;
  const ctx: MembershipContext = { provider: provider.name, logger: deps.logger, publicUrl: deps.config.publicUrl, authSecret: deps.config.authSecret };

  /**
   * What a failed provider call answers: its own refusal as it is; the sandbox keeps its
   * subscriptions in our database, so a database that does not answer is rethrown for the error
   * handler's 503; anything else is the provider's failure (502), logged.
   */
  function providerFailure(err: unknown, context: Record<string, string>, message: string): unknown {
    if (err instanceof AppError) return err;
    if (provider.name === 'sandbox' && isDatabaseUnavailable(err)) return err;
    deps.logger.error({ err, ...context }, message);
    return new AppError('PAYMENT_PROVIDER_ERROR');
  }

  /** The provider's answer to our own call, written with the same rule as its events. */
  async function applyState(sub: ProviderSubscription): Promise<repo.SubscriptionRow | null> {
    return db().transaction((tx) => applyProviderState(tx, ctx, sub, deps.now()));
  }

  function paymentSession(created: CreatedSubscription): PaymentSession {
    const client = provider.clientConfig();
    return provider.name === 'stripe' && client
      ? { provider: 'stripe', paymentId: created.paymentId, clientSecret: created.clientSecret, publishableKey: client.publishableKey }
      : { provider: 'sandbox', paymentId: created.paymentId, clientSecret: created.clientSecret };
  }

  /**
   * The reserved (incomplete) subscription's first payment: the provider's subscription is made,
   * or found again by its idempotency key, and linked to our row and first order.
   */
  async function resume(sub: repo.SubscriptionRow): Promise<SubscriptionCheckoutResponse> {
    const order = await repo.findFirstOrder(db(), sub.id);
    if (!order) throw new Error(`subscription ${sub.id} has no first order`);
    // A promo code on the first payment (decision 0040): every period is billed at the plan's price,
    // the first invoice less the code's discount, taxes included, so it matches the first order.
    const fullTotal = order.promoCodeId && sub.priceCents !== null ? periodAmounts(order, sub.priceCents, 0, 'full').totalCents : order.totalCents;
    const amountOffCents = fullTotal - order.totalCents;
    let created: CreatedSubscription;
    try {
      created = await provider.createSubscription({
        amountCents: fullTotal,
        ...(amountOffCents > 0
          ? { firstInvoiceDiscount: { amountOffCents, name: `Code ${order.promoCode}`, metadata: { promo_code_id: order.promoCodeId!, order_id: order.id } } }
          : {}),
        currency: 'CAD',
        interval: sub.plan === 'annual' ? 'year' : 'month',
        ...(sub.trialDays > 0 ? { trialDays: sub.trialDays } : {}),
        description: descriptionOf(sub.plan),
        customerEmail: order.buyerEmail,
        idempotencyKey: subscriptionKeyOf(sub.id),
        metadata: { user_id: sub.userId, order_id: order.id, order_number: String(order.number) },
      });
    } catch (err) {
      throw providerFailure(err, { subscriptionId: sub.id }, "création de l'abonnement refusée par le prestataire");
    }
    const now = deps.now();
    if (sub.providerSubscriptionId !== created.subscription.subscriptionId) {
      // Written once; an event that overtook us may already have linked it (then this changes nothing).
      await repo.linkProvider(db(), sub.id, { ...stateOf(created.subscription), providerSubscriptionId: created.subscription.subscriptionId }, now);
    }
    if (order.providerPaymentId !== created.paymentId || order.providerInvoiceId !== created.invoiceId) {
      await repo.setOrder(db(), order.id, { providerPaymentId: created.paymentId, providerInvoiceId: created.invoiceId }, now);
    }
    const detail = (await loadOrderDetail(db(), order.id))!;
    return { order: toOrderView(detail), payment: paymentSession(created), plan: sub.plan as MembershipPlan, trialDays: sub.trialDays };
  }

  /** A live subscription the person already has: its payment if unpaid, else they are a subscriber. */
  async function existing(sub: repo.SubscriptionRow): Promise<SubscriptionCheckoutResponse> {
    if (sub.status !== 'incomplete') throw new AppError('ALREADY_SUBSCRIBED');
    return resume(sub);
  }

  /**
   * The save offer taken: the next invoice's discount (before tax: the percent of the plan's price)
   * recorded on our row, and the provider told the same amount off, taxes included, once.
   */
  async function acceptOffer(access: repo.SubscriptionRow, percent: number, offer: { percent: number; label: string }): Promise<SubscriptionCancelResponse> {
    const first = await repo.findFirstOrder(db(), access.id);
    if (!first) throw new AppError('CONFLICT', "Cette offre ne s'applique pas à cet abonnement.");
    const plan = (access.pendingPlan ?? access.plan) as MembershipPlan;
    const priceCents = (access.pendingPlan ? access.pendingPriceCents : access.priceCents) ?? first.subtotalCents;
    const discountCents = offerDiscountCents(priceCents, percent);
    const full = periodAmounts(first, priceCents, 0, 'offer');
    const discounted = periodAmounts(first, priceCents, discountCents, 'offer');
    try {
      await provider.discountNextInvoice(access.providerSubscriptionId!, { amountOffCents: full.totalCents - discounted.totalCents, idempotencyKey: `save-offer:${access.id}` });
    } catch (err) {
      throw providerFailure(err, { subscriptionId: access.id, plan }, "offre de fidélité refusée par le prestataire");
    }
    const row = await db().transaction(async (tx) => {
      const locked = (await repo.lockSubscription(tx, access.id))!;
      if (locked.saveOfferAcceptedAt) return locked;
      return repo.setMembership(tx, locked.id, { saveOfferAcceptedAt: deps.now(), nextDiscountCents: discountCents }, deps.now());
    });
    return { subscription: toSubscriptionView(row), outcome: 'saved', offer };
  }

  /** The sandbox and the processor's subscription behind this person's membership; 404 with Stripe (its portal does this). */
  async function sandboxSubscriptionOf(userId: string) {
    const sandbox = asSandbox(provider);
    if (!sandbox) throw new AppError('ROUTE_NOT_FOUND');
    const access = await repo.findAccessRecord(db(), userId);
    if (!access?.providerSubscriptionId || access.provider !== 'sandbox') throw new AppError('NOT_FOUND', 'Aucun abonnement en cours.');
    return { sandbox, subscriptionId: access.providerSubscriptionId };
  }

  return {
    /** 201 with a new membership's first order and payment; 200 with the one already started. */
    async checkout(userId: string, input: SubscriptionCheckoutInput): Promise<{ created: boolean; response: SubscriptionCheckoutResponse }> {
      const now = deps.now();
      if (isActiveSubscription(await repo.findAccessRecord(db(), userId), now)) throw new AppError('ALREADY_SUBSCRIBED');
      // Gifted months running: a paid membership now would pay for months already given (decision 0042).
      const gifted = await giftedUntil(db(), userId, now);
      if (gifted && gifted.getTime() > now.getTime()) {
        throw new AppError('ALREADY_SUBSCRIBED', `Votre abonnement offert court jusqu'au ${formatLongDate(gifted, 'America/Toronto')} : vous pourrez vous abonner à sa fin.`);
      }
      const live = await repo.findLive(db(), userId);
      const askedCode = input.code?.trim() ? normalizePromoCode(input.code) : null;
      if (live) {
        // A first payment already started answers as it is; with another code it cannot change (its provider subscription exists).
        const first = live.status === 'incomplete' ? await repo.findFirstOrder(db(), live.id) : undefined;
        if (first && askedCode && askedCode !== first.promoCode) {
          const message = "Un paiement d'abonnement est déjà commencé sans ce code : terminez-le tel quel, ou réessayez avec ce code dans 24 heures.";
          throw new AppError('CONFLICT', message, { code: message });
        }
        return { created: false, response: await existing(live) };
      }

      const buyer = await repo.findMember(db(), userId);
      const profile = await repo.findProvince(db(), userId);
      if (!buyer) throw new AppError('UNAUTHENTICATED');
      const plan: MembershipPlan = input.plan ?? 'monthly';
      const settings = await readMembershipSettings(db());
      const priceCents = planPriceCents(plan, settings);
      // One free trial per person: none for whoever already had one.
      const trialDays = input.trial && settings.trialDays > 0 && !(await repo.hadTrial(db(), userId)) ? settings.trialDays : 0;
      // « Code promo » scoped to the membership's first payment (decision 0040): off the plan's price,
      // before tax; checked as at any checkout, its use reserved in the order's transaction.
      let promo: PromoCodeRow | null = null;
      let promoOffCents = 0;
      if (askedCode) {
        const resolved = await resolveCheckoutCode(db(), askedCode);
        if (resolved.kind !== 'promo') throw unknownCodeError();
        promo = resolved.promo;
        if (trialDays > 0) throw promoRefusal('PROMO_CODE_NOT_APPLICABLE', "Un code promo ne se combine pas avec l'essai gratuit : décochez l'essai pour l'utiliser.");
        [promoOffCents = 0] = await checkPromo(db(), promo, { userId, isMember: false }, [{ kind: 'membership', courseId: null, amountCents: priceCents }], now);
        // A provider bills no 0 $ first period (the trial does that): a code may lower it, not remove it.
        if (promoOffCents >= priceCents) throw promoRefusal('PROMO_CODE_NOT_APPLICABLE', "Ce code ne peut pas rendre l'abonnement gratuit.");
      }
      // (After the code: a refused code is said before the province is asked.) The buyer's declaration at checkout wins and is kept; otherwise the profile's.
      const province = input.province ?? (isProvince(profile) ? profile : null);
      if (!province) throw new AppError('PROVINCE_REQUIRED', undefined, { province: 'Choisissez une province dans la liste.' });
      if (input.province && input.province !== profile) await repo.saveProvince(db(), userId, input.province, now);

      const netCents = priceCents - promoOffCents;
      const lineId = randomUUID();
      const { seller } = deps.config;
      const taxes = computeTaxes([{ id: lineId, kind: 'membership', amountCents: netCents }], province, now, {
        mode: seller.taxMode,
        pstRegistrations: seller.pstRegistrations,
      });
      const subscriptionId = randomUUID();
      const orderId = randomUUID();
      try {
        await db().transaction(async (tx) => {
          // The code's use is reserved under its row lock: concurrent checkouts never exceed its caps.
          if (promo) await reservePromoUse(tx, promo, userId);
          await repo.insertCheckout(
            tx,
            { id: subscriptionId, userId, status: 'incomplete', provider: provider.name, plan, priceCents, trialDays, createdAt: now, updatedAt: now },
            {
              id: orderId,
              userId,
              status: 'pending',
              currency: 'CAD',
              province,
              ...orderAmounts(taxes, promoOffCents),
              promoCodeId: promo?.id ?? null,
              promoCode: promo?.code ?? null,
              promoPercentOff: promo?.percentOff ?? null,
              buyerName: buyer.name,
              buyerEmail: buyer.email,
              provider: provider.name,
              idempotencyKey: input.idempotencyKey,
              subscriptionId,
              createdAt: now,
              updatedAt: now,
            },
            [{ id: lineId, orderId, position: 0, kind: 'membership', description: descriptionOf(plan), amountCents: netCents, discountCents: promoOffCents, promoDiscountCents: promoOffCents }],
          );
          // Never paid, the first order is closed « Abandonnée » and the membership ended with it (checkout/abandon.ts).
          await scheduleOrderClose(tx, { orderId, closesAt: closesAt(now, []), now });
        });
      } catch (err) {
        // Another checkout of this person won the index (or this very request came twice): theirs.
        if (!isUniqueViolation(err)) throw err;
        const winner = await repo.findLive(db(), userId);
        if (winner) return { created: false, response: await existing(winner) };
        const sameKey = await repo.findOrderByKey(db(), userId, input.idempotencyKey);
        const sub = sameKey?.subscriptionId ? await repo.findById(db(), sameKey.subscriptionId) : undefined;
        if (sub && isActiveSubscription(sub, deps.now())) throw new AppError('ALREADY_SUBSCRIBED');
        throw new AppError('CONFLICT', 'Cette tentative de paiement a déjà servi. Rechargez la page et réessayez.');
      }
      const sub = (await repo.findById(db(), subscriptionId))!;
      return { created: true, response: await resume(sub) };
    },

    /** The dashboard: the record that decides access (else the latest), the whole history, every receipt. */
    async get(userId: string): Promise<SubscriptionResponse> {
      const history = await repo.listForUser(db(), userId);
      const receipts = await repo.listReceiptOrders(db(), userId);
      const access = await repo.findAccessRecord(db(), userId);
      const current = access ?? history[0] ?? null;
      const now = deps.now();
      const grants = await currentGrants(db(), userId, now);
      const gifted = grants.length
        ? { startsAt: grants[0]!.startsAt.toISOString(), endsAt: new Date(Math.max(...grants.map((g) => g.endsAt.getTime()))).toISOString(), months: grants.reduce((n, g) => n + g.months, 0) }
        : null;
      const started = grants.filter((g) => g.startsAt.getTime() <= now.getTime());
      return {
        current: current ? toSubscriptionView(current) : null,
        isSubscriber: hasMembership({ subscription: current, giftedUntil: started.length ? new Date(Math.max(...started.map((g) => g.endsAt.getTime()))) : null }, now),
        gifted,
        canCancel: !!current && cancellable(current) && !current.cancelAtPeriodEnd,
        history: history.map(toSubscriptionView),
        receipts: receipts.map(toReceiptView),
        portalAvailable: !!provider.createPortalSession && !!current?.providerCustomerId,
      };
    },

    /**
     * Cancels at period end (irreversible); the provider's answer is our new state at once. Before
     * that, once per cancellation, the « save » offer (a setting): 'ask' shows it (recorded as shown,
     * nothing cancelled); 'accept' discounts the next invoice once (recorded, the provider told the
     * same amount off); 'decline', or an offer already shown, none set, or a trial (cancelled at no
     * cost), cancels.
     */
    async cancel(userId: string, input: SubscriptionCancelInput = {}): Promise<SubscriptionCancelResponse> {
      const access = await repo.findAccessRecord(db(), userId);
      if (!access || !cancellable(access)) throw new AppError('NO_SUBSCRIPTION_TO_CANCEL');
      const settings = await readMembershipSettings(db());
      const offerable = settings.saveOfferPercent > 0 && access.status === 'active' && !access.cancelAtPeriodEnd && access.nextDiscountCents === null;
      const offer = offerable ? { percent: settings.saveOfferPercent, label: settings.saveOfferLabel } : null;
      const mode = input.offer ?? 'decline';
      if (offer && mode === 'ask' && !access.saveOfferShownAt) {
        const shown = await db().transaction(async (tx) => {
          const row = (await repo.lockSubscription(tx, access.id))!;
          return row.saveOfferShownAt ? row : repo.setMembership(tx, row.id, { saveOfferShownAt: deps.now() }, deps.now());
        });
        return { subscription: toSubscriptionView(shown), outcome: 'offer', offer };
      }
      if (mode === 'accept') {
        // A repeated « yes » finds it taken; an offer never shown (or none set) is not taken blind.
        if (access.saveOfferAcceptedAt) return { subscription: toSubscriptionView(access), outcome: 'saved', offer: { percent: settings.saveOfferPercent, label: settings.saveOfferLabel } };
        if (!offer || !access.saveOfferShownAt) throw new AppError('CONFLICT', "Cette offre n'est plus disponible.");
        return acceptOffer(access, settings.saveOfferPercent, offer);
      }
      let sub: ProviderSubscription;
      try {
        sub = await provider.cancelSubscriptionAtPeriodEnd(access.providerSubscriptionId!);
      } catch (err) {
        throw providerFailure(err, { subscriptionId: access.id }, "annulation de l'abonnement refusée par le prestataire");
      }
      const row = (await applyState(sub)) ?? access;
      return { subscription: toSubscriptionView(row), outcome: 'cancelled', offer: null };
    },

    /** Public: the offer's prices and trial; whether this person may still have a trial. */
    async plans(userId: string | null): Promise<MembershipPlansResponse> {
      const settings = await readMembershipSettings(db());
      return {
        monthlyPriceCents: planPriceCents('monthly', settings),
        annualPriceCents: settings.annualPriceCents,
        trialDays: settings.trialDays,
        trialAvailable: settings.trialDays > 0 && !(userId && (await repo.hadTrial(db(), userId))),
      };
    },

    /**
     * The plan from the next period on: the current one is kept as paid; the provider bills the new
     * plan (its price taxed as the first order) at renewal. Choosing the current plan again undoes a
     * pending switch. Not during a trial (its first charge is the plan chosen at sign-up).
     */
    async changePlan(userId: string, input: SubscriptionPlanInput): Promise<SubscriptionResponse> {
      const access = await repo.findAccessRecord(db(), userId);
      if (!access || !cancellable(access) || access.cancelAtPeriodEnd) throw new AppError('NO_SUBSCRIPTION_TO_CANCEL', 'Aucun abonnement en cours à modifier.');
      if (access.status === 'trialing') throw new AppError('CONFLICT', 'Vous pourrez changer de formule après votre essai gratuit.');
      const first = await repo.findFirstOrder(db(), access.id);
      if (!first) throw new AppError('CONFLICT', 'Cet abonnement ne peut pas changer de formule ici.');
      const settings = await readMembershipSettings(db());
      const same = input.plan === access.plan;
      const priceCents = same ? (access.priceCents ?? planPriceCents(access.plan as MembershipPlan, settings)) : planPriceCents(input.plan, settings);
      const amounts = periodAmounts(first, priceCents, 0, 'plan');
      try {
        await provider.changeSubscriptionPlan(access.providerSubscriptionId!, {
          amountCents: amounts.totalCents,
          interval: input.plan === 'annual' ? 'year' : 'month',
          description: descriptionOf(input.plan),
          idempotencyKey: `plan:${access.id}:${input.plan}:${access.currentPeriodEnd?.toISOString() ?? ''}`,
        });
      } catch (err) {
        throw providerFailure(err, { subscriptionId: access.id }, 'changement de formule refusé par le prestataire');
      }
      await repo.setMembership(db(), access.id, same ? { pendingPlan: null, pendingPriceCents: null } : { pendingPlan: input.plan, pendingPriceCents: priceCents }, deps.now());
      return this.get(userId);
    },

    /** The admin's membership settings. */
    settings: () => readMembershipSettings(db()),

    async saveSettings(actorId: string, next: MembershipSettings): Promise<MembershipSettings> {
      await db().transaction((tx) => writeMembershipSettings(tx, actorId, next, deps.now()));
      return readMembershipSettings(db());
    },

    /** The sandbox's own « portal »: the card the membership renews with, and the next charge. */
    async paymentMethod(userId: string): Promise<SubscriptionPaymentMethodResponse> {
      const { sandbox, subscriptionId } = await sandboxSubscriptionOf(userId);
      return billingView(await sandbox.subscriptionBilling(subscriptionId));
    },

    /** Another card for the renewals (sandbox): checked like the payment form's, saved at the processor. */
    async changeCard(userId: string, input: SubscriptionCardInput): Promise<SubscriptionPaymentMethodResponse> {
      const checked = checkCard({ number: input.number, expiry: input.expiry, cvc: input.cvc }, deps.now());
      if (!checked.ok) throw new AppError('VALIDATION_FAILED', undefined, checked.fields);
      const { sandbox, subscriptionId } = await sandboxSubscriptionOf(userId);
      return billingView(await sandbox.changeSubscriptionCard(subscriptionId, checked.card));
    },

    /** The provider's customer portal (Stripe); the sandbox has none. */
    async portal(userId: string): Promise<{ url: string }> {
      if (!provider.createPortalSession) throw new AppError('PORTAL_UNAVAILABLE');
      const history = await repo.listForUser(db(), userId);
      const customerId = history.find((s) => s.providerCustomerId && s.provider === provider.name)?.providerCustomerId;
      if (!customerId) throw new AppError('PORTAL_UNAVAILABLE');
      try {
        return await provider.createPortalSession(customerId, `${deps.config.publicUrl}${DASHBOARD_PATH}`);
      } catch (err) {
        throw providerFailure(err, { userId }, 'portail client du prestataire indisponible');
      }
    },
  };
}

function billingView(billing: SandboxSubscriptionBilling): SubscriptionPaymentMethodResponse {
  return { card: billing.card, nextCharge: billing.nextCharge ? { at: billing.nextCharge.at.toISOString(), amountCents: billing.nextCharge.amountCents } : null };
}

/** Cancelling needs a provider subscription that can still renew: active, trialing or past due. */
function cancellable(row: repo.SubscriptionRow): boolean {
  return !!row.providerSubscriptionId && (row.status === 'active' || row.status === 'trialing' || row.status === 'past_due');
}

export type SubscriptionService = ReturnType<typeof createSubscriptionService>;
