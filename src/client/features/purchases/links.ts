// Where a purchase's documents are. The PDF of a receipt sits beside its page
// (/documents/recu/:orderId and …/pdf).
import type { PurchaseView } from '@shared/schemas/checkout';

export function receiptPdfUrl(purchase: PurchaseView): string | null {
  return purchase.receiptUrl ? `${purchase.receiptUrl}/pdf` : null;
}
