// Paid orders written straight into the database, as fulfilment leaves them: the order with its
// taxes (from the real tax engine), its lines, a succeeded purchase per course line, and the
// sandbox's side of the payment (a succeeded payment intent) so a refund can go through the real
// sandbox. For orders at a fixed date, in a province or tax mode a checkout would not give.
import { randomBytes, randomUUID } from 'node:crypto';
import type { ProvinceCode } from '@shared/provinces';
import { computeTaxes, type ProductKind, type TaxSettings } from '@shared/tax';
import type { Db } from '../../src/server/db/client';
import { orderLines, orders, purchases, sandboxPaymentIntents } from '../../src/server/db/schema';
import { invalidatePublicCache } from '../../src/server/web/public-cache';
import { testNow } from '../setup/test-clock';

const uid = () => randomBytes(8).toString('hex');

export type OrderItem = { courseId: string | null; description: string; amountCents: number; kind?: ProductKind; sessionId?: string; seats?: number };

export type PaidOrderOptions = {
  user: { id: string; name?: string; email?: string };
  items: OrderItem[];
  province?: ProvinceCode;
  paidAt?: Date;
  tax?: TaxSettings;
  status?: 'paid' | 'pending' | 'processing' | 'failed';
  method?: { type: 'card' | 'wallet'; brand: string | null; last4: string | null } | null;
};

export async function createPaidOrder(db: Db, opts: PaidOrderOptions) {
  const paidAt = opts.paidAt ?? testNow();
  const province = opts.province ?? 'QC';
  const status = opts.status ?? 'paid';
  const paid = status === 'paid';
  const lineIds = opts.items.map(() => randomUUID());
  const taxes = computeTaxes(
    opts.items.map((item, i) => ({ id: lineIds[i]!, kind: item.kind ?? 'recorded_course', amountCents: item.amountCents })),
    province,
    paidAt,
    opts.tax ?? { mode: 'registered', pstRegistrations: [] },
  );
  const paymentId = `pi_sb_${uid()}`;
  const method = opts.method === undefined ? { type: 'card' as const, brand: 'visa', last4: '4242' } : opts.method;
  const [order] = await db
    .insert(orders)
    .values({
      userId: opts.user.id,
      status,
      province,
      taxStatus: taxes.status,
      subtotalCents: taxes.subtotalCents,
      taxCents: taxes.taxCents,
      totalCents: taxes.totalCents,
      taxLines: taxes.lines,
      buyerName: opts.user.name ?? 'Camille Gagnon',
      buyerEmail: opts.user.email ?? `${opts.user.id}@exemple.test`,
      provider: 'sandbox',
      providerPaymentId: paymentId,
      paymentMethodType: paid ? (method?.type ?? null) : null,
      paymentMethodBrand: paid ? (method?.brand ?? null) : null,
      paymentMethodLast4: paid ? (method?.last4 ?? null) : null,
      idempotencyKey: `factory-${uid()}`,
      paidAt: paid ? paidAt : null,
      createdAt: paidAt,
      updatedAt: paidAt,
    })
    .returning({ id: orders.id, number: orders.number, totalCents: orders.totalCents });
  const lines = await db
    .insert(orderLines)
    .values(
      opts.items.map((item, i) => ({
        id: lineIds[i]!,
        orderId: order!.id,
        position: i,
        kind: item.kind ?? 'recorded_course',
        courseId: item.courseId,
        sessionId: item.sessionId ?? null,
        description: item.description,
        amountCents: item.amountCents,
        seats: item.seats ?? 1,
      })),
    )
    .returning({ id: orderLines.id, courseId: orderLines.courseId, amountCents: orderLines.amountCents });
  const purchaseRows = paid && lines.some((l) => l.courseId)
    ? await db
        .insert(purchases)
        .values(
          lines
            .filter((l) => l.courseId)
            .map((l) => ({ userId: opts.user.id, courseId: l.courseId!, status: 'succeeded' as const, amountCents: l.amountCents, orderLineId: l.id, createdAt: paidAt })),
        )
        .returning({ id: purchases.id, orderLineId: purchases.orderLineId })
    : [];
  await db.insert(sandboxPaymentIntents).values({
    id: paymentId,
    amount: taxes.totalCents,
    currency: 'cad',
    status: paid ? 'succeeded' : 'requires_payment_method',
    clientSecret: `${paymentId}_secret_${uid()}`,
    metadata: { order_id: order!.id },
    idempotencyKey: `order:${order!.id}`,
    requestHash: uid(),
    methodType: paid ? (method?.type ?? null) : null,
    brand: paid ? (method?.brand ?? null) : null,
    last4: paid ? (method?.last4 ?? null) : null,
    chargeId: paid ? `ch_sb_${uid()}` : null,
    amountReceived: paid ? taxes.totalCents : 0,
  });
  invalidatePublicCache();
  return { ...order!, paymentId, taxes, lines, purchases: purchaseRows };
}
