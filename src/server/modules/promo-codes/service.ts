// « Codes promo » (decision 0040). The admin creates, edits and deactivates codes (each action in the
// audit trail); the checkout resolves the code typed in « Carte-cadeau ou code promo » through
// resolveCheckoutCode — the one seam where a code that is not a promo code may be tried as a gift
// card — and takes its discount off the eligible lines, before tax, after the subscriber's
// discount, reserving a use under the code's row lock in the order's own transaction.
import { randomUUID } from 'node:crypto';
import { formatPrice } from '@shared/format';
import type { ProductKind } from '@shared/schemas/checkout';
import {
  chefWallClockToInstant,
  instantToChefWallClock,
  normalizePromoCode,
  promoCodeActiveSchema,
  promoCodeInputSchema,
  promoSummary,
  type PromoAudience,
  type PromoCodeListResponse,
  type PromoCodeView,
} from '@shared/schemas/promo-codes';
import type { Db, Tx } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError } from '../../http/app-error';
import { parseInput } from '../../http/validate';
import { recordAudit } from '../audit/service';
import { isUuid } from '../params';
import { toIso } from '../rows';
import * as repo from './repository';

export type PromoCodeRow = repo.PromoCodeRow;

const UNIQUE_VIOLATION = '23505';
const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === UNIQUE_VIOLATION || e?.cause?.code === UNIQUE_VIOLATION;
};

/** What the checkout field's text turned out to be. */
export type CheckoutCode = { kind: 'promo'; promo: PromoCodeRow } | { kind: 'unknown' };

/**
 * The code typed at checkout: a promo code, or unknown. On 'unknown' the checkout tries it as a gift
 * card (its giftCards hook: gift-cards' redemption, in the order's transaction) before answering « code inconnu ».
 */
export async function resolveCheckoutCode(db: Db | Tx, text: string): Promise<CheckoutCode> {
  const code = normalizePromoCode(text);
  const promo = code ? await repo.findByCode(db, code) : undefined;
  return promo ? { kind: 'promo', promo } : { kind: 'unknown' };
}

const fail = (code: ConstructorParameters<typeof AppError>[0], message?: string) => {
  const err = new AppError(code, message);
  return new AppError(code, err.message, { code: err.message });
};

/** 422 « Ce code n'existe pas » with the field named. */
export const unknownCodeError = () => fail('PROMO_CODE_UNKNOWN');

export type PromoLine = { kind: ProductKind; courseId: string | null; amountCents: number };

function eligible(promo: PromoCodeRow, line: PromoLine): boolean {
  // A gift card is bought with money, never at a discount: it is payment, not a supply (decision 0039).
  if (line.kind === 'gift_card') return false;
  if (promo.kinds.length === 0 && promo.courseIds.length === 0) return true;
  return promo.kinds.includes(line.kind) || (line.courseId !== null && promo.courseIds.includes(line.courseId));
}

/** The code's discount on each line (0 where it does not apply): percent half-up per line, an amount shared in proportion, never below zero. */
export function promoDiscounts(promo: Pick<PromoCodeRow, 'percentOff' | 'amountOffCents' | 'kinds' | 'courseIds'>, lines: readonly PromoLine[]): number[] {
  const applies = lines.map((l) => eligible(promo as PromoCodeRow, l) && l.amountCents > 0);
  if (promo.percentOff !== null) {
    return lines.map((l, i) => (applies[i] ? Math.min(l.amountCents, Math.floor((l.amountCents * promo.percentOff! + 50) / 100)) : 0));
  }
  const base = lines.reduce((sum, l, i) => sum + (applies[i] ? l.amountCents : 0), 0);
  const off = Math.min(base, promo.amountOffCents ?? 0);
  if (base === 0) return lines.map(() => 0);
  const shares = lines.map((l, i) => (applies[i] ? Math.floor((off * l.amountCents) / base) : 0));
  // The cents rounding left go to the largest eligible lines first.
  let left = off - shares.reduce((a, b) => a + b, 0);
  const order = lines.map((l, i) => i).filter((i) => applies[i]).sort((a, b) => lines[b]!.amountCents - lines[a]!.amountCents);
  for (let k = 0; left > 0; k = (k + 1) % order.length) {
    const i = order[k]!;
    if (shares[i]! < lines[i]!.amountCents) {
      shares[i]! += 1;
      left -= 1;
    }
  }
  return shares;
}

/**
 * The checks that need no lock (active, dates, audience, scope); throws the French error. Returns
 * the discount of each line.
 */
export async function checkPromo(
  db: Db | Tx,
  promo: PromoCodeRow,
  buyer: { userId: string; isMember: boolean },
  lines: readonly PromoLine[],
  now: Date,
): Promise<number[]> {
  if (!promo.active) throw fail('PROMO_CODE_EXPIRED');
  if (promo.startsAt && now.getTime() < promo.startsAt.getTime()) throw fail('PROMO_CODE_NOT_YET_VALID');
  if (promo.endsAt && now.getTime() >= promo.endsAt.getTime()) throw fail('PROMO_CODE_EXPIRED');
  if (promo.audience === 'members' && !buyer.isMember) throw fail('PROMO_CODE_MEMBERS_ONLY');
  if (promo.audience === 'new_customers' && (await repo.hasPaidOrder(db, buyer.userId))) throw fail('PROMO_CODE_NEW_CUSTOMERS_ONLY');
  const discounts = promoDiscounts(promo, lines);
  if (discounts.every((d) => d === 0)) throw fail('PROMO_CODE_NOT_APPLICABLE');
  return discounts;
}

/**
 * In the order's transaction, before its insert: takes the code's row lock and counts the uses held
 * (orders not closed). Two checkouts at once wait for each other here, so the cap holds.
 */
export async function reservePromoUse(tx: Tx, promo: PromoCodeRow, userId: string): Promise<void> {
  await repo.lockCode(tx, promo.id);
  const uses = await repo.countUses(tx, promo.id, userId);
  if (promo.maxUses !== null && uses.total >= promo.maxUses) throw fail('PROMO_CODE_USED_UP');
  if (promo.maxUsesPerCustomer !== null && uses.byCustomer >= promo.maxUsesPerCustomer) throw fail('PROMO_CODE_CUSTOMER_LIMIT');
}

/** « − 20 % sur les cours en direct » */
export function summaryOf(promo: Pick<PromoCodeRow, 'percentOff' | 'amountOffCents' | 'kinds' | 'courseIds'>): string {
  return promoSummary({ ...promo, courseCount: promo.courseIds.length }, formatPrice);
}

function fieldsOf(input: ReturnType<typeof promoCodeInputSchema.parse>): repo.PromoCodeFields {
  return {
    code: normalizePromoCode(input.code),
    percentOff: input.percentOff,
    amountOffCents: input.amountOffCents,
    kinds: [...new Set(input.kinds)],
    courseIds: [...new Set(input.courseIds.map((id) => id.toLowerCase()))],
    maxUses: input.maxUses,
    maxUsesPerCustomer: input.maxUsesPerCustomer,
    startsAt: input.startsAt ? chefWallClockToInstant(input.startsAt) : null,
    endsAt: input.endsAt ? chefWallClockToInstant(input.endsAt) : null,
    audience: input.audience,
  };
}

/** What the audit trail keeps of a code. */
const auditSummary = (row: PromoCodeRow) => ({
  // 'name': how the Journal names the entry's target.
  name: row.code,
  summary: summaryOf(row),
  maxUses: row.maxUses,
  maxUsesPerCustomer: row.maxUsesPerCustomer,
  startsAt: toIso(row.startsAt),
  endsAt: toIso(row.endsAt),
  audience: row.audience,
  active: row.active,
});

export function createPromoCodeService(deps: Pick<Deps, 'database' | 'now'>) {
  const db = () => deps.database.db;

  async function toViews(rows: PromoCodeRow[]): Promise<PromoCodeView[]> {
    const [stats, titles] = await Promise.all([repo.statsByCode(db(), rows.map((r) => r.id)), repo.courseTitles(db(), [...new Set(rows.flatMap((r) => r.courseIds))])]);
    return rows.map((r) => ({
      id: r.id,
      code: r.code,
      percentOff: r.percentOff,
      amountOffCents: r.amountOffCents,
      kinds: r.kinds as ProductKind[],
      courses: r.courseIds.map((id) => ({ id, title: titles.get(id) ?? 'Cours supprimé' })),
      maxUses: r.maxUses,
      maxUsesPerCustomer: r.maxUsesPerCustomer,
      startsAt: r.startsAt ? instantToChefWallClock(r.startsAt) : null,
      endsAt: r.endsAt ? instantToChefWallClock(r.endsAt) : null,
      audience: r.audience as PromoAudience,
      active: r.active,
      ...stats.get(r.id)!,
      summary: summaryOf(r),
      createdAt: toIso(r.createdAt)!,
    }));
  }

  async function one(id: string): Promise<PromoCodeView> {
    const row = await repo.findById(db(), id);
    if (!row) throw new AppError('PROMO_CODE_NOT_FOUND');
    return (await toViews([row]))[0]!;
  }

  const checkedId = (id: string) => {
    if (!isUuid(id)) throw new AppError('PROMO_CODE_NOT_FOUND');
    return id.toLowerCase();
  };

  /** A code already taken: 409 with the field named. */
  async function saving<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (isUniqueViolation(err)) throw fail('PROMO_CODE_EXISTS');
      throw err;
    }
  }

  return {
    async list(): Promise<PromoCodeListResponse> {
      return { codes: await toViews(await repo.listCodes(db())) };
    },

    async create(actorId: string, body: unknown): Promise<PromoCodeView> {
      const fields = fieldsOf(parseInput(promoCodeInputSchema, body));
      const now = deps.now();
      const row = await saving(() =>
        db().transaction(async (tx) => {
          const created = await repo.insertCode(tx, { ...fields, id: randomUUID(), createdAt: now, updatedAt: now });
          await recordAudit(tx, { actorId, action: 'promo_code.create', targetType: 'promo_code', targetId: created.id, details: auditSummary(created) });
          return created;
        }),
      );
      return one(row.id);
    },

    async update(actorId: string, rawId: string, body: unknown): Promise<PromoCodeView> {
      const id = checkedId(rawId);
      const fields = fieldsOf(parseInput(promoCodeInputSchema, body));
      await saving(() =>
        db().transaction(async (tx) => {
          const before = await repo.findById(tx, id);
          if (!before) throw new AppError('PROMO_CODE_NOT_FOUND');
          const after = (await repo.updateCode(tx, id, { ...fields, updatedAt: deps.now() }))!;
          await recordAudit(tx, { actorId, action: 'promo_code.update', targetType: 'promo_code', targetId: id, details: { before: auditSummary(before), after: auditSummary(after) } });
        }),
      );
      return one(id);
    },

    /** Deactivates (or reactivates) a code: orders already made keep theirs; safe to repeat. */
    async setActive(actorId: string, rawId: string, body: unknown): Promise<PromoCodeView> {
      const id = checkedId(rawId);
      const { active } = parseInput(promoCodeActiveSchema, body);
      await db().transaction(async (tx) => {
        const before = await repo.findById(tx, id);
        if (!before) throw new AppError('PROMO_CODE_NOT_FOUND');
        if (before.active === active) return;
        const after = (await repo.updateCode(tx, id, { active, updatedAt: deps.now() }))!;
        await recordAudit(tx, {
          actorId,
          action: active ? 'promo_code.activate' : 'promo_code.deactivate',
          targetType: 'promo_code',
          targetId: id,
          details: auditSummary(after),
        });
      });
      return one(id);
    },
  };
}

export type PromoCodeService = ReturnType<typeof createPromoCodeService>;
