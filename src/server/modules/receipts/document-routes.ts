// /documents/recu/:orderId[/pdf] and /documents/note-de-credit/:refundId[/pdf]: a person's documents
// as pages a phone's browser opens from an e-mail. A valid signed link opens its document signed
// out; otherwise the session decides (the owner, or the admin); a visitor whose link is missing,
// altered or expired gets a page that says so and offers sign-in, which comes back here.
import { Hono, type Context } from 'hono';
import type { Deps } from '../../deps';
import type { AppEnv } from '../../http/app-env';
import { htmlPage, STANDALONE_PAGE_CSP } from '../../http/error-page';
import { getViewer } from '../../http/viewer';
import { signInLink } from '@shared/sign-in-link';
import { checkDocumentLink, documentPath, documentPdfPath, withSignature, type DocumentKind, type LinkCheck } from './document-link';
import type { DocumentReader, ReceiptService, RenderedDocument } from './service';

const VISITOR_TITLES: Record<LinkCheck['kind'], string> = {
  none: 'Connectez-vous pour voir ce document',
  valid: '',
  expired: 'Ce lien a expiré',
  invalid: 'Ce lien n’est pas valide',
};

const VISITOR_MESSAGES: Record<LinkCheck['kind'], string> = {
  none: 'Ce document est réservé à la personne qui a passé la commande. Connectez-vous : il s’ouvrira ensuite.',
  valid: '',
  expired: 'Pour protéger vos renseignements, un lien envoyé par courriel reste ouvert 60 jours. Connectez-vous : le document s’ouvrira ensuite, et il reste toujours dans Mes Achats.',
  invalid: 'Ce lien est incomplet ou a été modifié. Connectez-vous : le document s’ouvrira ensuite, et il reste toujours dans Mes Achats.',
};

type Found = { reader: DocumentReader; signedPdfUrl?: string } | { refusal: Response };

export function documentRoutes(receipts: ReceiptService, deps: Pick<Deps, 'config' | 'now'>) {
  const app = new Hono<AppEnv>();

  async function readerOf(c: Context, kind: DocumentKind, id: string): Promise<Found> {
    const link = checkDocumentLink(deps.config, kind, id, { expire: c.req.query('expire'), signature: c.req.query('signature') }, deps.now());
    if (link.kind === 'valid') return { reader: 'signed-link', signedPdfUrl: withSignature(documentPdfPath(kind, id), link.sig) };
    const viewer = await getViewer(c);
    if (viewer.userId !== null && viewer.role !== null && viewer.sessionId !== null) return { reader: { ...viewer, userId: viewer.userId, role: viewer.role, sessionId: viewer.sessionId } };
    // Sign-in comes back to the document itself, without the link that did not work.
    const page = {
      title: VISITOR_TITLES[link.kind],
      message: VISITOR_MESSAGES[link.kind],
      actions: [
        { href: signInLink(documentPath(kind, id)), text: 'Se connecter' },
        { href: '/', text: 'Retour à l’accueil' },
      ],
    };
    return { refusal: htmlPage(c, page, 401) };
  }

  function sendHtml(c: Context, rendered: RenderedDocument, signedPdfUrl: string | undefined) {
    c.header('content-security-policy', STANDALONE_PAGE_CSP);
    c.header('x-robots-tag', 'noindex');
    c.header('cache-control', 'private, no-store');
    // The signed address must not reach another page through the Referer header.
    c.header('referrer-policy', 'no-referrer');
    return c.html(rendered.html(signedPdfUrl));
  }

  async function sendPdf(c: Context, rendered: RenderedDocument) {
    const body = await rendered.pdf();
    c.header('content-type', 'application/pdf');
    c.header('content-disposition', `attachment; filename="${rendered.doc.fileName}"`);
    c.header('x-robots-tag', 'noindex');
    c.header('cache-control', 'private, no-store');
    return c.body(new Uint8Array(body));
  }

  const load = (kind: DocumentKind, reader: DocumentReader, id: string) =>
    kind === 'receipt' ? receipts.receipt(reader, id) : receipts.creditNote(reader, id);

  for (const kind of ['receipt', 'credit-note'] as const) {
    const route = documentPath(kind, ':id').slice('/documents'.length);
    app.get(route, async (c) => {
      const id = c.req.param('id') ?? '';
      const found = await readerOf(c, kind, id);
      if ('refusal' in found) return found.refusal;
      return sendHtml(c, await load(kind, found.reader, id), found.signedPdfUrl);
    });
    app.get(`${route}/pdf`, async (c) => {
      const id = c.req.param('id') ?? '';
      const found = await readerOf(c, kind, id);
      if ('refusal' in found) return found.refusal;
      return sendPdf(c, await load(kind, found.reader, id));
    });
  }
  return app;
}
