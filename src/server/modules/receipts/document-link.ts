// Signed, expiring links to a person's documents, for e-mails opened on a phone where nobody is
// signed in. A link names the document and when it stops working, signed with the server's secret:
//   /documents/<segment>/<id>?expire=<unix seconds>&signature=<base64url HMAC-SHA256>
// over 'toque-document \n <kind> \n <id> \n <expire>'. Changing any of them breaks the signature.
// The signature is the whole permission: whoever holds the link reads that one document, nothing
// else. Without a valid one, the signed-in owner (or the admin) still reads it (Mes Achats), and a
// visitor is offered sign-in. Why 60 days: see docs/decisions/0030-document-links.md.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../env';

/**
 * The documents a link may open; each has its page under /documents/<segment>/<id>. A gift card's
 * page is served by its own slice (modules/gift-cards/document-routes.ts).
 */
export const DOCUMENT_SEGMENTS = { receipt: 'recu', 'credit-note': 'note-de-credit', 'gift-card': 'carte-cadeau' } as const;
export type DocumentKind = keyof typeof DOCUMENT_SEGMENTS;

const DAY_MS = 86_400_000;

/** How long an e-mailed link opens its document, counted from the document's date. */
export const DOCUMENT_LINK_LIFETIME_MS: Record<DocumentKind, number> = {
  receipt: 60 * DAY_MS,
  'credit-note': 60 * DAY_MS,
  // A gift card never expires: its recipient's link works as long as a card may be kept (ten years).
  'gift-card': 3653 * DAY_MS,
};

type SecretConfig = Pick<Config, 'authSecret'>;

function mac(config: SecretConfig, kind: DocumentKind, id: string, expire: number): Buffer {
  // A purpose prefix: the same secret signs session cookies and unsubscribe links.
  return createHmac('sha256', config.authSecret).update(`toque-document\n${kind}\n${id}\n${expire}`).digest();
}

/** The page of a document, without signature (enough for its signed-in owner). */
export function documentPath(kind: DocumentKind, id: string): string {
  return `/documents/${DOCUMENT_SEGMENTS[kind]}/${id}`;
}

/** The PDF of a document, without signature. */
export function documentPdfPath(kind: DocumentKind, id: string): string {
  return `${documentPath(kind, id)}/pdf`;
}

export type LinkSignature = { expire: number; signature: string };

/** A signature valid until `issuedAt` + the kind's lifetime (whole seconds). */
export function signDocument(config: SecretConfig, kind: DocumentKind, id: string, issuedAt: Date): LinkSignature {
  const expire = Math.floor((issuedAt.getTime() + DOCUMENT_LINK_LIFETIME_MS[kind]) / 1000);
  return { expire, signature: mac(config, kind, id, expire).toString('base64url') };
}

export const withSignature = (path: string, sig: LinkSignature) => `${path}?expire=${sig.expire}&signature=${sig.signature}`;

/** The absolute, signed link an e-mail carries to a document's page. */
export function signedDocumentUrl(config: SecretConfig & Pick<Config, 'publicUrl'>, kind: DocumentKind, id: string, issuedAt: Date): string {
  return new URL(withSignature(documentPath(kind, id), signDocument(config, kind, id, issuedAt)), `${config.publicUrl}/`).toString();
}

/** What a request's link says: none, one that matches (and until when), expired, or forged. */
export type LinkCheck = { kind: 'none' } | { kind: 'valid'; sig: LinkSignature } | { kind: 'expired' } | { kind: 'invalid' };

const DIGITS = /^\d{1,12}$/;
const BASE64URL = /^[A-Za-z0-9_-]{43}$/;

export function checkDocumentLink(
  config: SecretConfig,
  kind: DocumentKind,
  id: string,
  query: { expire?: string; signature?: string },
  now: Date,
): LinkCheck {
  if (query.expire === undefined && query.signature === undefined) return { kind: 'none' };
  if (!query.expire || !query.signature || !DIGITS.test(query.expire) || !BASE64URL.test(query.signature)) return { kind: 'invalid' };
  const expire = Number(query.expire);
  const given = Buffer.from(query.signature, 'base64url');
  const expected = mac(config, kind, id, expire);
  // Constant time: how long the check takes says nothing about how much of it was right.
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { kind: 'invalid' };
  // The signature is checked first: only a genuine link is told it has expired.
  if (expire * 1000 <= now.getTime()) return { kind: 'expired' };
  return { kind: 'valid', sig: { expire, signature: query.signature } };
}
