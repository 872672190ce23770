// A paid seat, as the payment event leaves it: a confirmed reservation and a paid order whose
// live-class line points at it (with its purchase and the sandbox's succeeded payment, so refunds
// go through the real sandbox). Written straight into the database.
import { eq } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';
import { orderLines } from '../../src/server/db/schema';
import { createReservation } from './index';
import { createPaidOrder } from './orders';

export type PaidSeat = Awaited<ReturnType<typeof createPaidSeat>>;

export async function createPaidSeat(
  db: Db,
  opts: {
    user: { id: string; fullName?: string };
    course: { id: string; title: string };
    sessionId: string;
    amountCents?: number;
    paidAt?: Date;
  },
) {
  const reservation = await createReservation(db, opts.sessionId, opts.user.id, {
    status: 'confirmed',
    clientName: opts.user.fullName ?? 'Client Test',
  });
  const order = await createPaidOrder(db, {
    user: { id: opts.user.id, name: opts.user.fullName },
    items: [{ courseId: opts.course.id, description: opts.course.title, amountCents: opts.amountCents ?? 4500, kind: 'live_class', sessionId: opts.sessionId }],
    paidAt: opts.paidAt,
  });
  const line = order.lines[0]!;
  await db.update(orderLines).set({ reservationId: reservation.id }).where(eq(orderLines.id, line.id));
  return { reservationId: reservation.id, orderId: order.id, orderLineId: line.id, totalCents: order.totalCents, purchaseId: order.purchases[0]!.id };
}
