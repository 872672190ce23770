// Where receipts and credit notes are read (the API contract's receiptUrl, receiptPdfUrl and
// creditNoteUrl point here): the pages under /documents, which a signed-in owner opens as they are
// and an e-mail opens signed (document-link.ts). The /api/... addresses of old e-mails still answer.
import { documentPath, documentPdfPath } from './document-link';

export const receiptUrl = (orderId: string) => documentPath('receipt', orderId);
export const receiptPdfUrl = (orderId: string) => documentPdfPath('receipt', orderId);
export const creditNoteUrl = (refundId: string) => documentPdfPath('credit-note', refundId);
export const creditNoteHtmlUrl = (refundId: string) => documentPath('credit-note', refundId);

/** Order statuses whose receipt exists: paid, whether or not refunded since. */
export const RECEIPT_STATUSES = ['paid', 'partially_refunded', 'refunded'] as const;

export function hasReceipt(status: string): boolean {
  return (RECEIPT_STATUSES as readonly string[]).includes(status);
}
