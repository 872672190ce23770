// Receipts (/api/orders/:orderId/receipt[.pdf]) and credit notes (/api/refunds/:refundId/credit-note[.pdf]):
// signed-in only; the service decides whose.
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../../http/app-env';
import { requireUser, signedInOnly } from '../../http/guards';
import type { ReceiptService, RenderedDocument } from './service';

// The page loads nothing from anywhere: its style is inline, it has no script, font or image.
const DOCUMENT_CSP = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

function sendHtml(c: Context, rendered: RenderedDocument) {
  c.header('content-security-policy', DOCUMENT_CSP);
  c.header('x-robots-tag', 'noindex');
  return c.html(rendered.html());
}

async function sendPdf(c: Context, rendered: RenderedDocument) {
  const body = await rendered.pdf();
  c.header('content-type', 'application/pdf');
  c.header('content-disposition', `attachment; filename="${rendered.doc.fileName}"`);
  c.header('x-robots-tag', 'noindex');
  return c.body(new Uint8Array(body));
}

export function receiptRoutes(receipts: ReceiptService) {
  const app = new Hono<AppEnv>();
  app.use('*', signedInOnly);
  app.get('/:orderId/receipt', async (c) => sendHtml(c, await receipts.receipt(await requireUser(c), c.req.param('orderId'))));
  app.get('/:orderId/receipt.pdf', async (c) => sendPdf(c, await receipts.receipt(await requireUser(c), c.req.param('orderId'))));
  return app;
}

export function creditNoteRoutes(receipts: ReceiptService) {
  const app = new Hono<AppEnv>();
  app.use('*', signedInOnly);
  app.get('/:refundId/credit-note', async (c) => sendHtml(c, await receipts.creditNote(await requireUser(c), c.req.param('refundId'))));
  app.get('/:refundId/credit-note.pdf', async (c) => sendPdf(c, await receipts.creditNote(await requireUser(c), c.req.param('refundId'))));
  return app;
}
