// « Clients » and « Membres »: the chef's customers found by name or e-mail, one page per person
// (orders and receipts, seats, memberships, favourites, her private notes), the receipt e-mailed
// again, and the members' figures. Refunding an order and cancelling a seat from a person's page go
// through the refunds module's one path (POST /api/admin/orders/:orderId/refunds), never here.
import { SUBSCRIPTION_PRICE_CENTS } from '@shared/catalog';
import { monthFromIndex, monthIndex } from '@shared/schemas/admin-sales';
import {
  clientNoteSchema,
  resendReceiptSchema,
  type AdminClientBooking,
  type AdminClientNote,
  type AdminClientOrder,
  type AdminClientResponse,
  type AdminClientsQuery,
  type AdminClientsResponse,
  type AdminClientSummary,
  type AdminMembersResponse,
  type MembershipState,
  type ResendReceiptResponse,
} from '@shared/schemas/admin-clients';
import type { AdminCreditResponse } from '@shared/schemas/credit';
import type { ReservationCancelReason } from '@shared/schemas/reservations';
import type { MembershipPlan, SubscriptionStatus } from '@shared/schemas/subscription';
import type { Deps } from '../../deps';
import { AppError } from '../../http/app-error';
import type { SignedInViewer } from '../../http/guards';
import { parseInput } from '../../http/validate';
import { mailOrderReceipt } from '../../integrations/mail/transactional';
import { monthOf } from '../months';
import { recordAudit } from '../audit/service';
import { hasReceipt, receiptPdfUrl, receiptUrl } from '../receipts/urls';
import { isChefId, isUuid } from '../params';
import { toIso } from '../rows';
import { addAdminCredit } from '../credit/account';
import { planPriceCents, readMembershipSettings } from '../subscriptions/settings';
import { history as creditHistory } from '../credit/service';
import * as repo from './repository';

/** How many months the members' chart covers, this one included. */
const CHURN_MONTHS = 12;

export function membershipState(status: string, cancelAtPeriodEnd: boolean): MembershipState {
  if (cancelAtPeriodEnd && (status === 'active' || status === 'trialing')) return 'cancelling';
  return status as MembershipState;
}

function describeLines(descriptions: string[]): string {
  if (descriptions.length <= 1) return descriptions[0] ?? '';
  const others = descriptions.length - 1;
  return `${descriptions[0]} et ${others} autre${others > 1 ? 's' : ''} article${others > 1 ? 's' : ''}`;
}

function toSummary(row: repo.ClientSummaryRow): AdminClientSummary {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    province: row.province,
    since: toIso(row.since),
    role: row.role,
    paidOrderCount: row.paidOrderCount,
    membership: row.liveStatus ? membershipState(row.liveStatus, row.liveCancelAtEnd === true) : null,
  };
}

function toNote(row: repo.NoteRow): AdminClientNote {
  return {
    id: row.id,
    body: row.body,
    authorEmail: row.authorEmail,
    createdAt: toIso(row.createdAt),
    editedByEmail: row.editedByEmail,
    editedAt: toIso(row.editedAt),
  };
}

export function createAdminClientService(deps: Pick<Deps, 'config' | 'database' | 'now'>) {
  const db = () => deps.database.db;

  async function existing(userId: string): Promise<repo.ClientSummaryRow> {
    // A malformed id (a NUL, a slash…) is answered like a missing one: 404, never a database error.
    const found = isChefId(userId) ? await repo.findClient(db(), userId) : null;
    if (!found) throw new AppError('CLIENT_NOT_FOUND');
    return found;
  }

  return {
    async list(query: AdminClientsQuery): Promise<AdminClientsResponse> {
      const { rows, total } = await repo.searchClients(db(), query);
      return { clients: rows.map(toSummary), total };
    },

    async detail(userId: string): Promise<AdminClientResponse> {
      const client = await existing(userId);
      const now = deps.now();
      const [orders, bookings, memberships, favoriteCount, notes] = await Promise.all([
        repo.ordersOf(db(), userId),
        repo.bookingsOf(db(), userId),
        repo.membershipsOf(db(), userId),
        repo.favoriteCount(db(), userId),
        repo.notesOf(db(), userId),
      ]);
      const orderById = new Map(orders.rows.map((o) => [o.id, o]));
      const linesOf = new Map<string, typeof orders.lines>();
      for (const l of orders.lines) linesOf.set(l.orderId, [...(linesOf.get(l.orderId) ?? []), l]);
      // The order line that paid for each seat, on an order whose money came in.
      const paidLineOf = new Map<string, (typeof orders.lines)[number]>();
      for (const l of orders.lines) {
        if (l.reservationId && hasReceipt(orderById.get(l.orderId)!.status)) paidLineOf.set(l.reservationId, l);
      }

      return {
        client: toSummary(client),
        orders: orders.rows.map((o): AdminClientOrder => {
          const lines = linesOf.get(o.id) ?? [];
          const paid = hasReceipt(o.status);
          return {
            id: o.id,
            number: o.number,
            status: o.status,
            totalCents: o.totalCents,
            createdAt: toIso(o.createdAt),
            paidAt: toIso(o.paidAt),
            description: describeLines(lines.map((l) => l.description)),
            receiptUrl: paid ? receiptUrl(o.id) : null,
            receiptPdfUrl: paid ? receiptPdfUrl(o.id) : null,
            refundable: paid && o.pendingRefunds === 0 && lines.some((l) => l.refundedCents < l.amountCents),
          };
        }),
        bookings: bookings.map((b): AdminClientBooking => {
          const line = paidLineOf.get(b.id);
          const order = line ? orderById.get(line.orderId)! : null;
          const payment = line && order ? { orderId: order.id, orderNumber: order.number, orderLineId: line.id, leftCents: line.amountCents - line.refundedCents } : null;
          return {
            id: b.id,
            sessionId: b.sessionId,
            courseTitle: b.courseTitle,
            startsAt: toIso(b.startsAt),
            status: b.status,
            cancelReason: (b.cancelReason as ReservationCancelReason | null) ?? null,
            payment,
            cancellable:
              b.status === 'confirmed' && b.startsAt.getTime() > now.getTime() && !!payment && payment.leftCents > 0 && order!.pendingRefunds === 0,
          };
        }),
        memberships: memberships.map((m) => ({
          id: m.id,
          status: m.status as SubscriptionStatus,
          state: membershipState(m.status, m.cancelAtPeriodEnd),
          createdAt: toIso(m.createdAt),
          currentPeriodEnd: toIso(m.currentPeriodEnd),
          endedAt: toIso(m.endedAt),
        })),
        favoriteCount,
        notes: notes.map(toNote),
        credit: await creditHistory(db(), userId, { limit: 50, offset: 0 }),
      };
    },

    /** « Ajouter un crédit »: created false when the form's key already gave it (the same answer). */
    async addCredit(admin: SignedInViewer, userId: string, body: unknown): Promise<{ created: boolean; response: AdminCreditResponse }> {
      await existing(userId);
      const { created, ...response } = await addAdminCredit(deps, admin, userId, body);
      return { created, response };
    },

    async addNote(admin: SignedInViewer, userId: string, body: unknown): Promise<AdminClientNote> {
      const input = parseInput(clientNoteSchema, body);
      await existing(userId);
      const note = await db().transaction(async (tx) => {
        const authorEmail = (await repo.emailOf(tx, admin.userId)) ?? '(compte supprimé)';
        const row = await repo.insertNote(tx, { userId, body: input.body, authorId: admin.userId, authorEmail, createdAt: deps.now() });
        await recordAudit(tx, { actorId: admin.userId, action: 'client.note.create', targetType: 'user', targetId: userId, details: { noteId: row.id, body: row.body } });
        return row;
      });
      return toNote(note);
    },

    async editNote(admin: SignedInViewer, userId: string, noteId: string, body: unknown): Promise<AdminClientNote> {
      const input = parseInput(clientNoteSchema, body);
      if (!isUuid(noteId)) throw new AppError('CLIENT_NOTE_NOT_FOUND');
      const note = await db().transaction(async (tx) => {
        const before = await repo.lockNote(tx, userId, noteId);
        if (!before) throw new AppError('CLIENT_NOTE_NOT_FOUND');
        // The same text again changes nothing and is not logged twice.
        if (before.body === input.body) return before;
        const editedByEmail = (await repo.emailOf(tx, admin.userId)) ?? '(compte supprimé)';
        const row = await repo.updateNote(tx, noteId, { body: input.body, editedByEmail, editedAt: deps.now() });
        await recordAudit(tx, {
          actorId: admin.userId,
          action: 'client.note.update',
          targetType: 'user',
          targetId: userId,
          details: { noteId, before: before.body, after: row.body },
        });
        return row;
      });
      return toNote(note);
    },

    /** The receipt's link e-mailed to the buyer again: once per request key, audited when sent. */
    async resendReceipt(admin: SignedInViewer, userId: string, orderId: string, body: unknown): Promise<ResendReceiptResponse> {
      const { requestKey } = parseInput(resendReceiptSchema, body);
      if (!isUuid(orderId)) throw new AppError('ORDER_NOT_FOUND');
      const order = await repo.orderOf(db(), userId, orderId);
      if (!order) throw new AppError('ORDER_NOT_FOUND');
      if (!hasReceipt(order.status)) throw new AppError('RECEIPT_NOT_AVAILABLE');
      const sent = await db().transaction(async (tx) => {
        const queued = await mailOrderReceipt(tx, {
          orderId,
          again: { requestKey, at: deps.now() },
          publicUrl: deps.config.publicUrl,
          authSecret: deps.config.authSecret,
        });
        if (queued) {
          await recordAudit(tx, {
            actorId: admin.userId,
            action: 'order.receipt_resend',
            targetType: 'order',
            targetId: orderId,
            details: { number: order.number, to: order.buyerEmail, userId },
          });
        }
        return queued;
      });
      return { sent, to: order.buyerEmail };
    },

    async members(): Promise<AdminMembersResponse> {
      const now = deps.now();
      const [counted, started, settings] = await Promise.all([repo.liveMembershipCounts(db()), repo.startedMemberships(db()), readMembershipSettings(db())]);
      const counts = { active: 0, trialing: 0, pastDue: 0, cancelling: 0 };
      const paying = { monthly: 0, annual: 0 };
      // A month's worth of each paying membership at its price as sold: an annual plan counts its price / 12.
      let mrr = 0;
      for (const row of counted) {
        const state = membershipState(row.status, row.cancelAtPeriodEnd);
        if (state === 'active') counts.active += row.n;
        else if (state === 'trialing') counts.trialing += row.n;
        else if (state === 'past_due') counts.pastDue += row.n;
        else if (state === 'cancelling') counts.cancelling += row.n;
        if (row.status === 'active' || row.status === 'past_due') {
          const plan: MembershipPlan = row.plan === 'annual' ? 'annual' : 'monthly';
          const price = row.priceCents ?? planPriceCents(plan, settings);
          paying[plan] += row.n;
          mrr += (row.n * price) / (plan === 'annual' ? 12 : 1);
        }
      }
      const last = monthIndex(monthOf(now));
      const months = Array.from({ length: CHURN_MONTHS }, (_, i) => ({ month: monthFromIndex(last - CHURN_MONTHS + 1 + i), started: 0, cancelled: 0 }));
      const byMonth = new Map(months.map((m) => [m.month, m]));
      for (const s of started) {
        const start = s.firstPaidAt ? new Date(s.firstPaidAt) : s.createdAt;
        const begun = byMonth.get(monthOf(start));
        if (begun) begun.started += 1;
        if (s.status === 'canceled' && s.endedAt) {
          const ended = byMonth.get(monthOf(s.endedAt));
          if (ended) ended.cancelled += 1;
        }
      }
      return { counts, mrrCents: Math.round(mrr), priceCents: SUBSCRIPTION_PRICE_CENTS, paying, months };
    },
  };
}

export type AdminClientService = ReturnType<typeof createAdminClientService>;
