// The avatar upload (issue 3 point 6, checklist §E): type by magic bytes, 2 Mo enforced while the
// body streams in, pixel floods refused before decoding, the kept picture re-encoded as WebP
// without metadata under a generated name, the old one deleted, uploads limited per user.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@shared/errors';
import { AVATAR_FIELD, AVATAR_MAX_BYTES, type AvatarResponse, type ProfileResponse } from '@shared/schemas/account';
import { profiles } from '../../src/server/db/schema';
import { AVATAR_UPLOADS_PER_HOUR } from '../../src/server/modules/account/rate-limits';
import { putImage, setRole } from '../factories';
import { gifDeclaring, imageBytes, jpegWithExif, pngDeclaring, type ImageFormat } from '../factories/images';
import { me, newSignedInUser, ORIGIN, send, sendForm, SESSION_COOKIE } from '../setup/auth-client';
import { createTestApp, type TestApp } from '../setup/test-app';

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const NOT_AN_IMAGE = "Ce fichier n'est pas une image JPG, PNG, GIF ou WebP.";
const AVATAR_URL = /^\/media\/avatars\/[0-9a-f-]{36}\.webp$/;

function formWith(bytes: Buffer | string, name: string, type: string): FormData {
  const form = new FormData();
  form.set(AVATAR_FIELD, new File([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], name, { type }));
  return form;
}

const upload = (cookie: string, bytes: Buffer | string, name = 'photo.jpg', type = 'image/jpeg') =>
  sendForm(app, '/api/account/avatar', formWith(bytes, name, type), cookie);

const errorOf = async (res: Response) => ((await res.json()) as ApiErrorBody).error;

async function avatarUrlOf(userId: string) {
  const [row] = await app.db.select({ avatarUrl: profiles.avatarUrl }).from(profiles).where(eq(profiles.userId, userId));
  return row!.avatarUrl;
}

/** The files under the uploads' avatars/ folder. */
async function storedAvatars(): Promise<string[]> {
  return readdir(path.join(app.deps.config.dataDir, 'uploads', 'avatars')).catch(() => []);
}

describe('accepted images', () => {
  it('re-encodes a JPEG as a 512 px WebP with no EXIF, served as image/webp with nosniff', async () => {
    const user = await newSignedInUser(app);
    const original = await jpegWithExif('Secret-GPS-45.5017N');
    expect((await sharp(original).metadata()).exif).toBeDefined();
    expect(original.includes('Secret-GPS-45.5017N')).toBe(true);

    const res = await upload(user.cookie, original, '../../etc/passwd.jpg');
    expect(res.status).toBe(200);
    const { avatarUrl } = (await res.json()) as AvatarResponse;
    expect(avatarUrl).toMatch(AVATAR_URL);
    expect(await avatarUrlOf(user.id)).toBe(avatarUrl);
    expect((await me(app, user.cookie)).user).toMatchObject({ avatarUrl });
    const profile = (await (await send(app, 'GET', '/api/account/profile', { cookie: user.cookie })).json()) as ProfileResponse;
    expect(profile.profile.avatarUrl).toBe(avatarUrl);

    const served = await app.request(avatarUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    const stored = Buffer.from(await served.arrayBuffer());
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 512, height: 512 });
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(stored.includes('Secret-GPS-45.5017N')).toBe(false);
    expect(stored.includes('Exif')).toBe(false);
  });

  it.each(['png', 'gif', 'webp'] as ImageFormat[])('accepts a %s, whatever name and type the browser gave it', async (format) => {
    const user = await newSignedInUser(app);
    // Named and typed as something else: only the bytes decide.
    const res = await upload(user.cookie, await imageBytes(format, 300, 200), 'capture.bin', 'application/octet-stream');
    expect(res.status).toBe(200);
    const { avatarUrl } = (await res.json()) as AvatarResponse;
    const stored = Buffer.from(await (await app.request(avatarUrl)).arrayBuffer());
    expect(await sharp(stored).metadata()).toMatchObject({ format: 'webp', width: 512, height: 512 });
  });

  it('deletes the previous avatar of ours, and leaves a picture it did not make alone', async () => {
    const user = await newSignedInUser(app);
    const seedUrl = await putImage(app.deps.storage, 'seed/chefs/portrait.png', 200, 200);
    await app.db.update(profiles).set({ avatarUrl: seedUrl }).where(eq(profiles.userId, user.id));

    const first = ((await (await upload(user.cookie, await imageBytes('png'))).json()) as AvatarResponse).avatarUrl;
    expect(await app.deps.storage.exists('seed/chefs/portrait.png')).toBe(true);
    const second = ((await (await upload(user.cookie, await imageBytes('jpeg'))).json()) as AvatarResponse).avatarUrl;
    expect(second).not.toBe(first);
    expect(await app.deps.storage.exists(first.replace('/media/', ''))).toBe(false);
    expect((await app.request(first)).status).toBe(404);
    expect((await app.request(second)).status).toBe(200);
  });

  it('two uploads at once leave exactly one file, the one the profile points to', async () => {
    const user = await newSignedInUser(app);
    const before = new Set(await storedAvatars());
    const [a, b] = await Promise.all([upload(user.cookie, await imageBytes('png')), upload(user.cookie, await imageBytes('gif'))]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const added = (await storedAvatars()).filter((f) => !before.has(f));
    expect(added).toHaveLength(1);
    expect(await avatarUrlOf(user.id)).toBe(`/media/avatars/${added[0]}`);
  });

  it("shows a chef's new picture on the public chef list at once", async () => {
    const chef = await newSignedInUser(app, 'Cheffe Portrait');
    await setRole(app.db, chef.id, 'chef');
    const chefAvatar = async () =>
      ((await (await app.request('/api/chefs')).json()) as { chefs: { id: string; avatarUrl: string | null }[] }).chefs.find((c) => c.id === chef.id)!
        .avatarUrl;
    expect(await chefAvatar()).toBeNull();
    expect(await chefAvatar()).toBeNull(); // cached for visitors now
    const { avatarUrl } = (await (await upload(chef.cookie, await imageBytes('png'))).json()) as AvatarResponse;
    expect(await chefAvatar()).toBe(avatarUrl);
  });
});

describe('refused files', () => {
  it.each([
    ['a text file named .png', 'Bonjour, je ne suis pas une image.\n', 'photo.png', 'image/png'],
    ['an SVG with a script', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(document.cookie)</script></svg>', 'avatar.svg', 'image/svg+xml'],
    ['HTML named .jpg', '<!doctype html><html><body><script>alert(1)</script></body></html>', 'photo.jpg', 'image/jpeg'],
    ['a PHP script', '<?php system($_GET["c"]); ?>', 'shell.jpg.php', 'image/jpeg'],
    ['an empty file', '', 'vide.png', 'image/png'],
    ['an AVIF-like header', Buffer.from('0000001c66747970617669660000000061766966', 'hex'), 'photo.avif', 'image/avif'],
  ])('%s → 415 in French, nothing stored', async (_label, bytes, name, type) => {
    const user = await newSignedInUser(app);
    const before = await storedAvatars();
    const res = await upload(user.cookie, bytes, name, type);
    expect(res.status).toBe(415);
    expect(await errorOf(res)).toMatchObject({ code: 'UNSUPPORTED_IMAGE_TYPE', message: NOT_AN_IMAGE });
    expect(await avatarUrlOf(user.id)).toBeNull();
    expect(await storedAvatars()).toEqual(before);
  });

  it('a PNG signature followed by garbage → 422 in French', async () => {
    const user = await newSignedInUser(app);
    const fake = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('pas du tout un PNG'.repeat(20))]);
    const res = await upload(user.cookie, fake, 'photo.png', 'image/png');
    expect(res.status).toBe(422);
    expect(await errorOf(res)).toMatchObject({ code: 'IMAGE_UNREADABLE', message: 'Cette image est illisible ou endommagée. Essayez avec une autre image.' });
  });

  it.each([
    ['a 35-byte GIF declaring 30,000 × 30,000 pixels', gifDeclaring(30_000, 30_000), 'bombe.gif'],
    ['a GIF declaring 8,000 × 8,000 pixels (64 MP)', gifDeclaring(8_000, 8_000), 'grande.gif'],
    ['a PNG declaring 30,000 × 30,000 pixels', pngDeclaring(30_000, 30_000), 'bombe.png'],
  ])('%s → 422 in French, without the memory to decode it', async (_label, bytes, name) => {
    const user = await newSignedInUser(app);
    const rssBefore = process.memoryUsage().rss;
    const res = await upload(user.cookie, bytes, name, 'image/gif');
    const grewMb = (process.memoryUsage().rss - rssBefore) / 1e6;
    expect(res.status).toBe(422);
    expect(await errorOf(res)).toMatchObject({
      code: 'IMAGE_TOO_MANY_PIXELS',
      message: 'Cette image est trop grande (plus de 40 mégapixels). Réduisez-la puis réessayez.',
    });
    // Decoding 30,000² RGBA pixels would need 3.6 GB.
    expect(grewMb).toBeLessThan(100);
    expect(await avatarUrlOf(user.id)).toBeNull();
  });

  it('a 3 Mo file → 413 in French', async () => {
    const user = await newSignedInUser(app);
    const big = Buffer.concat([await imageBytes('jpeg'), Buffer.alloc(3 * 1024 * 1024)]);
    const res = await upload(user.cookie, big, 'grande.jpg');
    expect(res.status).toBe(413);
    expect(await errorOf(res)).toMatchObject({ code: 'FILE_TOO_LARGE', message: 'Le fichier est trop volumineux : 2 Mo au maximum.' });
    expect(await avatarUrlOf(user.id)).toBeNull();
  });

  it('a file one byte over 2 Mo → 413; the limit is the file, not the envelope', async () => {
    const user = await newSignedInUser(app);
    const over = Buffer.concat([await imageBytes('png'), Buffer.alloc(AVATAR_MAX_BYTES)]).subarray(0, AVATAR_MAX_BYTES + 1);
    expect((await upload(user.cookie, over, 'limite.png', 'image/png')).status).toBe(413);
  });

  it('an endless body is cut off at the limit, never read to its end', async () => {
    const user = await newSignedInUser(app);
    const chunk = new Uint8Array(64 * 1024);
    let sent = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const res = await app.request('/api/account/avatar', {
      method: 'POST',
      headers: { origin: ORIGIN, cookie: `${SESSION_COOKIE}=${user.cookie}`, 'content-type': 'multipart/form-data; boundary=xyz' },
      body: endless,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(sent).toBeLessThan(AVATAR_MAX_BYTES + 1024 * 1024);
  });

  it('a Content-Length over the limit is refused before the body is read', async () => {
    const user = await newSignedInUser(app);
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new Uint8Array(1024));
        if (pulled > 10) controller.close();
      },
    });
    const res = await app.request('/api/account/avatar', {
      method: 'POST',
      headers: {
        origin: ORIGIN,
        cookie: `${SESSION_COOKIE}=${user.cookie}`,
        'content-type': 'multipart/form-data; boundary=xyz',
        'content-length': String(3 * 1024 * 1024),
      },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    // The stream may be primed by the runtime, never drained.
    expect(pulled).toBeLessThanOrEqual(2);
  });

  it('no file in the form → 400 naming the field in French', async () => {
    const user = await newSignedInUser(app);
    const form = new FormData();
    form.set(AVATAR_FIELD, 'pas un fichier');
    const res = await sendForm(app, '/api/account/avatar', form, user.cookie);
    expect(res.status).toBe(400);
    expect((await errorOf(res)).fields).toEqual({ [AVATAR_FIELD]: 'Choisissez une image à envoyer.' });
    const empty = await sendForm(app, '/api/account/avatar', new FormData(), user.cookie);
    expect(empty.status).toBe(400);
  });

  it('a JSON or raw-bytes body instead of a form → 415 in French', async () => {
    const user = await newSignedInUser(app);
    const json = await send(app, 'POST', '/api/account/avatar', { cookie: user.cookie, body: { avatar: 'data:image/png;base64,AAAA' } });
    expect(json.status).toBe(415);
    expect((await errorOf(json)).message).toBe('Le fichier doit être envoyé comme formulaire (multipart/form-data).');
    const raw = await app.request('/api/account/avatar', {
      method: 'POST',
      headers: { origin: ORIGIN, cookie: `${SESSION_COOKIE}=${user.cookie}`, 'content-type': 'image/png' },
      body: new Uint8Array(await imageBytes('png')),
    });
    expect(raw.status).toBe(415);
  });

  it('a broken multipart body → 400 in French', async () => {
    const user = await newSignedInUser(app);
    const res = await app.request('/api/account/avatar', {
      method: 'POST',
      headers: { origin: ORIGIN, cookie: `${SESSION_COOKIE}=${user.cookie}`, 'content-type': 'multipart/form-data; boundary=abc' },
      body: '--abc\r\nContent-Disposition: form-data; name="avatar"; filename="a.png"\r\n\r\nPNG sans fin',
    });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toBe("Le formulaire d'envoi est illisible.");
  });
});

describe('limits and access', () => {
  it(`allows ${AVATAR_UPLOADS_PER_HOUR} uploads an hour per user, then 429 in French with Retry-After`, async () => {
    const user = await newSignedInUser(app);
    const other = await newSignedInUser(app);
    const text = 'pas une image';
    for (let i = 0; i < AVATAR_UPLOADS_PER_HOUR; i++) {
      expect((await upload(user.cookie, text, 'x.png', 'image/png')).status).toBe(415);
    }
    const refused = await upload(user.cookie, await imageBytes('png'));
    expect(refused.status).toBe(429);
    expect(await errorOf(refused)).toMatchObject({
      code: 'UPLOAD_RATE_LIMITED',
      message: "Trop d'envois de photos en peu de temps. Réessayez plus tard.",
    });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another person's allowance is their own.
    expect((await upload(other.cookie, await imageBytes('png'))).status).toBe(200);
  });

  it('refuses a visitor (401) and a cross-site upload (403) without storing anything', async () => {
    const user = await newSignedInUser(app);
    const before = await storedAvatars();
    const visitor = await sendForm(app, '/api/account/avatar', formWith(await imageBytes('png'), 'a.png', 'image/png'));
    expect(visitor.status).toBe(401);
    const crossSite = await app.request('/api/account/avatar', {
      method: 'POST',
      headers: { origin: 'https://evil.example', cookie: `${SESSION_COOKIE}=${user.cookie}` },
      body: formWith(await imageBytes('png'), 'a.png', 'image/png'),
    });
    expect(crossSite.status).toBe(403);
    expect((await errorOf(crossSite)).code).toBe('CROSS_SITE_REQUEST');
    const noOrigin = await app.request('/api/account/avatar', {
      method: 'POST',
      headers: { cookie: `${SESSION_COOKIE}=${user.cookie}` },
      body: formWith(await imageBytes('png'), 'a.png', 'image/png'),
    });
    expect(noOrigin.status).toBe(403);
    expect(await storedAvatars()).toEqual(before);
    expect(await avatarUrlOf(user.id)).toBeNull();
  });
});
