// A real OpenID Connect provider (the oidc-provider package) on a free local port, for the
// identity-provider sign-in tests. Its login page is a one-field form (any e-mail signs in; the
// person is created on first use, consent granted with the login). It can also misbehave on
// purpose: `tamper` rewrites the ID token its token endpoint returns (claims, or the signature),
// re-signed with its own key unless told otherwise, to prove the site refuses each forgery.
import { createPrivateKey, createPublicKey, generateKeyPairSync, randomUUID, sign, type KeyObject } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export type IdpUser = { sub: string; email: string; name: string; emailVerified: boolean };

/** How to rewrite the next ID tokens: claims merged in, then signed by the provider's key, another key, or not at all. */
export type IdTokenTamper = { claims?: Record<string, unknown>; signWith?: 'provider' | 'foreign-key' | 'none' };

export type OidcProviderOptions = {
  redirectUris: string[];
  clientId?: string;
  clientSecret?: string;
};

const b64url = (data: string | Buffer) => Buffer.from(data).toString('base64url');

function signRs256(header: Record<string, unknown>, payload: Record<string, unknown>, key: KeyObject): string {
  const input = `${b64url(JSON.stringify(header))}.${b64url(JSON.stringify(payload))}`;
  return `${input}.${b64url(sign('sha256', Buffer.from(input), key))}`;
}

function rsaKey() {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return privateKey;
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

function loginPage(uid: string, clientId: string): string {
  return `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Fournisseur d'identité de test</title>
<style>body{font-family:system-ui,sans-serif;max-width:24rem;margin:3rem auto;padding:0 1rem}label{display:block;margin:1rem 0 .25rem}input{width:100%;padding:.5rem;box-sizing:border-box}button{margin-top:1rem;padding:.5rem 1rem}</style>
</head><body><main>
<h1>Fournisseur d'identité de test</h1>
<p>Connexion demandée par <strong>${escapeHtml(clientId)}</strong>.</p>
<form method="post" action="/interaction/${escapeHtml(uid)}/login">
<label for="email">Adresse courriel</label><input id="email" name="email" type="email" autocomplete="email" required>
<label for="name">Nom complet</label><input id="name" name="name" autocomplete="name">
<button type="submit">Se connecter</button>
</form></main></body></html>`;
}

export async function startOidcProvider(options: OidcProviderOptions) {
  const clientId = options.clientId ?? 'toque-test';
  const clientSecret = options.clientSecret ?? 'toque-test-secret-0123456789';
  const users = new Map<string, IdpUser>();
  const byEmail = (email: string) => [...users.values()].find((u) => u.email === email.toLowerCase());
  let tamper: IdTokenTamper | null = null;

  const signingKey = rsaKey();
  const kid = 'toque-test-key';
  const jwk = { ...signingKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' };

  // The public face (issuer) and the provider behind it, so the token endpoint's answer can be rewritten.
  const front = http.createServer();
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: ['toque-test-provider-cookie-key'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    pkce: { required: () => true },
    // Explicit lifetimes (the defaults print a notice each): codes live a minute, as at real providers.
    ttl: { AuthorizationCode: 60, AccessToken: 600, IdToken: 600, Interaction: 600, Grant: 3600, Session: 3600 },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx: unknown, sub: string) {
      const user = users.get(sub);
      if (!user) return undefined;
      return {
        accountId: sub,
        claims: async () => ({ sub, email: user.email, email_verified: user.emailVerified, name: user.name }),
      };
    },
  });
  // Quiet: refused requests are what several tests are about.
  provider.on('server_error', (_ctx, err) => console.error('test OpenID provider error', err));

  const back = http.createServer(provider.callback());
  await new Promise<void>((resolve) => back.listen(0, '127.0.0.1', resolve));
  const backPort = (back.address() as AddressInfo).port;

  /** Adds (or replaces) a person at the provider; returns their subject identifier. */
  function addUser(user: { email: string; name?: string; emailVerified?: boolean; sub?: string }): IdpUser {
    const existing = byEmail(user.email);
    const entry: IdpUser = {
      sub: user.sub ?? existing?.sub ?? randomUUID(),
      email: user.email.toLowerCase(),
      name: user.name ?? existing?.name ?? user.email.split('@')[0]!,
      emailVerified: user.emailVerified ?? true,
    };
    users.set(entry.sub, entry);
    return entry;
  }

  async function onLogin(req: IncomingMessage, res: ServerResponse) {
    const form = new URLSearchParams((await readBody(req)).toString('utf8'));
    const email = (form.get('email') ?? '').trim();
    if (!email) {
      res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end('Adresse courriel requise.');
      return;
    }
    const name = form.get('name')?.trim();
    const user = byEmail(email) ?? addUser({ email, ...(name ? { name } : {}) });
    const details = await provider.interactionDetails(req, res);
    const grant = new provider.Grant({ accountId: user.sub, clientId: details.params.client_id! });
    grant.addOIDCScope('openid email profile');
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { login: { accountId: user.sub }, consent: { grantId } }, { mergeWithLastSubmission: false });
  }

  function rewriteIdToken(idToken: string, how: IdTokenTamper): string {
    const [h, p] = idToken.split('.');
    const header = JSON.parse(Buffer.from(h!, 'base64url').toString('utf8')) as Record<string, unknown>;
    const payload = { ...(JSON.parse(Buffer.from(p!, 'base64url').toString('utf8')) as Record<string, unknown>), ...how.claims };
    if (how.signWith === 'none') return `${b64url(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${b64url(JSON.stringify(payload))}.`;
    return signRs256(header, payload, how.signWith === 'foreign-key' ? rsaKey() : createPrivateKey({ key: jwk, format: 'jwk' }));
  }

  /** Everything else goes to the provider; the token endpoint's answer may be rewritten. */
  async function forward(req: IncomingMessage, res: ServerResponse) {
    const body = await readBody(req);
    const upstream = http.request(
      { host: '127.0.0.1', port: backPort, method: req.method, path: req.url, headers: req.headers },
      async (answer) => {
        const data = await readBody(answer);
        const headers = { ...answer.headers };
        let out = data;
        if (tamper && req.url?.startsWith('/token') && answer.statusCode === 200) {
          const json = JSON.parse(data.toString('utf8')) as { id_token?: string };
          if (json.id_token) json.id_token = rewriteIdToken(json.id_token, tamper);
          out = Buffer.from(JSON.stringify(json));
          headers['content-length'] = String(out.length);
          delete headers.etag;
        }
        res.writeHead(answer.statusCode ?? 502, headers).end(out);
      },
    );
    upstream.on('error', (err) => res.writeHead(502).end(String(err)));
    upstream.end(body);
  }

  front.on('request', (req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    const interaction = /^\/interaction\/([^/]+)(\/login)?$/.exec(url.pathname);
    const handle = async () => {
      if (interaction && req.method === 'GET' && !interaction[2]) {
        const details = await provider.interactionDetails(req, res);
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(loginPage(details.uid, details.params.client_id!));
      } else if (interaction && req.method === 'POST' && interaction[2]) {
        await onLogin(req, res);
      } else {
        await forward(req, res);
      }
    };
    handle().catch((err: unknown) => {
      if (!res.headersSent) res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(`test OpenID provider: ${String(err)}`);
    });
  });

  return {
    issuer,
    clientId,
    clientSecret,
    addUser,
    /** The ID token rewriting for the next sign-ins (null: honest again). */
    setTamper(how: IdTokenTamper | null) {
      tamper = how;
    },
    /** The provider's public signing key (for tests that check what it published). */
    publicJwk: () => createPublicKey(signingKey).export({ format: 'jwk' }),
    async close() {
      await Promise.all([
        new Promise<void>((resolve) => front.close(() => resolve())),
        new Promise<void>((resolve) => back.close(() => resolve())),
      ]);
    },
  };
}

export type TestOidcProvider = Awaited<ReturnType<typeof startOidcProvider>>;

/** Cookies of one site, the way a browser keeps them across redirects (paths ignored: one test site). */
export class CookieJar {
  readonly #cookies = new Map<string, string>();
  take(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=Thu, 01 Jan 1970/i.test(a));
      if (!value || expired) this.#cookies.delete(name);
      else this.#cookies.set(name, value);
    }
  }
  get(name: string): string | undefined {
    return this.#cookies.get(name);
  }
  header(): string {
    return [...this.#cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/**
 * Plays the browser at the provider: opens the authorization URL, signs in with the e-mail on
 * its login form, and follows redirects until the provider sends the browser back to the site.
 * Returns that URL (the site's callback, with code and state, or an error).
 */
export async function signInAtProvider(authorizationUrl: string, email: string, name?: string): Promise<URL> {
  const jar = new CookieJar();
  const issuerOrigin = new URL(authorizationUrl).origin;
  let url = new URL(authorizationUrl);
  let init: RequestInit = {};
  for (let hop = 0; hop < 10; hop++) {
    if (url.origin !== issuerOrigin) return url;
    const res = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers as Record<string, string>), cookie: jar.header() } });
    jar.take(res);
    const location = res.headers.get('location');
    if (location) {
      url = new URL(location, url);
      init = {};
      continue;
    }
    const html = await res.text();
    const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
    if (res.status !== 200 || !action) throw new Error(`test provider answered ${res.status}: ${html.slice(0, 300)}`);
    url = new URL(action, url);
    init = {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email, ...(name ? { name } : {}) }).toString(),
    };
  }
  throw new Error('too many redirects at the test provider');
}
