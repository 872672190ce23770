// Who may read a receipt or a credit note, and when one exists. A person reads only their own
// (another person's is answered exactly like a missing one, 404); the admin reads any. A receipt
// exists once the order is paid; a credit note once its refund has succeeded. A signed link
// (document-link.ts) stands for its owner: whoever holds it reads that one document.
import type { Deps } from '../../deps';
import { AppError } from '../../http/app-error';
import { isAdmin, type SignedInViewer } from '../../http/guards';
import { isUuid } from '../params';
import { buildCreditNote, buildReceipt, type FiscalDocument } from './document';
import { renderDocumentHtml } from './html';
import { renderDocumentPdf } from './pdf';
import * as repo from './repository';
import { creditNoteUrl, hasReceipt, receiptPdfUrl } from './urls';

/** Who reads: a signed-in person (their own, or any for the admin), or the holder of a signed link. */
export type DocumentReader = SignedInViewer | 'signed-link';

const BACK_URL = '/mes-achats';

/** `html(pdfUrl)`: the page, its download link given when it must carry the link's signature. */
export type RenderedDocument = { doc: FiscalDocument; html: (pdfUrl?: string) => string; pdf: () => Promise<Buffer> };

export function createReceiptService(deps: Pick<Deps, 'database' | 'config'>) {
  const db = () => deps.database.db;
  const mayRead = (reader: DocumentReader, ownerId: string) => reader === 'signed-link' || isAdmin(reader) || reader.userId === ownerId;

  const rendered = (doc: FiscalDocument, pdfUrl: string, createdAt: Date): RenderedDocument => ({
    doc,
    html: (signedPdfUrl) => renderDocumentHtml(doc, { pdfUrl: signedPdfUrl ?? pdfUrl, backUrl: BACK_URL }),
    pdf: () => renderDocumentPdf(doc, { createdAt }),
  });

  return {
    async receipt(viewer: DocumentReader, orderId: string): Promise<RenderedDocument> {
      if (!isUuid(orderId)) throw new AppError('ORDER_NOT_FOUND');
      const order = await repo.findOrder(db(), orderId);
      if (!order || !mayRead(viewer, order.userId)) throw new AppError('ORDER_NOT_FOUND');
      if (!hasReceipt(order.status)) throw new AppError('RECEIPT_NOT_AVAILABLE');
      const [lines, refunds] = await Promise.all([repo.listLines(db(), order.id), repo.listRefunds(db(), [order.id])]);
      const doc = buildReceipt(order, lines, refunds, deps.config.seller);
      return rendered(doc, receiptPdfUrl(order.id), order.paidAt ?? order.createdAt);
    },

    async creditNote(viewer: DocumentReader, refundId: string): Promise<RenderedDocument> {
      if (!isUuid(refundId)) throw new AppError('REFUND_NOT_FOUND');
      const refund = await repo.findRefund(db(), refundId);
      const order = refund ? await repo.findOrder(db(), refund.orderId) : null;
      if (!refund || !order || !mayRead(viewer, order.userId)) throw new AppError('REFUND_NOT_FOUND');
      if (refund.status !== 'succeeded') throw new AppError('CREDIT_NOTE_NOT_AVAILABLE');
      const lines = await repo.listLines(db(), order.id);
      const doc = buildCreditNote(refund, order, lines, deps.config.seller);
      return rendered(doc, creditNoteUrl(refund.id), refund.succeededAt ?? refund.createdAt);
    },
  };
}

export type ReceiptService = ReturnType<typeof createReceiptService>;
