// Where receipts and credit notes are read (the API contract's receiptUrl, receiptPdfUrl and
// creditNoteUrl point here).

export const receiptUrl = (orderId: string) => `/api/orders/${orderId}/receipt`;
export const receiptPdfUrl = (orderId: string) => `/api/orders/${orderId}/receipt.pdf`;
export const creditNoteUrl = (refundId: string) => `/api/refunds/${refundId}/credit-note.pdf`;
export const creditNoteHtmlUrl = (refundId: string) => `/api/refunds/${refundId}/credit-note`;

/** Order statuses whose receipt exists: paid, whether or not refunded since. */
export const RECEIPT_STATUSES = ['paid', 'partially_refunded', 'refunded'] as const;

export function hasReceipt(status: string): boolean {
  return (RECEIPT_STATUSES as readonly string[]).includes(status);
}
