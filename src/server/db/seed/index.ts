// The French demo data: written on the first start of an empty database, and by `npm run seed`.
import { hashPassword } from '../../modules/auth/password-hash';
import { sql } from 'drizzle-orm';
import type { Deps } from '../../deps';
import type { Db, Tx } from '../client';
import {
  accounts,
  courseSessions,
  courses,
  favorites,
  orderLines,
  orders,
  profiles,
  purchases,
  recipes,
  reservations,
  sandboxInvoices,
  sandboxPaymentIntents,
  sandboxSubscriptions,
  subscriptions,
  users,
} from '../schema';
import { buildSeedPlan, randomUserId, type SeedPlan } from './build';
import { DEMO_PASSWORDS } from './content/demo-passwords';
import { seedImageJobs } from './images';
import { writeImages } from './images/render';
import { writeDemoVideo } from './video';

/** Serialises seeding between server instances sharing one PostgreSQL (any fixed number will do). */
const SEED_LOCK = 7_246_001;

export type SeedSummary = {
  plan: SeedPlan;
  imagesWritten: number;
  imagesTotal: number;
};

async function hasUsers(db: Db | Tx): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).limit(1);
  return rows.length > 0;
}

async function insertPlan(tx: Tx, plan: SeedPlan): Promise<void> {
  // Parents before children, as the foreign keys require.
  await tx.insert(users).values(plan.users);
  await tx.insert(profiles).values(plan.profiles);
  if (plan.accounts.length) await tx.insert(accounts).values(plan.accounts);
  await tx.insert(subscriptions).values(plan.subscriptions);
  // The sandbox's past (the subscriber's first month paid), then our order of it.
  if (plan.sandboxSubscriptions.length) await tx.insert(sandboxSubscriptions).values(plan.sandboxSubscriptions);
  if (plan.sandboxInvoices.length) await tx.insert(sandboxInvoices).values(plan.sandboxInvoices);
  if (plan.sandboxPaymentIntents.length) await tx.insert(sandboxPaymentIntents).values(plan.sandboxPaymentIntents);
  await tx.insert(courses).values(plan.courses);
  await tx.insert(courseSessions).values(plan.sessions);
  await tx.insert(reservations).values(plan.reservations);
  // After the seats and courses their lines point at; before the purchases they paid for.
  if (plan.orders.length) await tx.insert(orders).values(plan.orders);
  if (plan.orderLines.length) await tx.insert(orderLines).values(plan.orderLines);
  await tx.insert(purchases).values(plan.purchases);
  await tx.insert(recipes).values(plan.recipes);
}

/**
 * Writes the demo pictures (those not stored yet, or all of them with `redrawImages`) and the demo
 * video (unless already stored), then the
 * rows in one transaction. With `reset`, the same transaction first empties every content table;
 * without it, nothing is written unless the users table is empty. Returns what was written, or
 * null when the database already had data.
 */
export async function seedDemoData(
  deps: Deps,
  opts: { reset?: boolean; redrawImages?: boolean } = {},
): Promise<SeedSummary | null> {
  const { db } = deps.database;
  if (!opts.reset && (await hasUsers(db))) return null;

  const jobs = seedImageJobs();
  const imagesWritten = await writeImages(deps.storage, jobs, { redraw: opts.redrawImages });
  const video = await writeDemoVideo(deps.storage, deps.config.rootDir, { rewrite: opts.redrawImages });
  const tax = { mode: deps.config.seller.taxMode, pstRegistrations: deps.config.seller.pstRegistrations };
  const plan = await withDemoCredentials(buildSeedPlan(deps.now(), deps.storage, tax, video));

  const written = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    if (opts.reset) {
      // CASCADE also empties tables that later features hang off users (sessions, accounts…).
      await tx.execute(
        sql`truncate table ${reservations}, ${purchases}, ${favorites}, ${orders}, ${subscriptions}, ${sandboxSubscriptions}, ${courseSessions}, ${courses}, ${recipes}, ${profiles}, ${users} cascade`,
      );
    } else if (await hasUsers(tx)) {
      return false; // another instance seeded while our pictures were being drawn
    }
    await insertPlan(tx, plan);
    return true;
  });
  return written ? { plan, imagesWritten, imagesTotal: jobs.length } : null;
}

/** On start-up: seeds an empty database; true when it did. */
export async function seedIfEmpty(deps: Deps): Promise<boolean> {
  return (await seedDemoData(deps)) !== null;
}

/** Gives each demo person with a listed password a credential account, hashed by the auth library itself. */
async function withDemoCredentials(plan: SeedPlan): Promise<SeedPlan> {
  for (const user of plan.users) {
    const password = DEMO_PASSWORDS[user.email];
    if (!password || !user.id) continue;
    plan.accounts.push({
      id: randomUserId(),
      accountId: user.id,
      providerId: 'credential',
      userId: user.id,
      password: await hashPassword(password),
      createdAt: user.createdAt,
      updatedAt: user.updatedAt,
    });
  }
  return plan;
}
