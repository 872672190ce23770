// Turns the demo content into table rows, with dates computed from `now` and fresh ids.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { addMonths } from 'date-fns/addMonths';
import { SUBSCRIPTION_PRICE_CENTS } from '@shared/catalog';
import { PROVINCE_CODES, type ProvinceCode } from '@shared/provinces';
import { computeTaxes, orderAmounts, type TaxSettings } from '@shared/tax';
import type { Storage } from '../../integrations/storage/storage';
import type {
  accounts,
  courseSessions,
  courses as coursesTable,
  orderLines,
  orders,
  profiles,
  purchases,
  recipes as recipesTable,
  reservations,
  sandboxInvoices,
  sandboxPaymentIntents,
  sandboxSubscriptions,
  subscriptions,
  users,
} from '../schema';
import { courses } from './content/courses';
import { chefs, learners, participants } from './content/people';
import { recipes } from './content/recipes';
import type { SeedPerson } from './content/types';
import { chefImageKey, courseImageKey, recipeImageKey } from './images';
import { sessionStartsAt } from './schedule';
import type { SeedVideo } from './video';

export type SeedPlan = {
  users: (typeof users.$inferInsert)[];
  profiles: (typeof profiles.$inferInsert)[];
  /** Password sign-in for the demo accounts; filled by withDemoCredentials (hashing is async). */
  accounts: (typeof accounts.$inferInsert)[];
  subscriptions: (typeof subscriptions.$inferInsert)[];
  /** The membership's paid first month (its receipt), and the sandbox's side of it. */
  orders: (typeof orders.$inferInsert)[];
  orderLines: (typeof orderLines.$inferInsert)[];
  sandboxSubscriptions: (typeof sandboxSubscriptions.$inferInsert)[];
  sandboxInvoices: (typeof sandboxInvoices.$inferInsert)[];
  sandboxPaymentIntents: (typeof sandboxPaymentIntents.$inferInsert)[];
  courses: (typeof coursesTable.$inferInsert)[];
  sessions: (typeof courseSessions.$inferInsert)[];
  reservations: (typeof reservations.$inferInsert)[];
  purchases: (typeof purchases.$inferInsert)[];
  recipes: (typeof recipesTable.$inferInsert)[];
};

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A 32-character alphanumeric id, the shape the auth library gives its users. */
export function randomUserId(): string {
  let id = '';
  while (id.length < 32) {
    for (const byte of randomBytes(48)) {
      // 248 = 4 × 62: rejecting the rest keeps every character equally likely.
      if (byte < 248 && id.length < 32) id += ALPHABET[byte % 62];
    }
  }
  return id;
}

const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (now: Date, days: number) => new Date(now.getTime() - days * DAY);

const sandboxId = (prefix: string) => `${prefix}_sb_${randomBytes(12).toString('hex')}`;

/**
 * The demo subscriber's membership as a real one leaves it: a sandbox subscription (active for a
 * month from now, its saved Visa renewing successfully) whose first invoice and payment are paid,
 * our record linked to it, and the paid order of the month with its receipt — so the dashboard's
 * cancel and the test clock act on it like on any membership.
 */
function addMembership(plan: SeedPlan, person: SeedPerson, userId: string, now: Date, tax: TaxSettings): void {
  const province: ProvinceCode = (PROVINCE_CODES as readonly string[]).includes(person.province ?? '') ? (person.province as ProvinceCode) : 'QC';
  const periodEnd = addMonths(now, 1);
  const subscriptionId = randomUUID();
  const orderId = randomUUID();
  const lineId = randomUUID();
  const providerSubscriptionId = sandboxId('sub');
  const customerId = sandboxId('cus');
  const invoiceId = sandboxId('in');
  const paymentId = sandboxId('pi');
  const taxes = computeTaxes([{ id: lineId, kind: 'membership', amountCents: SUBSCRIPTION_PRICE_CENTS }], province, now, tax);
  const metadata = { user_id: userId, order_id: orderId };
  const key = `seed:${providerSubscriptionId}`;
  const hash = createHash('sha256').update(key).digest('hex');

  plan.sandboxSubscriptions.push({
    id: providerSubscriptionId,
    customerId,
    customerEmail: person.email,
    description: 'Abonnement mensuel Toque',
    amount: taxes.totalCents,
    currency: 'cad',
    status: 'active',
    currentPeriodStart: now,
    currentPeriodEnd: periodEnd,
    cancelAtPeriodEnd: false,
    clockOffsetMs: 0,
    renewalOutcome: 'succeeds',
    brand: 'visa',
    last4: '4242',
    metadata,
    idempotencyKey: key,
    requestHash: hash,
    latestInvoiceId: invoiceId,
    createdAt: now,
    updatedAt: now,
  });
  plan.sandboxInvoices.push({
    id: invoiceId,
    subscriptionId: providerSubscriptionId,
    amount: taxes.totalCents,
    status: 'paid',
    billingReason: 'subscription_create',
    periodStart: now,
    periodEnd,
    attemptCount: 1,
    nextPaymentAttempt: null,
    paymentIntentId: paymentId,
    createdAt: now,
    updatedAt: now,
  });
  plan.sandboxPaymentIntents.push({
    id: paymentId,
    amount: taxes.totalCents,
    currency: 'cad',
    status: 'succeeded',
    clientSecret: `${paymentId}_secret_${randomBytes(18).toString('base64url')}`,
    description: 'Abonnement mensuel Toque',
    metadata,
    idempotencyKey: `${key}:first-invoice`,
    requestHash: hash,
    methodType: 'card',
    brand: 'visa',
    last4: '4242',
    expMonth: 12,
    expYear: now.getUTCFullYear() + 4,
    chargeId: sandboxId('ch'),
    amountReceived: taxes.totalCents,
    invoiceId,
    createdAt: now,
    updatedAt: now,
  });
  plan.subscriptions.push({
    id: subscriptionId,
    userId,
    status: 'active',
    provider: 'sandbox',
    providerSubscriptionId,
    providerCustomerId: customerId,
    currentPeriodStart: now,
    currentPeriodEnd: periodEnd,
    cancelAtPeriodEnd: false,
    createdAt: now,
    updatedAt: now,
  });
  plan.orders.push({
    id: orderId,
    userId,
    status: 'paid',
    currency: 'CAD',
    province,
    ...orderAmounts(taxes),
    buyerName: person.fullName,
    buyerEmail: person.email,
    provider: 'sandbox',
    providerPaymentId: paymentId,
    paymentMethodType: 'card',
    paymentMethodBrand: 'visa',
    paymentMethodLast4: '4242',
    idempotencyKey: key,
    paidAt: now,
    subscriptionId,
    providerInvoiceId: invoiceId,
    periodStart: now,
    periodEnd,
    createdAt: now,
    updatedAt: now,
  });
  plan.orderLines.push({
    id: lineId,
    orderId,
    position: 0,
    kind: 'membership',
    description: 'Abonnement mensuel Toque',
    amountCents: SUBSCRIPTION_PRICE_CENTS,
    discountCents: 0,
  });
}

/**
 * A named demo person's seat in a live session, as a real checkout leaves it: the confirmed
 * reservation, the paid order whose line points at that seat (its receipt; Mes Achats shows the
 * session and its recording through it), the sandbox payment behind the order (a refund works on
 * it), and the purchase of the course.
 */
function addPaidSeat(
  plan: SeedPlan,
  seat: { person: SeedPerson; userId: string; courseId: string; courseTitle: string; priceCents: number; sessionId: string; bookedAt: Date },
  tax: TaxSettings,
): void {
  const { person, userId, bookedAt } = seat;
  const province: ProvinceCode = (PROVINCE_CODES as readonly string[]).includes(person.province ?? '') ? (person.province as ProvinceCode) : 'QC';
  const reservationId = randomUUID();
  const orderId = randomUUID();
  const lineId = randomUUID();
  const paymentId = sandboxId('pi');
  const taxes = computeTaxes([{ id: lineId, kind: 'live_class', amountCents: seat.priceCents }], province, bookedAt, tax);
  const key = `seed:seat:${reservationId}`;
  const description = `${seat.courseTitle} — séance`;

  plan.reservations.push({ id: reservationId, userId, sessionId: seat.sessionId, clientName: person.fullName, status: 'confirmed', createdAt: bookedAt, updatedAt: bookedAt });
  plan.sandboxPaymentIntents.push({
    id: paymentId,
    amount: taxes.totalCents,
    currency: 'cad',
    status: 'succeeded',
    clientSecret: `${paymentId}_secret_${randomBytes(18).toString('base64url')}`,
    description,
    metadata: { user_id: userId, order_id: orderId },
    idempotencyKey: key,
    requestHash: createHash('sha256').update(key).digest('hex'),
    methodType: 'card',
    brand: 'visa',
    last4: '4242',
    expMonth: 12,
    expYear: bookedAt.getUTCFullYear() + 4,
    chargeId: sandboxId('ch'),
    amountReceived: taxes.totalCents,
    createdAt: bookedAt,
    updatedAt: bookedAt,
  });
  plan.orders.push({
    id: orderId,
    userId,
    status: 'paid',
    currency: 'CAD',
    province,
    ...orderAmounts(taxes),
    buyerName: person.fullName,
    buyerEmail: person.email,
    provider: 'sandbox',
    providerPaymentId: paymentId,
    paymentMethodType: 'card',
    paymentMethodBrand: 'visa',
    paymentMethodLast4: '4242',
    idempotencyKey: key,
    paidAt: bookedAt,
    createdAt: bookedAt,
    updatedAt: bookedAt,
  });
  plan.orderLines.push({
    id: lineId,
    orderId,
    position: 0,
    kind: 'live_class',
    courseId: seat.courseId,
    sessionId: seat.sessionId,
    reservationId,
    description,
    amountCents: seat.priceCents,
    discountCents: 0,
  });
  plan.purchases.push({ userId, courseId: seat.courseId, status: 'succeeded', amountCents: seat.priceCents, orderLineId: lineId, createdAt: bookedAt, updatedAt: bookedAt });
}

/**
 * `tax`: the seller's settings (config), so the seeded receipt charges what a checkout would.
 * `video`: the stored demo video, named by every recorded course and by the recorded past session.
 */
export function buildSeedPlan(
  now: Date,
  storage: Storage,
  tax: TaxSettings = { mode: 'registered', pstRegistrations: [] },
  video: SeedVideo | null = null,
): SeedPlan {
  const plan: SeedPlan = {
    users: [],
    profiles: [],
    accounts: [],
    subscriptions: [],
    orders: [],
    orderLines: [],
    sandboxSubscriptions: [],
    sandboxInvoices: [],
    sandboxPaymentIntents: [],
    courses: [],
    sessions: [],
    reservations: [],
    purchases: [],
    recipes: [],
  };

  const ids = new Map<string, string>();
  const addPerson = (p: SeedPerson) => {
    const id = randomUserId();
    ids.set(p.key, id);
    const avatarUrl = p.portrait ? storage.publicUrl(chefImageKey(p.fullName)) : null;
    plan.users.push({ id, name: p.fullName, email: p.email, emailVerified: true, image: avatarUrl, createdAt: now, updatedAt: now });
    plan.profiles.push({
      userId: id,
      fullName: p.fullName,
      role: p.role,
      avatarUrl,
      specialty: p.specialty ?? null,
      bio: p.bio ?? null,
      province: p.province ?? null,
      updatedAt: now,
    });
    if (p.subscribed) addMembership(plan, p, id, now, tax);
  };
  [...chefs, ...learners, ...participants].forEach(addPerson);

  const userId = (key: string) => {
    const id = ids.get(key);
    if (!id) throw new Error(`Unknown seed person: ${key}`);
    return id;
  };

  let seat = 0;
  for (const c of courses) {
    const courseId = randomUUID();
    const createdAt = daysAgo(now, c.ageDays);
    plan.courses.push({
      id: courseId,
      title: c.title,
      description: c.description,
      imageUrl: storage.publicUrl(courseImageKey(c.slug)),
      priceCents: c.priceCents,
      isLive: c.isLive,
      isPremium: c.isPremium,
      teacherId: userId(c.teacher),
      difficulty: c.difficulty,
      durationMinutes: c.durationMinutes,
      cuisineType: c.cuisineType,
      dietaryInfo: c.dietaryInfo,
      allergens: c.allergens,
      diets: c.diets,
      prepKit: c.prepKit?.lines.join('\n') ?? null,
      prepKitServings: c.prepKit?.servings ?? null,
      ...(video && !c.isLive ? { videoKey: video.key, videoContentType: video.contentType, videoBytes: video.bytes } : {}),
      status: 'published',
      createdAt,
      updatedAt: createdAt,
    });
    for (const s of c.sessions ?? []) {
      const guests = s.guests ?? [];
      if (s.booked + guests.length > s.capacity || s.booked > participants.length) throw new Error(`Too many seats booked in ${c.slug}`);
      const sessionId = randomUUID();
      const startsAt = sessionStartsAt(now, s.inDays);
      // Sessions already given were set up (and booked) before they took place.
      const sessionCreatedAt = startsAt < createdAt ? daysAgo(startsAt, 14) : createdAt;
      plan.sessions.push({
        id: sessionId,
        courseId,
        startsAt,
        capacity: s.capacity,
        status: 'scheduled',
        ...(s.recorded && video ? { recordingKey: video.key, recordingContentType: video.contentType, recordingBytes: video.bytes } : {}),
        createdAt: sessionCreatedAt,
        updatedAt: sessionCreatedAt,
      });
      for (const key of guests) {
        const person = [...learners, ...participants].find((p) => p.key === key);
        if (!person) throw new Error(`Unknown seed person: ${key}`);
        const bookedAt = s.inDays < 0 ? daysAgo(startsAt, 3) : daysAgo(now, 2);
        addPaidSeat(plan, { person, userId: userId(key), courseId, courseTitle: c.title, priceCents: c.priceCents, sessionId, bookedAt }, tax);
      }
      // Each booked seat is a paid, confirmed reservation by a different participant; the starting
      // participant moves on from session to session so the same names do not fill every class.
      for (let i = 0; i < s.booked; i++) {
        const person = participants[(seat + i) % participants.length] as SeedPerson;
        const bookedAt = daysAgo(s.inDays < 0 ? startsAt : now, 1 + ((seat + i) % 5));
        plan.reservations.push({
          userId: userId(person.key),
          sessionId,
          clientName: person.fullName,
          status: 'confirmed',
          createdAt: bookedAt,
          updatedAt: bookedAt,
        });
        plan.purchases.push({
          userId: userId(person.key),
          courseId,
          status: 'succeeded',
          amountCents: c.priceCents,
          createdAt: bookedAt,
          updatedAt: bookedAt,
        });
      }
      seat += s.booked;
    }
  }

  for (const r of recipes) {
    const createdAt = daysAgo(now, r.ageDays);
    plan.recipes.push({
      name: r.name,
      description: r.description,
      category: r.category,
      durationMinutes: r.durationMinutes,
      servings: r.servings,
      ingredients: r.ingredients,
      steps: r.steps,
      imageUrl: storage.publicUrl(recipeImageKey(r.slug)),
      isPremium: r.isPremium,
      allergens: r.allergens,
      diets: r.diets,
      createdAt,
      updatedAt: createdAt,
    });
  }
  return plan;
}
