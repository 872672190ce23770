// Delivers the sandbox's queued events to the webhook URL, as Stripe delivers its own: a POST of the
// event JSON with a `Stripe-Signature` header (t=…,v1=HMAC-SHA256 with the sandbox secret), at least
// once, retried with exponential backoff while the endpoint does not answer 2xx, then given up.
//
// Started by index.ts (never by createApp: no I/O there) and stopped on shutdown. Tests call
// deliverDue() themselves, with their own `send` (the test app's request) and, to play the
// webhook's worst cases, duplicates and reversed order.
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { Deps } from '../../../deps';
import { signStripePayload } from '../stripe-events';
import * as repo from './repository';
import { onEventsQueued } from './signal';

export type WebhookRequest = { url: string; headers: Record<string, string>; body: string };
export type SendWebhook = (request: WebhookRequest) => Promise<{ status: number }>;

export type DeliveryOptions = {
  url: string;
  secret: string;
  /** How a request is sent; default: fetch with a timeout. */
  send?: SendWebhook;
  /** Tries per event before giving up (Stripe keeps trying for three days; a test processor need not). */
  maxAttempts?: number;
  /** The first retry waits this long, each next one twice as long, up to maxDelayMs. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  batchSize?: number;
  /** How often the worker looks for due events (retries, other instances' events). */
  pollMs?: number;
  /** How long a claimed event is hidden from other workers while its delivery runs. */
  leaseMs?: number;
  timeoutMs?: number;
};

export type DeliverOptions = {
  send?: SendWebhook;
  /** Send each event this many times at once (at-least-once delivery, played hard). */
  duplicates?: number;
  /** Send the batch newest first (Stripe guarantees no order). */
  reverse?: boolean;
};

export type DeliveryReport = {
  delivered: string[];
  failed: { id: string; attempts: number; error: string; nextAttemptAt: Date | null }[];
};

export const DELIVERY_DEFAULTS = {
  maxAttempts: 10,
  baseDelayMs: 2_000,
  maxDelayMs: 10 * 60_000,
  batchSize: 20,
  pollMs: 1_000,
  leaseMs: 60_000,
  timeoutMs: 10_000,
};

/** The wait before try number `attempts + 1`: 2 s, 4 s, 8 s… at most maxDelayMs. */
export function backoffDelay(attempts: number, baseDelayMs: number, maxDelayMs: number): number {
  return Math.min(baseDelayMs * 2 ** Math.max(0, attempts - 1), maxDelayMs);
}

/**
 * node:http rather than fetch: fetch refuses the ports the Fetch standard calls unsafe (6000, 4190…),
 * and the sandbox must reach this server on whatever PORT it was given.
 */
function httpSender(timeoutMs: number): SendWebhook {
  return ({ url, headers, body }) =>
    new Promise((resolve, reject) => {
      const target = new URL(url);
      const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
      const req = send(target, { method: 'POST', headers: { ...headers, 'content-length': Buffer.byteLength(body) }, timeout: timeoutMs }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0 }));
        res.on('error', reject);
      });
      req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
      req.on('error', reject);
      req.end(body);
    });
}

export function createSandboxDelivery(deps: Pick<Deps, 'database' | 'logger' | 'now'>, options: DeliveryOptions) {
  const o = { ...DELIVERY_DEFAULTS, ...options };
  const defaultSend = options.send ?? httpSender(o.timeoutMs);
  const db = () => deps.database.db;

  function request(payload: unknown): WebhookRequest {
    const body = JSON.stringify(payload);
    const timestamp = Math.floor(deps.now().getTime() / 1000);
    return {
      url: o.url,
      body,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': signStripePayload(body, o.secret, timestamp),
        'user-agent': 'Toque-Sandbox/1.0 (+https://docs.stripe.com/webhooks)',
      },
    };
  }

  /** One send; a network error or a non-2xx answer is a failure with its reason. */
  async function attempt(send: SendWebhook, payload: unknown): Promise<string | null> {
    try {
      const { status } = await send(request(payload));
      return status >= 200 && status < 300 ? null : `HTTP ${status}`;
    } catch (err) {
      return (err as Error).message || String(err);
    }
  }

  async function deliverEvent(event: repo.OutboxEvent, send: SendWebhook, duplicates: number, report: DeliveryReport) {
    const results = await Promise.all(Array.from({ length: duplicates }, () => attempt(send, event.payload)));
    const attempts = event.attempts + 1;
    const error = results.every((r) => r !== null) ? results[0]! : null;
    if (error === null) {
      await repo.markDelivered(db(), event.id, attempts, deps.now());
      report.delivered.push(event.id);
      return;
    }
    const nextAttemptAt = attempts >= o.maxAttempts ? null : new Date(deps.now().getTime() + backoffDelay(attempts, o.baseDelayMs, o.maxDelayMs));
    await repo.markFailed(db(), event.id, attempts, nextAttemptAt, error);
    report.failed.push({ id: event.id, attempts, error, nextAttemptAt });
    const log = { eventId: event.id, type: event.type, attempts, error, nextAttemptAt };
    if (nextAttemptAt) deps.logger.warn(log, 'sandbox : échec de livraison du webhook, nouvel essai prévu');
    else deps.logger.error(log, 'sandbox : livraison du webhook abandonnée');
  }

  /** Delivers every event due now (batch after batch); what fails is scheduled again. */
  async function deliverDue(opts: DeliverOptions = {}): Promise<DeliveryReport> {
    const send = opts.send ?? defaultSend;
    const report: DeliveryReport = { delivered: [], failed: [] };
    for (let batch = 0; batch < 100; batch++) {
      const now = deps.now();
      const events = await repo.claimDueEvents(db(), now, new Date(now.getTime() + o.leaseMs), o.batchSize);
      if (events.length === 0) break;
      if (opts.reverse) events.reverse();
      for (const event of events) await deliverEvent(event, send, Math.max(1, opts.duplicates ?? 1), report);
    }
    return report;
  }

  let running = false;
  let timer: NodeJS.Timeout | null = null;
  let current: Promise<void> | null = null;
  let wokenWhileBusy = false;
  let unsubscribe: (() => void) | null = null;

  function schedule(delayMs: number) {
    if (!running) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(run, delayMs);
    timer.unref();
  }

  function run() {
    timer = null;
    if (!running) return;
    if (current) {
      wokenWhileBusy = true;
      return;
    }
    current = deliverDue()
      .then(() => undefined)
      .catch((err: unknown) => deps.logger.error({ err }, 'sandbox : erreur du livreur de webhooks'))
      .finally(() => {
        current = null;
        const again = wokenWhileBusy;
        wokenWhileBusy = false;
        schedule(again ? 0 : o.pollMs);
      });
  }

  return {
    deliverDue,

    start() {
      if (running) return;
      running = true;
      unsubscribe = onEventsQueued(() => (current ? (wokenWhileBusy = true) : schedule(0)));
      schedule(0);
    },

    /**
     * Anything left that could deliver: started, a poll planned, a delivery under way, or listening
     * for queued events. False once stop() has resolved (what a test checks, rather than waiting).
     */
    get active(): boolean {
      return running || timer !== null || current !== null || unsubscribe !== null;
    },

    /** Stops polling and waits for the delivery in progress (call before closing the database). */
    async stop() {
      running = false;
      unsubscribe?.();
      unsubscribe = null;
      if (timer) clearTimeout(timer);
      timer = null;
      await current;
    },
  };
}

export type SandboxDelivery = ReturnType<typeof createSandboxDelivery>;
