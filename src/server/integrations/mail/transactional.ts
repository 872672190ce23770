// The transactional e-mails, queued from inside the transaction that makes their event happen
// (next to the in-app notices of notifications/notices.ts): each reads what its template needs,
// renders it and hands it to queueEmail() under the event's dedupe key, so a replayed webhook or a
// repeated request sends nothing more, and a rolled-back event sends nothing.
import { and, eq, inArray } from 'drizzle-orm';
import { sessionMinutes } from '@shared/booking';
import type { Db } from '../../db/client';
import { courseSessions, courses, orderLines, orders, refunds, reservations, users } from '../../db/schema';
import type { TaxLine } from '@shared/tax/compute';
import { queueEmail } from './outgoing';
import { bookingConfirmedMail, videoLinkMail } from './templates/booking';
import { orderReceiptMail, refundIssuedMail } from './templates/receipt';
import { welcomeMail } from './templates/welcome';
import { signedDocumentUrl } from '../../modules/receipts/document-link';

/** What a document's signed link needs: the site's address and its secret. */
export type DocumentSite = { publicUrl: string; authSecret: string };

type Conn = Pick<Db, 'select' | 'insert' | 'execute'>;

async function personOf(conn: Conn, userId: string) {
  const [row] = await conn.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, userId));
  return row ?? null;
}

/** 'Bienvenue sur Toque', once per account. */
export async function mailWelcome(conn: Conn, s: { userId: string; publicUrl: string }): Promise<void> {
  const to = await personOf(conn, s.userId);
  if (!to) return;
  await queueEmail(conn, { dedupeKey: `welcome:${s.userId}`, kind: 'welcome', to: to.email, userId: s.userId, mail: welcomeMail({ to, publicUrl: s.publicUrl }) });
}

/**
 * The receipt of a paid order, once per order. `again`: the admin's « Renvoyer le reçu », once per
 * request key (a double click sends one e-mail), with a link valid from now. False: nothing queued.
 */
export async function mailOrderReceipt(conn: Conn, s: { orderId: string; again?: { requestKey: string; at: Date } } & DocumentSite): Promise<boolean> {
  const [order] = await conn.select().from(orders).where(eq(orders.id, s.orderId));
  if (!order?.paidAt) return false;
  const lines = await conn
    .select({ description: orderLines.description, amountCents: orderLines.amountCents, position: orderLines.position })
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id))
    .orderBy(orderLines.position);
  const taxes = (order.taxLines as TaxLine[]).map((t) => ({ label: `${t.label} (${t.rateLabel})`, amountCents: t.amountCents }));
  const to = { email: order.buyerEmail, name: order.buyerName };
  return queueEmail(conn, {
    dedupeKey: s.again ? `order.receipt.again:${order.id}:${s.again.requestKey}` : `order.receipt:${order.id}`,
    kind: s.again ? 'order.receipt.again' : 'order.receipt',
    to: to.email,
    userId: order.userId,
    mail: orderReceiptMail({
      to,
      // Valid for the link's lifetime from the payment: the same link however often this is asked;
      // sent again, from the day it is sent again (the first link may have lapsed).
      receiptUrl: signedDocumentUrl(s, 'receipt', order.id, s.again?.at ?? order.paidAt),
      order: { id: order.id, number: order.number, paidAt: order.paidAt, lines, taxes, discountCents: order.discountCents, totalCents: order.totalCents },
    }),
  });
}

const seatColumns = {
  reservationId: reservations.id,
  userId: reservations.userId,
  email: users.email,
  name: users.name,
  courseTitle: courses.title,
  startsAt: courseSessions.startsAt,
  sessionMinutes: courseSessions.durationMinutes,
  courseMinutes: courses.durationMinutes,
  videoLink: courseSessions.videoLink,
  seats: reservations.seats,
  guestNames: reservations.guestNames,
};

function seats(conn: Conn) {
  return conn
    .select(seatColumns)
    .from(reservations)
    .innerJoin(users, eq(users.id, reservations.userId))
    .innerJoin(courseSessions, eq(courseSessions.id, reservations.sessionId))
    .innerJoin(courses, eq(courses.id, courseSessions.courseId));
}

/** 'Réservation confirmée', with the class's .ics attached: once per seat. */
export async function mailBookingConfirmed(conn: Conn, s: { reservationId: string; publicUrl: string; now: Date }): Promise<void> {
  const [seat] = await seats(conn).where(eq(reservations.id, s.reservationId));
  if (!seat) return;
  const endsAt = new Date(seat.startsAt.getTime() + sessionMinutes({ durationMinutes: seat.sessionMinutes }, { durationMinutes: seat.courseMinutes }) * 60_000);
  await queueEmail(conn, {
    dedupeKey: `booking.confirmed:${seat.reservationId}`,
    kind: 'booking.confirmed',
    to: seat.email,
    userId: seat.userId,
    mail: bookingConfirmedMail({
      to: { email: seat.email, name: seat.name },
      publicUrl: s.publicUrl,
      reservationId: seat.reservationId,
      seats: seat.seats,
      guests: seat.guestNames,
      courseTitle: seat.courseTitle,
      startsAt: seat.startsAt,
      endsAt,
      videoLink: seat.videoLink,
      now: s.now,
    }),
  });
}

/** The join link, to every confirmed seat of the session; a changed link is news again (as the notice). */
export async function mailVideoLink(conn: Conn, s: { sessionId: string; videoLink: string; version: number; publicUrl: string }): Promise<void> {
  // Keyed by the telling (the session's videoLinkVersion), not the link: told once, again only when the chef asks.
  const version = `v${s.version}`;
  const confirmed = await seats(conn).where(and(eq(reservations.sessionId, s.sessionId), inArray(reservations.status, ['confirmed'])));
  for (const seat of confirmed) {
    await queueEmail(conn, {
      dedupeKey: `session.video_link:${seat.reservationId}:${version}`,
      kind: 'session.video_link',
      to: seat.email,
      userId: seat.userId,
      mail: videoLinkMail({ to: { email: seat.email, name: seat.name }, publicUrl: s.publicUrl, courseTitle: seat.courseTitle, startsAt: seat.startsAt, videoLink: s.videoLink }),
    });
  }
}

/** The provider confirmed a refund: its amount and credit note, once per refund. */
export async function mailRefundIssued(conn: Conn, s: { refundId: string } & DocumentSite): Promise<void> {
  const [row] = await conn
    .select({ id: refunds.id, succeededAt: refunds.succeededAt, createdAt: refunds.createdAt, totalCents: refunds.totalCents, reason: refunds.reason, orderNumber: orders.number, userId: orders.userId, email: orders.buyerEmail, name: orders.buyerName })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .where(eq(refunds.id, s.refundId));
  if (!row) return;
  await queueEmail(conn, {
    dedupeKey: `refund.issued:${row.id}`,
    kind: 'refund.issued',
    to: row.email,
    userId: row.userId,
    mail: refundIssuedMail({
      to: { email: row.email, name: row.name },
      creditNoteUrl: signedDocumentUrl(s, 'credit-note', row.id, row.succeededAt ?? row.createdAt),
      refund: row,
    }),
  });
}
