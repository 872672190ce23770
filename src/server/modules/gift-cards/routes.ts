// /api/gift-cards (the signed-in person: buy a card, their cards bought, add a card to their
// credit), /api/admin/gift-cards (the admin: list, resend, void) and the card's document pages
// /documents/carte-cadeau/:id[/pdf] (its signed link opens it signed out, like a receipt).
import { Hono, type Context } from 'hono';
import type { CheckoutResponse } from '@shared/schemas/checkout';
import { adminGiftCardsQuerySchema, type AdminGiftCardsResponse, type GiftCardRedeemResponse, type PurchasedGiftCardsResponse } from '@shared/schemas/gift-cards';
import { signInLink } from '@shared/sign-in-link';
import type { Deps } from '../../deps';
import type { AppEnv } from '../../http/app-env';
import { htmlPage, STANDALONE_PAGE_CSP } from '../../http/error-page';
import { adminOnly, requireAdmin, requireUser, signedInOnly } from '../../http/guards';
import { readJsonBody } from '../../http/json-only';
import { getViewer } from '../../http/viewer';
import { noQuery, readQuery } from '../params';
import { checkDocumentLink, documentPath, documentPdfPath, withSignature } from '../receipts/document-link';
import type { GiftCardReader, GiftCardService } from './service';

export function giftCardRoutes(gift: GiftCardService) {
  const app = new Hono<AppEnv>();
  app.use('*', signedInOnly);
  app.post('/checkout', async (c) => {
    const { userId } = await requireUser(c);
    const { created, response } = await gift.checkout(userId, await readJsonBody(c));
    return c.json<CheckoutResponse>(response, created ? 201 : 200);
  });
  app.get('/purchased', async (c) => {
    const { userId } = await requireUser(c);
    readQuery(c, noQuery);
    return c.json<PurchasedGiftCardsResponse>({ giftCards: await gift.purchased(userId) });
  });
  app.post('/redeem', async (c) => {
    const { userId } = await requireUser(c);
    const { code } = gift.parseRedeem(await readJsonBody(c));
    return c.json<GiftCardRedeemResponse>(await gift.redeem(userId, code));
  });
  return app;
}

export function adminGiftCardRoutes(gift: GiftCardService) {
  const app = new Hono<AppEnv>();
  app.use('*', adminOnly);
  app.get('/', async (c) => c.json<AdminGiftCardsResponse>(await gift.adminList(readQuery(c, adminGiftCardsQuerySchema))));
  app.post('/:id/resend', async (c) => {
    const admin = await requireAdmin(c);
    return c.json(await gift.resend(admin, c.req.param('id'), await readJsonBody(c)));
  });
  app.post('/:id/void', async (c) => {
    const admin = await requireAdmin(c);
    return c.json(await gift.void(admin, c.req.param('id'), await readJsonBody(c)));
  });
  return app;
}

/** Mounted under /documents, beside the receipts' pages. */
export function giftCardDocumentRoutes(gift: GiftCardService, deps: Pick<Deps, 'config' | 'now'>) {
  const app = new Hono<AppEnv>();
  const route = documentPath('gift-card', ':id').slice('/documents'.length);

  async function readerOf(c: Context, id: string): Promise<{ reader: GiftCardReader; signedPdfUrl?: string } | { refusal: Response }> {
    const link = checkDocumentLink(deps.config, 'gift-card', id, { expire: c.req.query('expire'), signature: c.req.query('signature') }, deps.now());
    if (link.kind === 'valid') return { reader: 'signed-link', signedPdfUrl: withSignature(documentPdfPath('gift-card', id), link.sig) };
    const viewer = await getViewer(c);
    if (viewer.userId !== null && viewer.role !== null) return { reader: { userId: viewer.userId, role: viewer.role, adminSecondFactor: viewer.adminSecondFactor } };
    const page = {
      title: link.kind === 'none' ? 'Connectez-vous pour voir cette carte-cadeau' : 'Ce lien n’est pas valide',
      message: 'Ouvrez la carte-cadeau depuis le courriel qui l’a apportée, ou connectez-vous si vous l’avez achetée.',
      actions: [
        { href: signInLink(documentPath('gift-card', id)), text: 'Se connecter' },
        { href: '/', text: 'Retour à l’accueil' },
      ],
    };
    return { refusal: htmlPage(c, page, 401) };
  }

  const secure = (c: Context) => {
    c.header('x-robots-tag', 'noindex');
    c.header('cache-control', 'private, no-store');
    c.header('referrer-policy', 'no-referrer');
  };

  app.get(route, async (c) => {
    const id = c.req.param('id') ?? '';
    const found = await readerOf(c, id);
    if ('refusal' in found) return found.refusal;
    const card = await gift.document(found.reader, id);
    secure(c);
    c.header('content-security-policy', STANDALONE_PAGE_CSP);
    return c.html(card.html(found.signedPdfUrl ?? documentPdfPath('gift-card', card.doc.id)));
  });
  app.get(`${route}/pdf`, async (c) => {
    const id = c.req.param('id') ?? '';
    const found = await readerOf(c, id);
    if ('refusal' in found) return found.refusal;
    const card = await gift.document(found.reader, id);
    const body = await card.pdf();
    secure(c);
    c.header('content-type', 'application/pdf');
    c.header('content-disposition', `attachment; filename="${card.fileName}"`);
    return c.body(new Uint8Array(body));
  });
  return app;
}
