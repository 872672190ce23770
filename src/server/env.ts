// The only reader of process.env. Everything else receives a typed Config.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The folder holding package.json, found from this file whether it runs from src/ or dist/. */
export function findRootDir(start = path.dirname(fileURLToPath(import.meta.url))): string {
  let dir = start;
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
  return dir;
}

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().optional(),
  CLIENT_DIR: z.string().optional(),
  PUBLIC_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // No default here: it depends on the database (seedOnEmptyOf).
  SEED_ON_EMPTY: z.enum(['true', 'false']).optional(),
  AUTH_SECRET: z.string().min(32).optional(),
  TRUSTED_PROXY: z.string().optional(),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Toque <ne-pas-repondre@toque.local>'),
  OIDC_ISSUER: z.string().url().optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_NAME: z.string().min(1).max(40).optional(),
  // No default here: production on a real database must name it (paymentProviderOf).
  PAYMENT_PROVIDER: z.enum(['sandbox', 'stripe']).optional(),
  SANDBOX_WEBHOOK_SECRET: z.string().min(16).optional(),
  SANDBOX_WEBHOOK_URL: z.string().url().optional(),
  STRIPE_SECRET_KEY: z.string().startsWith('sk_').optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().startsWith('pk_').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().startsWith('whsec_').optional(),
  STRIPE_API_URL: z.string().url().optional(),
  SELLER_NAME: z.string().min(1).default('Toque — Geneviève Tremblay, cheffe'),
  SELLER_ADDRESS: z.string().min(1).default('1234, rue Saint-Denis, Montréal (Québec) H2X 3K4'),
  TAX_MODE: z.enum(['registered', 'not_registered']).default('registered'),
  GST_NUMBER: z.string().min(1).default('123456789 RT0001'),
  QST_NUMBER: z.string().min(1).default('1234567890 TQ0001'),
  PST_REGISTRATIONS: z.string().default(''),
  SUBSCRIBER_LIVE_DISCOUNT_PERCENT: z.coerce
    .number({ message: 'un nombre entier de 0 à 90' })
    .int({ message: 'un nombre entier de 0 à 90' })
    .min(0, { message: 'un nombre entier de 0 à 90' })
    .max(90, { message: 'un nombre entier de 0 à 90' })
    .default(15),
  VIDEO_MAX_MB: z.coerce
    .number({ message: 'un nombre entier de mégaoctets, de 1 à 10240' })
    .int({ message: 'un nombre entier de mégaoctets, de 1 à 10240' })
    .min(1, { message: 'un nombre entier de mégaoctets, de 1 à 10240' })
    .max(10_240, { message: 'un nombre entier de mégaoctets, de 1 à 10240' })
    .default(500),
  PRIVACY_OFFICER_NAME: z.string().min(1).default('Geneviève Tremblay'),
  PRIVACY_OFFICER_EMAIL: z.string().email().default('vie-privee@toque.local'),
  METRICS_TOKEN: z.string().min(16).optional(),
  SHUTDOWN_DRAIN_SECONDS: z.coerce
    .number({ message: 'un nombre de secondes, de 0 à 60' })
    .min(0, { message: 'un nombre de secondes, de 0 à 60' })
    .max(60, { message: 'un nombre de secondes, de 0 à 60' })
    .default(0),
  TEST_CLOCK_START: z.iso.datetime({ offset: true, message: 'un instant ISO 8601, par exemple 2026-12-31T22:00:00-05:00' }).optional(),
  ALLOW_TEST_CLOCK: z.enum(['true', 'false']).default('false'),
});

const GOOGLE_ISSUER = 'https://accounts.google.com';

/** Sign-in through an OpenID Connect provider, offered under 'Ou continuer avec' when configured. */
export type IdentityProviderConfig = {
  /** Exactly as the provider's discovery document states it (compared exactly). */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** What the button says: OIDC_NAME, or 'Google' for Google's issuer, or the issuer's host. */
  name: string;
};

/** Used only outside production, so a fresh clone signs people in without set-up. */
const DEV_AUTH_SECRET = 'toque-dev-secret-not-for-production-0123456789';

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** A PostgreSQL server; when absent the embedded PGlite under dataDir is used. */
  databaseUrl: string | undefined;
  rootDir: string;
  dataDir: string;
  /** The built SPA (dist/client unless CLIENT_DIR says otherwise). */
  clientDir: string;
  /** The site's public origin, used for canonical links, Open Graph, the sitemap and e-mails' links. */
  publicUrl: string;
  /**
   * PUBLIC_URL was set. Unset (a fresh clone, a phone on the same network), a write is same-origin
   * when it comes from the address the request itself was sent to (http/csrf.ts), and the session
   * cookie is not marked Secure: the site is then served over plain HTTP, where a browser at
   * http://192.168.x.y would refuse a Secure cookie.
   */
  publicUrlSet: boolean;
  /** Session and sign-in cookies marked Secure (and named __Secure-…): production with PUBLIC_URL set. */
  secureCookies: boolean;
  logLevel: z.infer<typeof schema>['LOG_LEVEL'];
  seedOnEmpty: boolean;
  /** Signs session cookies and encrypts the auth library's secrets. */
  authSecret: string;
  /**
   * Addresses of the reverse proxies in front of the server. Only a request whose socket comes from
   * one of them has its X-Forwarded-For believed; empty: the socket address is the client's.
   */
  trustedProxies: string[];
  /** smtp:// or smtps:// URL of the mail server; unset: e-mails go to the outbox table and the log. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** null: no identity-provider sign-in (the button is hidden). */
  identityProvider: IdentityProviderConfig | null;
  payments: PaymentsConfig;
  /** Who sells, as receipts print it, and how the seller is registered for sales taxes. */
  seller: SellerConfig;
  booking: BookingConfig;
  /** Recorded courses' videos: the largest upload taken, in bytes (VIDEO_MAX_MB). */
  videoMaxBytes: number;
  /** Québec's Law 25: the person in charge of personal information, named on the privacy page. */
  privacyOfficer: { name: string; email: string };
  /** Bearer token /metrics asks for; unset: /metrics answers only requests from 127.0.0.1 / ::1. */
  metricsToken: string | undefined;
  /**
   * On SIGTERM, how long the server keeps serving while /readyz answers 503, so that a load
   * balancer sees it and stops sending before the listener closes (SHUTDOWN_DRAIN_SECONDS).
   */
  shutdownDrainMs: number;
  /**
   * Tests only: the instant the server's clock shows when the process starts (TEST_CLOCK_START,
   * refused unless ALLOW_TEST_CLOCK=true); null: the system clock, always so in production.
   */
  testClockStart: Date | null;
};

export type BookingConfig = {
  /** Taken off a live class's price for a buyer with an active subscription; 0: no discount. */
  subscriberDiscountPercent: number;
};

export type PaymentsConfig =
  | {
      provider: 'sandbox';
      /** Signs the sandbox's events exactly as Stripe signs its own. */
      webhookSecret: string;
      /** Where the sandbox delivers its events: this server's own webhook endpoint. */
      webhookUrl: string;
    }
  | {
      provider: 'stripe';
      secretKey: string;
      publishableKey: string;
      webhookSecret: string;
      /** Where the Stripe API is reached when not api.stripe.com (stripe-mock, the browser journeys' stand-in). */
      endpoint?: { host: string; port: number; protocol: 'http' | 'https' };
    };

export type SellerConfig = {
  name: string;
  address: string;
  taxMode: 'registered' | 'not_registered';
  gstNumber: string;
  qstNumber: string;
  pstRegistrations: ('BC' | 'MB' | 'SK')[];
};

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const detail = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Configuration invalide : ${detail}`);
  }
  const e = parsed.data;
  const rootDir = findRootDir();
  const dataDir = path.resolve(rootDir, e.DATA_DIR ?? 'data');
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    rootDir,
    dataDir,
    clientDir: path.resolve(rootDir, e.CLIENT_DIR ?? 'dist/client'),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    publicUrlSet: e.PUBLIC_URL !== undefined,
    secureCookies: e.NODE_ENV === 'production' && e.PUBLIC_URL !== undefined,
    logLevel: e.LOG_LEVEL,
    seedOnEmpty: seedOnEmptyOf(e),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    trustedProxies: (e.TRUSTED_PROXY ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    authSecret: e.AUTH_SECRET ?? (e.NODE_ENV === 'production' ? storedSecret(dataDir) : DEV_AUTH_SECRET),
    identityProvider: identityProviderConfig(e),
    payments: paymentsConfig(e),
    seller: sellerConfig(e),
    booking: { subscriberDiscountPercent: e.SUBSCRIBER_LIVE_DISCOUNT_PERCENT },
    videoMaxBytes: e.VIDEO_MAX_MB * 1024 * 1024,
    privacyOfficer: { name: e.PRIVACY_OFFICER_NAME, email: e.PRIVACY_OFFICER_EMAIL },
    metricsToken: e.METRICS_TOKEN,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_SECONDS * 1000,
    testClockStart: testClockStart(e),
  };
}

/** STRIPE_API_URL as the SDK takes it: a bare origin (the SDK adds /v1/… itself). */
function stripeEndpoint(value: string): { host: string; port: number; protocol: 'http' | 'https' } {
  const url = new URL(value);
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.pathname !== '/' || url.search || url.username) {
    throw new Error('Configuration invalide : STRIPE_API_URL doit être une origine http(s)://hôte[:port], sans chemin.');
  }
  const protocol = url.protocol === 'https:' ? 'https' : 'http';
  return { host: url.hostname, port: url.port ? Number(url.port) : protocol === 'https' ? 443 : 80, protocol };
}

/**
 * A pinned clock makes every date the server writes (orders, receipts, reservations) false: it is
 * for test runs only, and a deployment that sets it by mistake must not start.
 */
function testClockStart(e: z.infer<typeof schema>): Date | null {
  if (!e.TEST_CLOCK_START) return null;
  if (e.ALLOW_TEST_CLOCK !== 'true') {
    throw new Error(
      "Configuration invalide : TEST_CLOCK_START fixe l'horloge du serveur pour les tests ; il n'est accepté qu'avec ALLOW_TEST_CLOCK=true, jamais en production.",
    );
  }
  return new Date(e.TEST_CLOCK_START);
}

/**
 * Production on a real database (NODE_ENV=production with DATABASE_URL) fails closed: no demo data
 * and no test payments unless asked for by name (docs/decisions/0029-fail-closed.md). The embedded
 * database of `npm install && npm start` keeps its demo and its sandbox.
 */
const realSite = (e: z.infer<typeof schema>) => e.NODE_ENV === 'production' && e.DATABASE_URL !== undefined;

/** The README's demo accounts are seeded into an empty database: by default only off a real site. */
function seedOnEmptyOf(e: z.infer<typeof schema>): boolean {
  return e.SEED_ON_EMPTY === undefined ? !realSite(e) : e.SEED_ON_EMPTY === 'true';
}

/** The payment processor: the sandbox by default, except on a real site, which must name one. */
function paymentProviderOf(e: z.infer<typeof schema>): 'sandbox' | 'stripe' {
  if (e.PAYMENT_PROVIDER) return e.PAYMENT_PROVIDER;
  if (realSite(e)) {
    throw new Error(
      'Configuration invalide : en production avec DATABASE_URL, nommez le processeur de paiement dans PAYMENT_PROVIDER — ' +
        'PAYMENT_PROVIDER=stripe (avec STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY et STRIPE_WEBHOOK_SECRET) pour encaisser de vrais paiements, ' +
        'ou PAYMENT_PROVIDER=sandbox pour un site d’essai aux paiements fictifs. Le serveur ne démarre pas sans ce choix.',
    );
  }
  return 'sandbox';
}

function paymentsConfig(e: z.infer<typeof schema>): PaymentsConfig {
  if (paymentProviderOf(e) === 'stripe') {
    const { STRIPE_SECRET_KEY: secretKey, STRIPE_PUBLISHABLE_KEY: publishableKey, STRIPE_WEBHOOK_SECRET: webhookSecret } = e;
    if (!secretKey || !publishableKey || !webhookSecret) {
      throw new Error(
        'Configuration invalide : PAYMENT_PROVIDER=stripe demande STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY et STRIPE_WEBHOOK_SECRET.',
      );
    }
    return { provider: 'stripe', secretKey, publishableKey, webhookSecret, ...(e.STRIPE_API_URL ? { endpoint: stripeEndpoint(e.STRIPE_API_URL) } : {}) };
  }
  const port = e.PORT;
  return {
    provider: 'sandbox',
    // Test money only: a fixed default is harmless, and lets every instance verify the others' events.
    webhookSecret: e.SANDBOX_WEBHOOK_SECRET ?? 'whsec_toque_sandbox_test_only',
    webhookUrl: e.SANDBOX_WEBHOOK_URL ?? `http://127.0.0.1:${port}/api/payments/webhook`,
  };
}

function sellerConfig(e: z.infer<typeof schema>): SellerConfig {
  const pst = e.PST_REGISTRATIONS.split(',')
    .map((s) => s.trim().toUpperCase())
    .filter(Boolean);
  for (const code of pst) {
    if (!['BC', 'MB', 'SK'].includes(code)) {
      throw new Error(`Configuration invalide : PST_REGISTRATIONS n'accepte que BC, MB et SK (reçu « ${code} »).`);
    }
  }
  return {
    name: e.SELLER_NAME,
    address: e.SELLER_ADDRESS,
    taxMode: e.TAX_MODE,
    gstNumber: e.GST_NUMBER,
    qstNumber: e.QST_NUMBER,
    pstRegistrations: pst as SellerConfig['pstRegistrations'],
  };
}

function identityProviderConfig(e: z.infer<typeof schema>): IdentityProviderConfig | null {
  const { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: clientId, OIDC_CLIENT_SECRET: clientSecret } = e;
  if (!issuer && !clientId && !clientSecret) return null;
  if (!issuer || !clientId || !clientSecret) {
    throw new Error('Configuration invalide : OIDC_ISSUER, OIDC_CLIENT_ID et OIDC_CLIENT_SECRET vont ensemble (les trois ou aucun).');
  }
  const name = e.OIDC_NAME ?? (issuer.replace(/\/$/, '') === GOOGLE_ISSUER ? 'Google' : new URL(issuer).host);
  return { issuer, clientId, clientSecret, name };
}

/**
 * Production without AUTH_SECRET: a random secret kept in DATA_DIR/auth-secret (created once, mode 0600),
 * so `npm start` works on a fresh machine and no known default ever signs a production cookie.
 * Several instances must share AUTH_SECRET (or the same DATA_DIR).
 */
function storedSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
  return secret;
}
