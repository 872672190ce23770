// The session token from the request's signed cookie, read as the auth library reads it (its cookie
// parser keeps the first cookie of a name and URL-decodes it; the value is `token.signature`, the
// signature the base64 HMAC-SHA256 of the token under the auth secret). The library checks it with
// WebCrypto, asynchronously and at a cost visible on every signed-in request; node:crypto does the
// same check synchronously. Anything this reader does not accept goes to the library unchanged.
import { createHmac, timingSafeEqual } from 'node:crypto';

/** The first value of cookie `name` in a Cookie header, URL-decoded; null when absent. */
export function readCookie(header: string | null, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1 || part.slice(0, eq).trim() !== name) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"')) value = value.slice(1, -1);
    try {
      return value.includes('%') ? decodeURIComponent(value) : value;
    } catch {
      return value;
    }
  }
  return null;
}

/** The token of a `token.signature` value whose signature is right under `secret`; null otherwise. */
export function verifiedToken(value: string | null, secret: string): string | null {
  if (!value) return null;
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(createHmac('sha256', secret).update(token).digest('base64'));
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}
