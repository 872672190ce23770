// Mes Achats (spec: purchase history): succeeded purchases, plus refunded ones marked so, newest
// first. A purchase paid through an order links to that order's receipt; a refunded one to the
// credit note that gave its line back (the latest, when several did).
import type { PurchaseView, PurchasesResponse } from '@shared/schemas/checkout';
import { lineTotalCents, type TaxLine } from '@shared/tax';
import type { Deps } from '../../deps';
import { toIso } from '../rows';
import { creditNoteHtmlUrl, hasReceipt, receiptUrl } from '../receipts/urls';
import { progressSummary } from '../learning/progress';
import * as repo from './repository';

export function createPurchaseService(deps: Pick<Deps, 'database'>) {
  const db = () => deps.database.db;
  return {
    async list(userId: string): Promise<PurchasesResponse> {
      const rows = await repo.listPurchases(db(), userId);
      const ownOrders = (r: (typeof rows)[number]) => (r.orderId && r.orderUserId === userId ? r.orderId : null);
      const refundedOrderIds = [...new Set(rows.filter((r) => r.status === 'refunded').map(ownOrders).filter((id): id is string => id !== null))];
      const orderRefunds = await repo.listSucceededRefunds(db(), refundedOrderIds);
      const purchases = rows.map((r): PurchaseView => {
        const orderId = ownOrders(r);
        const creditNote =
          r.status === 'refunded' && orderId
            ? orderRefunds.find((f) => f.orderId === orderId && f.lines.some((l) => l.orderLineId === r.orderLineId))
            : undefined;
        return {
          id: r.id,
          status: r.status as PurchaseView['status'],
          // Paid through an order: the line with its taxes; the demo's older purchases keep their amount.
          amountCents:
            r.orderLineId && r.lineAmountCents !== null && r.orderTaxLines
              ? lineTotalCents(r.orderTaxLines as TaxLine[], { id: r.orderLineId, amountCents: r.lineAmountCents })
              : r.amountCents,
          createdAt: toIso(r.createdAt),
          course: { id: r.courseId, title: r.courseTitle, imageUrl: r.courseImageUrl, isLive: r.courseIsLive },
          orderId,
          receiptUrl: orderId && r.orderStatus && hasReceipt(r.orderStatus) ? receiptUrl(orderId) : null,
          creditNoteUrl: creditNote ? creditNoteHtmlUrl(creditNote.id) : null,
          session:
            r.sessionId && r.sessionStartsAt && r.reservationId
              ? { id: r.sessionId, reservationId: r.reservationId, startsAt: toIso(r.sessionStartsAt), recordingUrl: r.recordingUrl, hasRecordingVideo: r.hasRecordingVideo }
              : null,
          refundChoice:
            r.choiceReservationId && r.choiceDueAt
              ? { reservationId: r.choiceReservationId, dueAt: new Date(r.choiceDueAt as string | Date).toISOString() }
              : null,
          progress:
            !r.courseIsLive && r.progressPosition !== null && r.progressDuration !== null
              ? progressSummary({ positionSeconds: r.progressPosition, durationSeconds: r.progressDuration, completedAt: r.progressCompletedAt })
              : null,
        };
      });
      return { purchases };
    },
  };
}

export type PurchaseService = ReturnType<typeof createPurchaseService>;
