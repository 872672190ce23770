// The API takes JSON bodies only (checklist H1: non-JSON content types on mutating routes → 415),
// except the avatar upload, which takes multipart only; a write without a body (a favourite
// toggle) is not affected. Checked in-process and over a real HTTP socket, where bodies are
// announced by Content-Length or Transfer-Encoding.
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@shared/errors';
import { createRecipe } from '../factories';
import { newSignedInUser, ORIGIN, SESSION_COOKIE } from '../setup/auth-client';
import { createTestApp, type TestApp } from '../setup/test-app';

const JSON_REQUIRED = 'Le contenu envoyé doit être au format JSON (Content-Type: application/json).';

let app: TestApp;
let user: { id: string; cookie: string };
let recipeId: string;
let server: ServerType;
let base: string;

beforeAll(async () => {
  app = await createTestApp();
  user = await newSignedInUser(app, 'Justine Json');
  recipeId = (await createRecipe(app.db)).id;
  server = serve({ fetch: app.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await app.close();
});

const cookie = () => `${SESSION_COOKIE}=${user.cookie}`;
const errorOf = async (res: Response) => ((await res.json()) as ApiErrorBody).error;
const currentName = async () =>
  ((await (await app.request('/api/account/profile', { headers: { cookie: cookie() } })).json()) as { profile: { fullName: string } }).profile.fullName;

describe('in-process', () => {
  it.each([
    ['text/plain', JSON.stringify({ fullName: 'Texte Brut' })],
    ['text/plain;charset=UTF-8', JSON.stringify({ fullName: 'Texte Brut' })],
    ['application/x-www-form-urlencoded', 'fullName=Formulaire+HTML'],
    ['text/json', JSON.stringify({ fullName: 'Presque Json' })],
    ['application/json-patch+json', JSON.stringify([{ op: 'replace', path: '/fullName', value: 'Patch' }])],
  ])('PATCH with %s → 415 in French, nothing saved', async (type, body) => {
    const res = await app.request('/api/account/profile', {
      method: 'PATCH',
      headers: { origin: ORIGIN, cookie: cookie(), 'content-type': type },
      body,
    });
    expect(res.status).toBe(415);
    expect(await errorOf(res)).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', message: JSON_REQUIRED });
    expect(await currentName()).toBe('Justine Json');
  });

  it('a multipart form on a JSON route → 415', async () => {
    const form = new FormData();
    form.set('fullName', 'Par Formulaire');
    const res = await app.request('/api/account/profile', { method: 'PATCH', headers: { origin: ORIGIN, cookie: cookie() }, body: form });
    expect(res.status).toBe(415);
    expect(await currentName()).toBe('Justine Json');
  });

  it('the auth routes refuse a text/plain body too (a cross-site "simple request" shape)', async () => {
    const res = await app.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { origin: ORIGIN, 'content-type': 'text/plain' },
      body: JSON.stringify({ email: 'apprenant@toque.demo', password: 'Apprenant-Toque-2026' }),
    });
    expect(res.status).toBe(415);
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it('a cross-site text/plain POST is refused as cross-site first (403)', async () => {
    const res = await app.request('/api/account/profile', {
      method: 'PATCH',
      headers: { origin: 'https://evil.example', cookie: cookie(), 'content-type': 'text/plain' },
      body: '{}',
    });
    expect(res.status).toBe(403);
  });

  it('accepts application/json with a charset, in any case', async () => {
    for (const type of ['application/json; charset=utf-8', 'Application/JSON']) {
      const res = await app.request('/api/account/profile', {
        method: 'PATCH',
        headers: { origin: ORIGIN, cookie: cookie(), 'content-type': type },
        body: JSON.stringify({ fullName: 'Justine Json' }),
      });
      expect(res.status).toBe(200);
    }
  });

  it('lets a write without a body through (PUT and DELETE of a favourite), and reads are untouched', async () => {
    const put = await app.request(`/api/favorites/${recipeId}`, { method: 'PUT', headers: { origin: ORIGIN, cookie: cookie() } });
    expect(put.status).toBe(200);
    const putZero = await app.request(`/api/favorites/${recipeId}`, {
      method: 'PUT',
      headers: { origin: ORIGIN, cookie: cookie(), 'content-length': '0' },
    });
    expect(putZero.status).toBe(200);
    const del = await app.request(`/api/favorites/${recipeId}`, { method: 'DELETE', headers: { origin: ORIGIN, cookie: cookie() } });
    expect(del.status).toBe(200);
    const get = await app.request('/api/favorites', { headers: { cookie: cookie(), 'content-type': 'text/plain' } });
    expect(get.status).toBe(200);
  });
});

describe('over HTTP', () => {
  it('JSON works, text/plain and an untyped body get 415, a bodiless PUT passes', async () => {
    const patch = (headers: Record<string, string>, body: string) =>
      fetch(`${base}/api/account/profile`, { method: 'PATCH', headers: { origin: ORIGIN, cookie: cookie(), ...headers }, body });

    const ok = await patch({ 'content-type': 'application/json' }, JSON.stringify({ fullName: 'Justine Réseau' }));
    expect(ok.status).toBe(200);

    const plain = await patch({ 'content-type': 'text/plain' }, JSON.stringify({ fullName: 'Texte Brut' }));
    expect(plain.status).toBe(415);
    expect((await errorOf(plain)).message).toBe(JSON_REQUIRED);

    // A body with no type at all: announced by Content-Length only.
    const untyped = await fetch(`${base}/api/account/profile`, {
      method: 'PATCH',
      headers: { origin: ORIGIN, cookie: cookie() },
      body: new Uint8Array(Buffer.from(JSON.stringify({ fullName: 'Sans Type' }))),
    });
    expect(untyped.status).toBe(415);

    // A streamed body (Transfer-Encoding: chunked), typed as text.
    const chunked = await fetch(`${base}/api/account/profile`, {
      method: 'PATCH',
      headers: { origin: ORIGIN, cookie: cookie(), 'content-type': 'text/plain' },
      body: new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(JSON.stringify({ fullName: 'En Morceaux' })));
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(chunked.status).toBe(415);
    expect(await currentName()).toBe('Justine Réseau');

    const put = await fetch(`${base}/api/favorites/${recipeId}`, { method: 'PUT', headers: { origin: ORIGIN, cookie: cookie() } });
    expect(put.status).toBe(200);
    const del = await fetch(`${base}/api/favorites/${recipeId}`, { method: 'DELETE', headers: { origin: ORIGIN, cookie: cookie() } });
    expect(del.status).toBe(200);
  });

  // On Node a body of declared length is read straight from the socket (json-only.ts), a chunked one
  // through the web Request that counts it: both must read the same and keep the same limit.
  it('a JSON body reads the same declared or chunked: UTF-8 with a byte-order mark, 400 unreadable, 413 over 100 Ko', async () => {
    const patch = (body: string | ReadableStream, extra: RequestInit = {}) =>
      fetch(`${base}/api/account/profile`, {
        method: 'PATCH',
        headers: { origin: ORIGIN, cookie: cookie(), 'content-type': 'application/json; charset=utf-8' },
        body,
        ...extra,
      } as RequestInit);
    const chunks = (text: string) => ({
      body: new ReadableStream({
        start(controller) {
          const bytes = new TextEncoder().encode(text);
          for (let i = 0; i < bytes.length; i += 16 * 1024) controller.enqueue(bytes.slice(i, i + 16 * 1024));
          controller.close();
        },
      }),
      duplex: 'half',
    });

    expect((await patch(`\uFEFF${JSON.stringify({ fullName: 'Édouard Bélanger' })}`)).status).toBe(200);
    expect(await currentName()).toBe('Édouard Bélanger');
    const streamed = chunks(JSON.stringify({ fullName: 'Hélène Côté' }));
    expect((await patch(streamed.body, { duplex: 'half' } as RequestInit)).status).toBe(200);
    expect(await currentName()).toBe('Hélène Côté');

    for (const res of [await patch('{"fullName": "Sans fin'), await patch(chunks('{"fullName": ').body, { duplex: 'half' } as RequestInit)]) {
      expect(res.status).toBe(400);
      expect((await errorOf(res)).message).toBe('Le contenu JSON envoyé est illisible.');
    }

    const huge = JSON.stringify({ fullName: 'Trop Long', bio: 'x'.repeat(101 * 1024) });
    for (const res of [await patch(huge), await patch(chunks(huge).body, { duplex: 'half' } as RequestInit)]) {
      expect(res.status).toBe(413);
      expect((await errorOf(res)).code).toBe('PAYLOAD_TOO_LARGE');
    }
    expect(await currentName()).toBe('Hélène Côté');
    // The connection is still usable for the next request.
    expect((await fetch(`${base}/api/favorites`, { headers: { cookie: cookie() } })).status).toBe(200);
  });

  it('the avatar route takes a multipart upload over HTTP and refuses JSON', async () => {
    const sharp = (await import('sharp')).default;
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#b85' } }).png().toBuffer();
    const form = new FormData();
    form.set('avatar', new File([new Uint8Array(png)], 'a.png', { type: 'image/png' }));
    const res = await fetch(`${base}/api/account/avatar`, { method: 'POST', headers: { origin: ORIGIN, cookie: cookie() }, body: form });
    expect(res.status).toBe(200);
    const json = await fetch(`${base}/api/account/avatar`, {
      method: 'POST',
      headers: { origin: ORIGIN, cookie: cookie(), 'content-type': 'application/json' },
      body: '{}',
    });
    expect(json.status).toBe(415);
  });

  it('a 3 Mo upload over HTTP gets its 413 answer (refused from Content-Length, body not read)', async () => {
    const form = new FormData();
    form.set('avatar', new File([new Uint8Array(3 * 1024 * 1024)], 'grande.jpg', { type: 'image/jpeg' }));
    const res = await fetch(`${base}/api/account/avatar`, { method: 'POST', headers: { origin: ORIGIN, cookie: cookie() }, body: form });
    expect(res.status).toBe(413);
    expect((await errorOf(res)).code).toBe('FILE_TOO_LARGE');
    // The connection is still usable for the next request.
    expect((await fetch(`${base}/api/favorites`, { headers: { cookie: cookie() } })).status).toBe(200);
  });
});
