// Where a purchase's documents are. The PDF of a receipt sits beside its HTML page
// (GET /api/orders/:orderId/receipt and …/receipt.pdf).
import type { PurchaseView } from '@shared/schemas/checkout';

export function receiptPdfUrl(purchase: PurchaseView): string | null {
  if (!purchase.receiptUrl || !purchase.orderId) return null;
  return `/api/orders/${encodeURIComponent(purchase.orderId)}/receipt.pdf`;
}
