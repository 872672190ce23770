// The demo admin signed in for Lighthouse's signed-in pages (« Aperçu », the Journal): signs in by
// the API, enrols the second factor the seed leaves off (the same steps as a person's first visit)
// and returns the verified session's cookie, to send with each request Lighthouse makes.
import { createHmac } from 'node:crypto';

const DEMO_ADMIN = { email: 'cheffe@toque.demo', password: 'Cheffe-Toque-2026' };
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function base32Decode(text) {
  let bits = 0;
  let value = 0;
  const out = [];
  for (const char of text.toUpperCase().replace(/[\s=-]/g, '')) {
    value = (value << 5) | BASE32.indexOf(char);
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** RFC 6238 (HMAC-SHA1, 30 s, 6 digits), as the server's second-factor/totp.ts checks it. */
function totp(secret, now = Date.now()) {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(Math.floor(now / 30_000)));
  const mac = createHmac('sha1', base32Decode(secret)).update(message).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/** 'name=value' of the demo admin's verified session on `base`. */
export async function demoAdminCookie(base) {
  const headers = { 'content-type': 'application/json', origin: base };
  const signIn = await fetch(`${base}/api/auth/sign-in/email`, { method: 'POST', headers, body: JSON.stringify(DEMO_ADMIN) });
  const line = signIn.headers.getSetCookie().find((l) => l.split('=')[0].endsWith('session_token'));
  if (signIn.status !== 200 || !line) throw new Error(`demo admin sign-in refused: ${signIn.status}`);
  const cookie = line.split(';')[0];
  const withCookie = { ...headers, cookie };
  const enrolment = await fetch(`${base}/api/account/second-factor/enrolment`, { method: 'POST', headers: withCookie });
  if (enrolment.status !== 200) throw new Error(`demo admin enrolment refused: ${enrolment.status} ${await enrolment.text()}`);
  const { secret } = await enrolment.json();
  const confirm = await fetch(`${base}/api/account/second-factor/enrolment/confirm`, {
    method: 'POST',
    headers: withCookie,
    body: JSON.stringify({ code: totp(secret) }),
  });
  if (confirm.status !== 200) throw new Error(`demo admin confirmation refused: ${confirm.status} ${await confirm.text()}`);
  return cookie;
}
