// The database schema. Column names are snake_case in SQL (drizzle `casing`), camelCase in code.
// Money is integer cents; time is timestamptz in UTC.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { Allergen, Diet, KitSubstitutions, SeatNeeds } from '../../shared/dietary';

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export const roleEnum = pgEnum('role', ['learner', 'chef', 'admin']);
export const recipeCategoryEnum = pgEnum('recipe_category', ['starter', 'main', 'dessert', 'drink']);
export const difficultyEnum = pgEnum('difficulty', ['beginner', 'intermediate', 'advanced']);
export const courseStatusEnum = pgEnum('course_status', ['published', 'draft', 'archived']);
export const sessionStatusEnum = pgEnum('session_status', ['scheduled', 'cancelled']);
export const reservationStatusEnum = pgEnum('reservation_status', [
  'pending_payment',
  'confirmed',
  'cancelled',
  'expired',
]);
export const purchaseStatusEnum = pgEnum('purchase_status', ['pending', 'succeeded', 'failed', 'refunded']);
export const orderStatusEnum = pgEnum('order_status', [
  'pending',
  'processing',
  'paid',
  'failed',
  'canceled',
  'partially_refunded',
  'refunded',
]);
export const productKindEnum = pgEnum('product_kind', ['live_class', 'recorded_course', 'membership', 'gift_card']);
export const refundStatusEnum = pgEnum('refund_status', ['pending', 'succeeded', 'failed']);
export const subscriptionStatusEnum = pgEnum('subscription_status', [
  'incomplete',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
]);

/** Accounts. Shaped after the auth library's `user` model so it can own this table. */
export const users = pgTable('users', {
  id: text().primaryKey(),
  name: text().notNull(),
  email: text().notNull().unique(),
  emailVerified: boolean().notNull().default(false),
  image: text(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Signed-in sessions (owned by the auth library): the cookie carries `token`, signed. */
export const sessions = pgTable(
  'sessions',
  {
    id: text().primaryKey(),
    token: text().notNull().unique(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    ipAddress: text(),
    userAgent: text(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Ways to sign in (owned by the auth library): provider 'credential' holds the password hash. */
export const accounts = pgTable(
  'accounts',
  {
    id: text().primaryKey(),
    accountId: text().notNull(),
    providerId: text().notNull(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text(),
    refreshToken: text(),
    idToken: text(),
    accessTokenExpiresAt: timestamp({ withTimezone: true }),
    refreshTokenExpiresAt: timestamp({ withTimezone: true }),
    scope: text(),
    password: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('accounts_user_idx').on(t.userId), uniqueIndex('accounts_provider_uq').on(t.providerId, t.accountId)],
);

/** Short-lived secrets of the auth library (password-reset tokens, OAuth state). */
export const verifications = pgTable(
  'verifications',
  {
    id: text().primaryKey(),
    identifier: text().notNull(),
    value: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

/**
 * An admin's TOTP second factor (RFC 6238, 30 s steps, 6 digits). `secret` is encrypted with a key
 * derived from AUTH_SECRET; `confirmedAt` null: enrolment started, no code checked yet.
 * `lastUsedStep`: a code is accepted once (no replay within its 30 s).
 */
export const adminSecondFactors = pgTable('admin_second_factors', {
  userId: text()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text().notNull(),
  confirmedAt: timestamp({ withTimezone: true }),
  lastUsedStep: bigint({ mode: 'number' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** One-time recovery codes of an admin's second factor: only their SHA-256 is kept. */
export const adminRecoveryCodes = pgTable(
  'admin_recovery_codes',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text().notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('admin_recovery_codes_user_idx').on(t.userId), uniqueIndex('admin_recovery_codes_hash_uq').on(t.userId, t.codeHash)],
);

/** A signed-in session whose holder gave the second factor: admin actions need one. Ends with its session. */
export const sessionSecondFactors = pgTable('session_second_factors', {
  sessionId: text()
    .primaryKey()
    .references(() => sessions.id, { onDelete: 'cascade' }),
  verifiedAt: timestamp({ withTimezone: true }).notNull(),
});

/**
 * Password-reset links. Only the SHA-256 of the token is kept (a database reader cannot use a live
 * link); a link is single use (used_at) and short-lived (expires_at). Asking again deletes the older ones.
 */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Hex SHA-256 of the token sent in the link. */
    tokenHash: text().notNull().unique(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

/** What the site shows of a person, and their role. Private fields: phone, address, province. */
export const profiles = pgTable(
  'profiles',
  {
    userId: text()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    fullName: text().notNull(),
    role: roleEnum().notNull().default('learner'),
    avatarUrl: text(),
    specialty: text(),
    bio: text(),
    phone: text(),
    address: text(),
    /** Two-letter Canadian province code, or 'XX' outside Canada; decides the taxes. */
    province: text(),
    updatedAt: updatedAt(),
  },
  (t) => [index('profiles_role_idx').on(t.role, t.fullName)],
);

export const courses = pgTable(
  'courses',
  {
    id: uuid().primaryKey().defaultRandom(),
    title: text().notNull(),
    description: text().notNull(),
    imageUrl: text(),
    priceCents: integer().notNull(),
    isLive: boolean().notNull(),
    isPremium: boolean().notNull().default(false),
    teacherId: text().references(() => users.id, { onDelete: 'set null' }),
    difficulty: difficultyEnum().notNull().default('beginner'),
    durationMinutes: integer(),
    cuisineType: text(),
    dietaryInfo: text(),
    /** What the class's dishes contain (Allergen codes, @shared/dietary); null: not yet given by the chef. */
    allergens: text().array().$type<Allergen[]>(),
    /** Whom its dishes suit (Diet codes). */
    diets: text().array().$type<Diet[]>().notNull().default(sql`'{}'::text[]`),
    /** Storage key of the recorded video (recorded courses only). Never sent to the client as-is. */
    videoKey: text(),
    /** 'video/mp4' or 'video/webm', from the file's first bytes. */
    videoContentType: text(),
    videoBytes: bigint({ mode: 'number' }),
    /** The class preparation kit: ingredients and equipment, one per line, for the servings below. */
    prepKit: text(),
    prepKitServings: integer(),
    /** The chef's kit substitutions, one text per need (docs/decisions/0053): sent only to bookings with that need. */
    kitSubstitutions: jsonb().$type<KitSubstitutions>().notNull().default({}),
    status: courseStatusEnum().notNull().default('published'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('courses_price_non_negative', sql`${t.priceCents} >= 0`),
    index('courses_status_idx').on(t.status, t.isLive, t.createdAt),
    index('courses_teacher_idx').on(t.teacherId),
  ],
);

/** A dated occurrence of a live course, with its seats. */
export const courseSessions = pgTable(
  'course_sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    courseId: uuid()
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    /** Overrides the course's duration; null means the course's, or 60 minutes. */
    durationMinutes: integer(),
    capacity: integer().notNull(),
    /** The fewest confirmed seats the chef wants for the class to be worth giving (0: no minimum). */
    minSeats: integer().notNull().default(0),
    /** The most seats one booking may take in this session (1 to 6; docs/decisions/0047). */
    maxSeatsPerBooking: integer().notNull().default(6),
    /** One video-conference link shared by every attendee of the session. */
    videoLink: text(),
    /** Where the recording of a past session is watched (a link the admin attaches after the class). */
    recordingUrl: text(),
    /** Storage key of an uploaded recording (`videos/recordings/…`), played by our own player for attendees. */
    recordingKey: text(),
    recordingContentType: text(),
    recordingBytes: bigint({ mode: 'number' }),
    /** Replaces the course's preparation kit for this session only (null: the course's). */
    prepKit: text(),
    /** Why the admin cancelled the session, as attendees are told. */
    cancelReason: text(),
    /** iCalendar SEQUENCE of its events: raised at each move, so calendars update the event they have. */
    sequence: integer().notNull().default(0),
    /** When the chef last moved it (its start changed): attendees booked before may cancel with a full refund. */
    movedAt: timestamp({ withTimezone: true }),
    /** The video link the attendees were last told of (null: never told); saving it again tells no one. */
    videoLinkNotified: text(),
    /** How many times attendees were told of a link: each telling's e-mails and notices are keyed by it. */
    videoLinkVersion: integer().notNull().default(0),
    /**
     * Minimum enrolment (docs/decisions/0048): when the site found the session under its minimum,
     * 96 h before, and asked its chef to keep or cancel it (null: never asked for this start).
     */
    minimumAskedAt: timestamp({ withTimezone: true }),
    /** The chef's answer is due then; without one, the session is cancelled for everyone. */
    minimumAnswerDueAt: timestamp({ withTimezone: true }),
    /** When the chef chose to keep it under its minimum (« Maintenir la séance »). */
    minimumKeptAt: timestamp({ withTimezone: true }),
    status: sessionStatusEnum().notNull().default('scheduled'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('course_sessions_capacity_positive', sql`${t.capacity} > 0`),
    check('course_sessions_min_seats_nonnegative', sql`${t.minSeats} >= 0`),
    check('course_sessions_max_seats_per_booking_range', sql`${t.maxSeatsPerBooking} between 1 and 6`),
    index('course_sessions_course_idx').on(t.courseId, t.startsAt),
    index('course_sessions_starts_idx').on(t.startsAt),
  ],
);

export const recipes = pgTable(
  'recipes',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    description: text().notNull().default(''),
    category: recipeCategoryEnum().notNull(),
    durationMinutes: integer().notNull(),
    servings: integer().notNull().default(4),
    /** One ingredient per element, as written ('200 g de farine'). */
    ingredients: text().array().notNull(),
    /** One preparation step per element, in order. */
    steps: text().array().notNull(),
    imageUrl: text(),
    isPremium: boolean().notNull().default(false),
    /** What the recipe contains (Allergen codes, @shared/dietary); null: not yet given by the chef. */
    allergens: text().array().$type<Allergen[]>(),
    /** Whom it suits (Diet codes). */
    diets: text().array().$type<Diet[]>().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('recipes_created_idx').on(t.createdAt),
    index('recipes_category_idx').on(t.category, t.createdAt),
  ],
);

export const favorites = pgTable(
  'favorites',
  {
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    recipeId: uuid()
      .notNull()
      .references(() => recipes.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.recipeId] })],
);

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: subscriptionStatusEnum().notNull(),
    provider: text().notNull(),
    providerSubscriptionId: text(),
    currentPeriodStart: timestamp({ withTimezone: true }),
    currentPeriodEnd: timestamp({ withTimezone: true }),
    cancelAtPeriodEnd: boolean().notNull().default(false),
    /** The provider's customer (Stripe's customer portal needs it). */
    providerCustomerId: text(),
    /** When the subscription ended for good (status canceled). */
    endedAt: timestamp({ withTimezone: true }),
    /** 'monthly' or 'annual': the plan the current period is billed on. */
    plan: text().notNull().default('monthly'),
    /** The plan's price before tax, in cents, as sold (a later change of the setting does not move it). */
    priceCents: integer(),
    /** The plan chosen for the next period (switched at renewal), with its price before tax. */
    pendingPlan: text(),
    pendingPriceCents: integer(),
    /** The free trial asked for at checkout (days; 0: none), and its end (the first charge) once the card is saved. */
    trialDays: integer().notNull().default(0),
    trialEnd: timestamp({ withTimezone: true }),
    /** The « save » offer shown at cancellation (once per cancellation), and accepted. */
    saveOfferShownAt: timestamp({ withTimezone: true }),
    saveOfferAcceptedAt: timestamp({ withTimezone: true }),
    /** The accepted offer's discount (before tax, cents) waiting for the next invoice; null once used. */
    nextDiscountCents: integer(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('subscriptions_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('subscriptions_provider_id_uq').on(t.provider, t.providerSubscriptionId),
    // One subscription in progress per person: two clicks or two tabs never start a second one.
    uniqueIndex('subscriptions_live_user_uq')
      .on(t.userId)
      .where(sql`${t.status} in ('incomplete', 'trialing', 'active', 'past_due')`),
  ],
);

/** The right to a course, granted when its payment succeeded. */
export const purchases = pgTable(
  'purchases',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: uuid()
      .notNull()
      .references(() => courses.id, { onDelete: 'restrict' }),
    status: purchaseStatusEnum().notNull().default('pending'),
    amountCents: integer().notNull(),
    /** The order line that paid for it (null for purchases recorded before orders existed, e.g. the demo's). */
    orderLineId: uuid().references(() => orderLines.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('purchases_user_idx').on(t.userId, t.status, t.createdAt),
    uniqueIndex('purchases_order_line_uq').on(t.orderLineId),
  ],
);

/** A learner's seat in a live session: held while unpaid, then confirmed. */
export const reservations = pgTable(
  'reservations',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: uuid()
      .notNull()
      .references(() => courseSessions.id, { onDelete: 'restrict' }),
    clientName: text().notNull(),
    status: reservationStatusEnum().notNull().default('pending_payment'),
    holdExpiresAt: timestamp({ withTimezone: true }),
    /** Why a reservation ended 'cancelled' (ReservationCancelReason in @shared/schemas/reservations). */
    cancelReason: text(),
    cancelledAt: timestamp({ withTimezone: true }),
    /**
     * A paid seat of a session the chef cancelled: until when its learner may choose the card or
     * « Crédit Toque » (null: no choice to make); after it, the card (docs/decisions/0043).
     */
    refundChoiceDueAt: timestamp({ withTimezone: true }),
    /** What happened to that choice: 'card', 'credit', or 'card_by_default' (the deadline's job); null while it waits. */
    refundChoice: text(),
    /** How many people the learner cooks for: the class preparation kit is scaled to it (null: the recipe's). */
    servings: integer(),
    /**
     * The seats this booking holds (1 to 6; docs/decisions/0047): a seat count of the session is the
     * sum of its seat-holding bookings' seats. Lowered when the learner cancels some of them; a
     * booking cancelled whole keeps the count it had.
     */
    seats: integer().notNull().default(1),
    /** The guests' first names, one per extra seat, each optional ('' when not given). */
    guestNames: text().array().notNull().default(sql`'{}'::text[]`),
    /**
     * Each seat's dietary needs, the learner's first (docs/decisions/0053): health data, read only by
     * the owner, the admin and the session's chef; exported and deleted with the account.
     */
    dietaryNeeds: jsonb().$type<SeatNeeds[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('reservations_seats_range', sql`${t.seats} between 1 and 6`),
    index('reservations_session_idx').on(t.sessionId, t.status),
    index('reservations_user_idx').on(t.userId, t.createdAt),
    // At most one live seat per learner and session: a double click or two tabs never hold two.
    uniqueIndex('reservations_live_user_session_uq')
      .on(t.userId, t.sessionId)
      .where(sql`${t.status} in ('pending_payment', 'confirmed')`),
  ],
);

/**
 * A user's private iCalendar feed: the URL carries a random token, of which only the SHA-256 is kept
 * (a database reader cannot subscribe to anyone's calendar). One per user; a new one replaces it.
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: text()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Hex SHA-256 of the token in the feed URL. */
  tokenHash: text().notNull().unique(),
  createdAt: createdAt(),
  /** Last time a calendar app fetched the feed. */
  lastFetchedAt: timestamp({ withTimezone: true }),
  /**
   * Lists every booked session (the admin's feed), not only the owner's: set only when the feed was
   * made in an admin session that gave the second factor, and still only while the owner is admin.
   */
  everySession: boolean().notNull().default(false),
});

/** Attempt counters of rate-limiter-flexible (RateLimiterDrizzle): shared by every server instance. */
export const rateLimits = pgTable('rate_limits', {
  key: text().primaryKey(),
  points: integer().notNull(),
  expire: timestamp({ withTimezone: true }),
});

/** E-mails kept when no SMTP server is configured (SMTP_URL unset): printed to the log, readable by the admin. */
export const outboxEmails = pgTable(
  'outbox_emails',
  {
    id: uuid().primaryKey().defaultRandom(),
    to: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('outbox_emails_created_idx').on(t.createdAt)],
);

/**
 * « Codes promo »: a discount the admin grants, typed at checkout (decision 0040). The code is
 * matched case-insensitively (stored upper-case, unique); its uses are the orders that name it and
 * are not closed (pending, paid, refunded…), counted under a row lock on the code at checkout.
 */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Upper-case, as typed by the admin (NOEL20). */
    code: text().notNull(),
    /** Exactly one of percentOff (1–100) and amountOffCents is set. */
    percentOff: integer(),
    amountOffCents: integer(),
    /** Kinds it applies to ('live_class', 'recorded_course', 'membership'); empty with no courses: everything. */
    kinds: text().array().notNull().default(sql`'{}'::text[]`),
    /** Courses it applies to (besides the kinds); empty with no kinds: everything. */
    courseIds: uuid().array().notNull().default(sql`'{}'::uuid[]`),
    maxUses: integer(),
    maxUsesPerCustomer: integer(),
    startsAt: timestamp({ withTimezone: true }),
    endsAt: timestamp({ withTimezone: true }),
    /** 'all', 'new_customers' (no paid order before) or 'members' (an active membership). */
    audience: text().notNull().default('all'),
    active: boolean().notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('promo_codes_code_uq').on(t.code),
    check('promo_codes_one_discount', sql`(${t.percentOff} is null) <> (${t.amountOffCents} is null)`),
    check('promo_codes_percent_range', sql`${t.percentOff} is null or (${t.percentOff} between 1 and 100)`),
    check('promo_codes_amount_positive', sql`${t.amountOffCents} is null or ${t.amountOffCents} > 0`),
  ],
);

/**
 * What a learner pays for, in one payment: lines, taxes and total, all decided by the server.
 * Kept as long as the law asks (6 years): a user is never deleted from under an order.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** The receipt number people read: 1, 2, 3… */
    number: integer().generatedAlwaysAsIdentity().notNull(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    status: orderStatusEnum().notNull().default('pending'),
    currency: text().notNull().default('CAD'),
    /** The buyer's province when the order was made (decides the taxes); 'XX' outside Canada. */
    province: text().notNull(),
    /** 'taxed', 'zero_rated' or 'not_registered' (the tax engine's TaxStatus). */
    taxStatus: text().notNull(),
    subtotalCents: integer().notNull(),
    discountCents: integer().notNull().default(0),
    taxCents: integer().notNull(),
    totalCents: integer().notNull(),
    /**
     * The part of totalCents paid with the buyer's « Crédit Toque » (payment, after tax: never a
     * discount); the card is asked for totalCents − creditAppliedCents. Its ledger entry names the order.
     */
    creditAppliedCents: integer().notNull().default(0),
    /** The tax engine's TaxLine[] as charged. */
    taxLines: jsonb().notNull(),
    /** The buyer as the receipt names them, copied at checkout. */
    buyerName: text().notNull(),
    buyerEmail: text().notNull(),
    provider: text().notNull(),
    /** The provider's payment (PaymentIntent) id. */
    providerPaymentId: text(),
    /** Only the brand and last four digits of a card are ever kept. */
    paymentMethodType: text(),
    paymentMethodBrand: text(),
    paymentMethodLast4: text(),
    failureMessage: text(),
    /** The client's key for this checkout: repeating the same checkout returns the same order. */
    idempotencyKey: text().notNull(),
    paidAt: timestamp({ withTimezone: true }),
    /**
     * What the payment processor kept of this payment (Stripe's balance transaction `fee`), its
     * balance transaction and the payout that brought the money; null until known (books export).
     */
    processorFeeCents: integer(),
    processorTransactionId: text(),
    payoutReference: text(),
    /** The membership this order pays a period of (membership orders only). */
    subscriptionId: uuid().references(() => subscriptions.id, { onDelete: 'restrict' }),
    /** The provider's invoice for that period: one order per invoice, however often its event comes. */
    providerInvoiceId: text(),
    /** The membership period paid for, as the receipt states it. */
    periodStart: timestamp({ withTimezone: true }),
    periodEnd: timestamp({ withTimezone: true }),
    /** The promo code this order used (one per order), and its text and rate as the receipt prints them. */
    promoCodeId: uuid().references(() => promoCodes.id, { onDelete: 'restrict' }),
    promoCode: text(),
    promoPercentOff: integer(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('orders_promo_code_idx').on(t.promoCodeId, t.status),
    uniqueIndex('orders_number_uq').on(t.number),
    uniqueIndex('orders_provider_invoice_uq').on(t.provider, t.providerInvoiceId),
    index('orders_subscription_idx').on(t.subscriptionId, t.createdAt),
    uniqueIndex('orders_user_idempotency_uq').on(t.userId, t.idempotencyKey),
    uniqueIndex('orders_provider_payment_uq').on(t.provider, t.providerPaymentId),
    index('orders_user_idx').on(t.userId, t.createdAt),
    index('orders_status_idx').on(t.status, t.createdAt),
    check('orders_amounts_non_negative', sql`${t.subtotalCents} >= 0 and ${t.taxCents} >= 0 and ${t.totalCents} >= 0`),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    kind: productKindEnum().notNull(),
    courseId: uuid().references(() => courses.id, { onDelete: 'restrict' }),
    /** The live session chosen (live classes). */
    sessionId: uuid().references(() => courseSessions.id, { onDelete: 'restrict' }),
    /** The seat this line pays for (live classes): confirmed when the payment event lands. */
    reservationId: uuid().references(() => reservations.id, { onDelete: 'restrict' }),
    description: text().notNull(),
    /** What the buyer pays for this line before tax, after any discount: the tax and refund base. */
    amountCents: integer().notNull(),
    /** The discount already taken off amountCents (the subscriber's on a live class); list price = amount + discount. */
    discountCents: integer().notNull().default(0),
    /** Of discountCents, the part the order's promo code took (after the subscriber's discount). */
    promoDiscountCents: integer().notNull().default(0),
    /** How much of this line has been refunded so far (before tax). */
    refundedCents: integer().notNull().default(0),
    /** Seats the line pays for (live classes): amountCents is the price of one seat × seats. */
    seats: integer().notNull().default(1),
  },
  (t) => [
    index('order_lines_order_idx').on(t.orderId, t.position),
    index('order_lines_reservation_idx').on(t.reservationId),
    check('order_lines_refund_within_amount', sql`${t.refundedCents} >= 0 and ${t.refundedCents} <= ${t.amountCents}`),
    check('order_lines_seats_positive', sql`${t.seats} >= 1`),
  ],
);

/** A refund of part or all of an order, and its credit note (number, lines, taxes given back). */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** The credit note number people read. */
    number: integer().generatedAlwaysAsIdentity().notNull(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    status: refundStatusEnum().notNull().default('pending'),
    /** [{ orderLineId, amountCents }] refunded before tax. */
    lines: jsonb().notNull(),
    subtotalCents: integer().notNull(),
    /** The tax engine's TaxRefundLine[]. */
    taxLines: jsonb().notNull(),
    taxCents: integer().notNull(),
    totalCents: integer().notNull(),
    reason: text(),
    /**
     * The part of totalCents given back to the buyer's « Crédit Toque » instead of the card: the
     * credit part of the order first, or all of it when the learner chose « Recevoir un crédit Toque ».
     */
    creditCents: integer().notNull().default(0),
    providerRefundId: text(),
    createdBy: text().references(() => users.id, { onDelete: 'set null' }),
    idempotencyKey: text().notNull(),
    succeededAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('refunds_number_uq').on(t.number),
    uniqueIndex('refunds_idempotency_uq').on(t.orderId, t.idempotencyKey),
    uniqueIndex('refunds_provider_refund_uq').on(t.providerRefundId),
    index('refunds_order_idx').on(t.orderId, t.createdAt),
  ],
);

/** Provider events already handled: each is processed once, whatever how often it is delivered. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text().notNull(),
    eventId: text().notNull(),
    type: text().notNull(),
    processedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/**
 * Each run of the payment reconciliation (modules/payments/reconciliation.ts): the provider's events
 * since the last run, fed through the webhook's handling, so that lost deliveries leave no drift.
 * A run is claimed by inserting its row (one instance a day); it says what it found for the operator.
 */
export const paymentReconciliations = pgTable(
  'payment_reconciliations',
  {
    id: uuid().primaryKey().defaultRandom(),
    provider: text().notNull(),
    startedAt: timestamp({ withTimezone: true }).notNull(),
    /** The events read were created at or after this (the previous run's start, an hour back). */
    since: timestamp({ withTimezone: true }).notNull(),
    finishedAt: timestamp({ withTimezone: true }),
    eventsListed: integer().notNull().default(0),
    /** Events no delivery had applied: the drift this run repaired. */
    eventsApplied: integer().notNull().default(0),
    /** Events that could not be applied this time (left for the webhook's retries or the next run). */
    eventsFailed: integer().notNull().default(0),
    /** What an operator should look at, in French: e.g. a member with two live subscriptions. */
    anomalies: jsonb().$type<string[]>().notNull().default([]),
    error: text(),
  },
  (t) => [index('payment_reconciliations_started_idx').on(t.provider, t.startedAt)],
);

// ---------------------------------------------------------------------------------------------
// Sandbox test processor (PAYMENT_PROVIDER=sandbox): our own offline stand-in for Stripe. These
// tables are the processor's side, not the shop's: the shop only learns what they hold through the
// signed events of sandbox_events, delivered to its webhook. No card number is ever stored.
// ---------------------------------------------------------------------------------------------

/** A payment, shaped like Stripe's PaymentIntent. */
export const sandboxPaymentIntents = pgTable(
  'sandbox_payment_intents',
  {
    /** 'pi_sb_…' */
    id: text().primaryKey(),
    amount: integer().notNull(),
    /** Lower case, as Stripe writes it ('cad'). */
    currency: text().notNull(),
    /** requires_payment_method, requires_action, processing, succeeded or canceled (Stripe's values). */
    status: text().notNull(),
    /** Given to the payer's browser only; compared in constant time. */
    clientSecret: text().notNull(),
    description: text(),
    metadata: jsonb().$type<Record<string, string>>().notNull(),
    /** The caller's idempotency key: the same key returns the same payment. */
    idempotencyKey: text().notNull(),
    /** SHA-256 of the create parameters: the same key with other parameters is refused, as Stripe does. */
    requestHash: text().notNull(),
    /** 'card' or 'wallet', once confirmed; only the brand and the last four digits are kept. */
    methodType: text(),
    brand: text(),
    last4: text(),
    expMonth: integer(),
    expYear: integer(),
    /** The successful charge ('ch_sb_…'). */
    chargeId: text(),
    amountReceived: integer().notNull().default(0),
    amountRefunded: integer().notNull().default(0),
    /** The last failure, as Stripe's last_payment_error: code, decline code, message. */
    lastErrorCode: text(),
    lastDeclineCode: text(),
    lastErrorMessage: text(),
    /** The invoice this payment settles (membership periods): 'in_sb_…'. */
    invoiceId: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('sandbox_payment_intents_idempotency_uq').on(t.idempotencyKey),
    check('sandbox_payment_intents_amounts', sql`${t.amount} >= 0 and ${t.amountRefunded} >= 0 and ${t.amountRefunded} <= ${t.amountReceived}`),
  ],
);

/** A refund of a sandbox payment, shaped like Stripe's Refund. */
export const sandboxRefunds = pgTable(
  'sandbox_refunds',
  {
    /** 're_sb_…' */
    id: text().primaryKey(),
    paymentIntentId: text()
      .notNull()
      .references(() => sandboxPaymentIntents.id, { onDelete: 'restrict' }),
    amount: integer().notNull(),
    /** pending, succeeded, failed or canceled (Stripe's values). */
    status: text().notNull(),
    metadata: jsonb().$type<Record<string, string>>().notNull(),
    idempotencyKey: text().notNull(),
    requestHash: text().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('sandbox_refunds_idempotency_uq').on(t.idempotencyKey),
    index('sandbox_refunds_payment_idx').on(t.paymentIntentId),
    check('sandbox_refunds_amount_positive', sql`${t.amount} > 0`),
  ],
);

/**
 * The sandbox's outgoing events, written in the same transaction as the change they announce, then
 * delivered (signed) to the webhook URL by the delivery worker, retried with backoff until a 2xx.
 */
export const sandboxEvents = pgTable(
  'sandbox_events',
  {
    /** 'evt_sb_…' */
    id: text().primaryKey(),
    /** Creation order (events of one transaction share a timestamp). */
    sequence: integer().generatedAlwaysAsIdentity().notNull(),
    type: text().notNull(),
    /** The Stripe-format event, exactly as it is sent (its signature is computed at each delivery). */
    payload: jsonb().notNull(),
    attempts: integer().notNull().default(0),
    /** When the worker may (re)try; null once delivered or given up. */
    nextAttemptAt: timestamp({ withTimezone: true }),
    deliveredAt: timestamp({ withTimezone: true }),
    lastError: text(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sandbox_events_sequence_uq').on(t.sequence),
    index('sandbox_events_due_idx').on(t.nextAttemptAt).where(sql`${t.nextAttemptAt} is not null`),
  ],
);

/**
 * The sandbox processor's subscriptions, as Stripe keeps them. Each carries its own test clock
 * (an offset from real time, as a Stripe test clock attached to its customer): renewals happen when
 * the clock reaches the period end, and tests move the clock forward.
 */
export const sandboxSubscriptions = pgTable(
  'sandbox_subscriptions',
  {
    /** 'sub_sb_…' */
    id: text().primaryKey(),
    /** 'cus_sb_…' */
    customerId: text().notNull(),
    customerEmail: text().notNull(),
    description: text().notNull(),
    /** What each period costs, taxes included, in cents. */
    amount: integer().notNull(),
    currency: text().notNull(),
    /** incomplete, incomplete_expired, active, past_due or canceled (Stripe's values). */
    status: text().notNull(),
    /** Clock time (real time + clockOffsetMs). */
    currentPeriodStart: timestamp({ withTimezone: true }),
    currentPeriodEnd: timestamp({ withTimezone: true }),
    cancelAtPeriodEnd: boolean().notNull().default(false),
    canceledAt: timestamp({ withTimezone: true }),
    endedAt: timestamp({ withTimezone: true }),
    /** The test clock: how far this subscription's time runs ahead of real time. */
    clockOffsetMs: bigint({ mode: 'number' }).notNull().default(0),
    /** How the saved card answers renewal charges: succeeds, declined or insufficient_funds. */
    renewalOutcome: text(),
    /** The saved card: brand and last four digits only. */
    brand: text(),
    last4: text(),
    metadata: jsonb().$type<Record<string, string>>().notNull(),
    idempotencyKey: text().notNull(),
    requestHash: text().notNull(),
    latestInvoiceId: text(),
    /** 'month' or 'year' (Stripe's price.recurring.interval). */
    interval: text().notNull().default('month'),
    /** The free trial's end (clock time); the trial's reminder event once sent. */
    trialEnd: timestamp({ withTimezone: true }),
    trialWillEndSent: boolean().notNull().default(false),
    /** A plan change taking effect at the next period (Stripe: a subscription schedule's next phase). */
    pendingAmount: integer(),
    pendingInterval: text(),
    pendingDescription: text(),
    /** A coupon (amount_off, duration once) for the next invoice, in cents, taxes included. */
    discountOnceAmount: integer(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('sandbox_subscriptions_idempotency_uq').on(t.idempotencyKey),
    index('sandbox_subscriptions_due_idx').on(t.status, t.currentPeriodEnd),
  ],
);

/** The sandbox's invoices: one per subscription period, paid by one or more payment attempts. */
export const sandboxInvoices = pgTable(
  'sandbox_invoices',
  {
    /** 'in_sb_…' */
    id: text().primaryKey(),
    subscriptionId: text()
      .notNull()
      .references(() => sandboxSubscriptions.id, { onDelete: 'cascade' }),
    amount: integer().notNull(),
    /** open, paid, void or uncollectible (Stripe's values). */
    status: text().notNull(),
    /** subscription_create or subscription_cycle (Stripe's values). */
    billingReason: text().notNull(),
    /** The period it pays for (clock time). */
    periodStart: timestamp({ withTimezone: true }).notNull(),
    periodEnd: timestamp({ withTimezone: true }).notNull(),
    attemptCount: integer().notNull().default(0),
    /** Clock time of the next automatic charge attempt; null when none is planned. */
    nextPaymentAttempt: timestamp({ withTimezone: true }),
    /** The latest payment attempt ('pi_sb_…'). */
    paymentIntentId: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('sandbox_invoices_subscription_idx').on(t.subscriptionId, t.createdAt),
    uniqueIndex('sandbox_invoices_period_uq').on(t.subscriptionId, t.periodStart),
  ],
);

/**
 * Who did what in the back office, and when: every admin action that changes data writes one row in
 * the same transaction as the change (never rewritten, never deleted).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** The admin who acted (kept as text: the record outlives the account). */
    actorId: text().notNull(),
    actorEmail: text().notNull(),
    /** e.g. 'recipe.create', 'course.archive', 'session.capacity', 'order.refund'. */
    action: text().notNull(),
    /** e.g. 'recipe', 'course', 'session', 'order'. */
    targetType: text().notNull(),
    targetId: text().notNull(),
    /** What changed, for a person to read (no secrets, no card data). */
    details: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_target_idx').on(t.targetType, t.targetId, t.createdAt),
    index('audit_log_action_idx').on(t.action, t.createdAt),
  ],
);

/** Where a learner is in a recorded course's video: resumed on return, finished past 90 %. */
export const courseProgress = pgTable(
  'course_progress',
  {
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: uuid()
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    positionSeconds: integer().notNull(),
    durationSeconds: integer().notNull(),
    /** Set the first time the position passes 90 % of the video; kept when the learner watches again. */
    completedAt: timestamp({ withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.courseId] }),
    check('course_progress_position_valid', sql`${t.positionSeconds} >= 0 AND ${t.durationSeconds} > 0`),
  ],
);

/** In-app notifications (/notifications): newest first, unread until the user opens or marks them. */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** e.g. 'booking.confirmed', 'reminder.24h', 'subscription.renewed' (NotificationKind in @shared/schemas/notifications). */
    kind: text().notNull(),
    title: text().notNull(),
    body: text().notNull(),
    /** A path inside the site the notification opens ('/mes-achats'), or null. */
    link: text(),
    /** One notification per event: a repeated job or event never notifies twice. */
    dedupeKey: text().notNull(),
    readAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('notifications_dedupe_uq').on(t.userId, t.dedupeKey),
    index('notifications_user_idx').on(t.userId, t.createdAt),
  ],
);

/** Which non-essential e-mails a person wants (no row: the defaults below). */
export const emailPreferences = pgTable('email_preferences', {
  userId: text()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  reminders: boolean().notNull().default(true),
  prepKit: boolean().notNull().default(true),
  marketing: boolean().notNull().default(false),
  updatedAt: updatedAt(),
});

/**
 * Every e-mail the site decided to send, once per event (dedupe key such as 'reminder.24h:<reservationId>'):
 * the job that sends it skips a delivery already sent, so retries and a second instance never send twice.
 */
export const emailDeliveries = pgTable(
  'email_deliveries',
  {
    dedupeKey: text().primaryKey(),
    /** e.g. 'reminder.24h', 'booking.confirmed' (EmailKind). */
    kind: text().notNull(),
    to: text().notNull(),
    userId: text().references(() => users.id, { onDelete: 'set null' }),
    sentAt: timestamp({ withTimezone: true }),
    /** Why it was not sent: 'preference' (turned off), or the last transport error. */
    skippedReason: text(),
    attempts: integer().notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('email_deliveries_created_idx').on(t.createdAt)],
);

/**
 * The shop's settings the chef changes from the back office, one row per key (e.g.
 * 'books.filing_frequency'); each change is audited.
 */
export const appSettings = pgTable('app_settings', {
  key: text().primaryKey(),
  value: jsonb().notNull(),
  updatedAt: updatedAt(),
});

/**
 * « Écrire aux participants »: a message the admin sent to every confirmed attendee of a session,
 * e-mailed and notified once per attendee. The admin's idempotency key makes a double submit or a
 * retry find the same message (and send nothing more).
 */
export const sessionMessages = pgTable(
  'session_messages',
  {
    id: uuid().primaryKey().defaultRandom(),
    sessionId: uuid()
      .notNull()
      .references(() => courseSessions.id, { onDelete: 'cascade' }),
    idempotencyKey: text().notNull(),
    subject: text().notNull(),
    body: text().notNull(),
    /** Who sent it (kept as text with the e-mail: the record outlives the account). */
    sentBy: text().notNull(),
    sentByEmail: text().notNull(),
    /** How many confirmed attendees it went to. */
    recipientCount: integer().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('session_messages_idempotency_uq').on(t.sessionId, t.idempotencyKey), index('session_messages_session_idx').on(t.sessionId, t.createdAt)],
);

/**
 * The chef's private notes about a customer (« Clients »): never shown to the customer's own pages,
 * given back in their data export, deleted with their account. The author is copied like the audit
 * log's actor (the note outlives the admin's account); every add and edit is audited too.
 */
export const adminClientNotes = pgTable(
  'admin_client_notes',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** The customer the note is about. */
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text().notNull(),
    authorId: text().notNull(),
    authorEmail: text().notNull(),
    /** Who changed it last, when it was edited (null: as written). */
    editedByEmail: text(),
    editedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('admin_client_notes_user_idx').on(t.userId, t.createdAt)],
);

/**
 * Gift cards (« Offrir un cours », docs/decisions/0039-gift-cards.md). A row is written with its
 * order ('pending', no code yet); the paid order's event gives it its code and makes it 'active'
 * in the same transaction. A card never expires. Its whole balance moves at once into the
 * recipient's « Crédit Toque » (a credit_entries row naming the card): 'redeemed'. An unused card
 * may be voided by the admin (its line refunded to the buyer).
 */
export const giftCards = pgTable(
  'gift_cards',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Normalised (16 capitals, no separator, shared/gift-cards.ts); null until the order is paid. */
    code: text(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    orderLineId: uuid()
      .notNull()
      .references(() => orderLines.id, { onDelete: 'restrict' }),
    buyerId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** 'pending' | 'active' | 'redeemed' | 'voided' (GiftCardStatus). */
    status: text().notNull().default('pending'),
    /** 'amount': money for any purchase (into « Crédit Toque »); 'membership': months of membership only (decision 0042). */
    kind: text().notNull().default('amount'),
    /** The months a 'membership' card gives (3, 6 or 12); null for an amount. */
    membershipMonths: integer(),
    /** What the buyer paid before tax (a 'membership' card: its months' price). */
    amountCents: integer().notNull(),
    /** What has left the card for a person's credit (all of it at once, today). */
    redeemedCents: integer().notNull().default(0),
    recipientName: text().notNull(),
    recipientEmail: text().notNull(),
    message: text().notNull().default(''),
    /** The course suggested (« Offrir ce cours »). */
    courseId: uuid().references(() => courses.id, { onDelete: 'set null' }),
    /** When the e-mail goes to the recipient; delivered once at or after it. */
    deliverAt: timestamp({ withTimezone: true }).notNull(),
    deliveredAt: timestamp({ withTimezone: true }),
    /** First time the card's page or PDF was opened through the recipient's signed link. */
    openedAt: timestamp({ withTimezone: true }),
    redeemedBy: text().references(() => users.id, { onDelete: 'set null' }),
    redeemedAt: timestamp({ withTimezone: true }),
    voidedAt: timestamp({ withTimezone: true }),
    voidedBy: text().references(() => users.id, { onDelete: 'set null' }),
    voidRefundId: uuid().references(() => refunds.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('gift_cards_code_uq').on(t.code),
    uniqueIndex('gift_cards_order_line_uq').on(t.orderLineId),
    index('gift_cards_buyer_idx').on(t.buyerId, t.createdAt),
    index('gift_cards_order_idx').on(t.orderId),
    check('gift_cards_amount_bounds', sql`${t.amountCents} > 0 and ${t.redeemedCents} >= 0 and ${t.redeemedCents} <= ${t.amountCents}`),
    check('gift_cards_status', sql`${t.status} in ('pending', 'active', 'redeemed', 'voided')`),
    check(
      'gift_cards_kind',
      sql`(${t.kind} = 'amount' and ${t.membershipMonths} is null) or (${t.kind} = 'membership' and ${t.membershipMonths} in (3, 6, 12))`,
    ),
  ],
);

/**
 * Months of membership given by a membership gift card (decision 0042): the entitlement rules count
 * a person as a member while now is in [starts_at, ends_at) of one of their grants. One per card.
 * A grant redeemed during a paid period starts when it ends (the renewal stopped).
 */
export const membershipGrants = pgTable(
  'membership_grants',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    giftCardId: uuid()
      .notNull()
      .references(() => giftCards.id, { onDelete: 'restrict' }),
    months: integer().notNull(),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    /** The paid subscription whose renewal this grant stopped (it starts at that period's end); null when none. */
    stoppedSubscriptionId: uuid().references(() => subscriptions.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('membership_grants_gift_card_uq').on(t.giftCardId),
    index('membership_grants_user_idx').on(t.userId, t.endsAt),
    check('membership_grants_period', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/**
 * « Crédit Toque »: one append-only ledger per customer (docs/decisions/0038-store-credit-ledger.md).
 * The balance is the sum of a person's entries, never stored alone; an entry is never updated.
 * Positive entries add credit (a gift card redeemed, a refund taken as credit, the admin's credit, a
 * payment given back); negative ones spend it (an order's payment, a payout of a small balance).
 * Each names what caused it; its idempotency key makes every call safe to repeat.
 */
export const creditEntries = pgTable(
  'credit_entries',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** Signed: + credits the person, − spends their credit. Never 0. */
    amountCents: integer().notNull(),
    /** CreditEntryKind (src/shared/schemas/credit.ts): text, so a new kind needs no migration. */
    kind: text().notNull(),
    orderId: uuid().references(() => orders.id, { onDelete: 'restrict' }),
    /** The refund (its credit note) that became credit. */
    refundId: uuid().references(() => refunds.id, { onDelete: 'restrict' }),
    /** The gift card redeemed (plain uuid: the gift cards' table lives in its own slice). */
    giftCardId: uuid(),
    /** The admin who gave the credit, and why (admin_credit). */
    actorId: text(),
    reason: text(),
    /** Unique: the same key is the same entry, however often the call is repeated. */
    idempotencyKey: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('credit_entries_idempotency_uq').on(t.idempotencyKey),
    index('credit_entries_user_idx').on(t.userId, t.createdAt),
    index('credit_entries_order_idx').on(t.orderId),
    check('credit_entries_amount_non_zero', sql`${t.amountCents} <> 0`),
  ],
);

/**
 * A person's standing choice for the refunds the site makes on its own (a seat gone when the payment
 * arrives, a course already owned): to the card (the default, no row) or to « Crédit Toque », at once
 * (docs/decisions/0046-automatic-refunds-to-credit.md).
 */
export const creditPreferences = pgTable('credit_preferences', {
  userId: text()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  automaticRefundsToCredit: boolean().notNull().default(false),
  updatedAt: updatedAt(),
});

/**
 * « Liste d'attente » of a full session (docs/decisions/0050): one line per learner and session
 * while waiting or offered; when seats free, the first whose seats fit gets a hold (`reservationId`)
 * for HOLD_MINUTES. Ends 'booked', 'lapsed' (the offer ran out), 'declined' (« Céder ma place »),
 * 'left' (« Quitter la liste ») or 'closed' (the session was cancelled or began).
 */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: uuid().primaryKey().defaultRandom(),
    sessionId: uuid()
      .notNull()
      .references(() => courseSessions.id, { onDelete: 'cascade' }),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    seats: integer().notNull(),
    status: text().$type<'waiting' | 'offered' | 'booked' | 'lapsed' | 'declined' | 'left' | 'closed'>().notNull().default('waiting'),
    /** The hold offered (a pending_payment reservation), once offered. */
    reservationId: uuid().references(() => reservations.id, { onDelete: 'set null' }),
    offeredAt: timestamp({ withTimezone: true }),
    offerExpiresAt: timestamp({ withTimezone: true }),
    /** The order of joining, strict (two joins in the same instant still queue one behind the other). */
    lineOrder: integer().generatedAlwaysAsIdentity(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('waitlist_entries_seats_range', sql`${t.seats} between 1 and 6`),
    // The line, in order: the first in line first.
    index('waitlist_entries_session_idx').on(t.sessionId, t.status, t.lineOrder),
    index('waitlist_entries_user_idx').on(t.userId),
    // One place in line per learner and session: a double click joins once.
    uniqueIndex('waitlist_entries_live_user_session_uq')
      .on(t.userId, t.sessionId)
      .where(sql`${t.status} in ('waiting', 'offered')`),
  ],
);

/**
 * A booking's transfer (docs/decisions/0051): moved to another session of the same course, given to
 * someone else by e-mail (pending until they accept; the giver may revoke it before), or taken as
 * « Crédit Toque ». One row per transfer asked; the giver's idempotency key answers a repeat with it.
 */
export const reservationTransfers = pgTable(
  'reservation_transfers',
  {
    id: uuid().primaryKey().defaultRandom(),
    reservationId: uuid()
      .notNull()
      .references(() => reservations.id, { onDelete: 'cascade' }),
    /** 'move' | 'gift' | 'credit' (TransferKind). */
    kind: text().notNull(),
    /** 'pending' (a gift not yet accepted) | 'awaiting_payment' (a dearer move) | 'done' | 'revoked' | 'lapsed' (TransferStatus). */
    status: text().notNull(),
    /** Who asked: the booking's learner, or the admin (actorId). The giver of a gift. */
    fromUserId: text().references(() => users.id, { onDelete: 'set null' }),
    actorId: text().references(() => users.id, { onDelete: 'set null' }),
    /** A gift's recipient: the address it was sent to, then the account that accepted it. */
    toEmail: text(),
    toUserId: text().references(() => users.id, { onDelete: 'set null' }),
    fromSessionId: uuid().notNull(),
    toSessionId: uuid(),
    /** A move's price difference, taxes included (> 0 paid, < 0 refunded). */
    differenceCents: integer().notNull().default(0),
    /**
     * A dearer move whose difference the school offered (the admin's « Offrir la différence »), per
     * seat, before tax: a later move counts it as paid; a refund never gives it back (nobody paid it).
     */
    waivedPerSeatCents: integer().notNull().default(0),
    refundId: uuid(),
    /** A dearer move: the order of one line for the difference, paid before the booking moves. */
    orderId: uuid().references(() => orders.id, { onDelete: 'restrict' }),
    /** A dearer move: the target's seats held (a pending_payment reservation) until it is paid. */
    holdReservationId: uuid().references(() => reservations.id, { onDelete: 'set null' }),
    idempotencyKey: text().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('reservation_transfers_order_uq').on(t.orderId),
    uniqueIndex('reservation_transfers_key_uq').on(t.reservationId, t.idempotencyKey),
    // One gift waiting per booking: a second offer is refused until the first is revoked.
    uniqueIndex('reservation_transfers_pending_gift_uq').on(t.reservationId).where(sql`${t.status} = 'pending'`),
    index('reservation_transfers_to_user_idx').on(t.toUserId),
    index('reservation_transfers_from_user_idx').on(t.fromUserId),
  ],
);
