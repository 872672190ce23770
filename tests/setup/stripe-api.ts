// A small local HTTP server standing in for api.stripe.com, so the Stripe adapter's real SDK
// calls can be checked without network: it records each request (method, path, headers, the
// form-encoded body) and answers with what the test gives for that path. A path may name its
// variable parts (`/v1/payment_intents/:id`). Like api.stripe.com it answers any origin (Stripe.js
// calls it from the buyer's browser), so a browser journey can reach it too.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type RecordedRequest = {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  /** The form body as Stripe encodes it: 'metadata[order_id]' → value. */
  form: Record<string, string>;
  /** The path's named parts, when the handler's path has some (`:id`). */
  params: Record<string, string>;
};

export type StripeReply = { status?: number; body: unknown; headers?: Record<string, string> };
export type StripeHandler = (req: RecordedRequest, attempt: number) => StripeReply | Promise<StripeReply>;

/** `pattern`'s named parts in `path`, or null when the path is not one of it. */
function matchPath(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    if (want[i]!.startsWith(':')) params[want[i]!.slice(1)] = decodeURIComponent(got[i]!);
    else if (want[i] !== got[i]) return null;
  }
  return params;
}

const CORS = { 'access-control-allow-origin': '*' };

export async function startStripeApi() {
  const requests: RecordedRequest[] = [];
  const handlers = new Map<string, StripeHandler>();
  const attempts = new Map<string, number>();

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      if (req.method === 'OPTIONS') {
        res.writeHead(204, { ...CORS, 'access-control-allow-headers': req.headers['access-control-request-headers'] ?? '', 'access-control-allow-methods': 'GET, POST, DELETE' });
        res.end();
        return;
      }
      const url = new URL(req.url ?? '/', 'http://stripe.test');
      const raw = Buffer.concat(chunks).toString('utf8');
      const form = Object.fromEntries(new URLSearchParams(req.method === 'GET' || req.method === 'DELETE' ? url.search : raw));
      const method = req.method ?? 'GET';
      let params: Record<string, string> = {};
      let key = `${method} ${url.pathname}`;
      let handler = handlers.get(key);
      if (!handler) {
        for (const [pattern, h] of handlers) {
          const [m, p] = pattern.split(' ') as [string, string];
          const found = m === method ? matchPath(p, url.pathname) : null;
          if (found) {
            [key, handler, params] = [pattern, h, found];
            break;
          }
        }
      }
      const recorded: RecordedRequest = { method, path: url.pathname, headers: req.headers, form, params };
      requests.push(recorded);
      const attempt = (attempts.get(key) ?? 0) + 1;
      attempts.set(key, attempt);
      let reply: StripeReply;
      try {
        reply = handler
          ? await handler(recorded, attempt)
          : { status: 404, body: { error: { type: 'invalid_request_error', message: `No stand-in for ${key}` } } };
      } catch (err) {
        reply = { status: 500, body: { error: { type: 'api_error', message: `Stand-in failed: ${(err as Error).message}` } } };
      }
      res.writeHead(reply.status ?? 200, { 'content-type': 'application/json', 'request-id': `req_${requests.length}`, ...CORS, ...reply.headers });
      res.end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    endpoint: { host: '127.0.0.1', port, protocol: 'http' as const },
    requests,
    /** Answers `METHOD /v1/path` (or `/v1/things/:id`) with the handler's reply (attempt counts from 1 per path). */
    on(method: string, path: string, handler: StripeHandler) {
      handlers.set(`${method} ${path}`, handler);
      attempts.delete(`${method} ${path}`);
    },
    reset() {
      requests.length = 0;
      handlers.clear();
      attempts.clear();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type StripeApi = Awaited<ReturnType<typeof startStripeApi>>;

/** A PaymentIntent as Stripe returns it, reduced to the fields read. */
export function paymentIntentJson(values: { id: string; amount: number; status?: string; metadata?: Record<string, string>; last_payment_error?: unknown }) {
  return {
    id: values.id,
    object: 'payment_intent',
    amount: values.amount,
    amount_received: values.status === 'succeeded' ? values.amount : 0,
    currency: 'cad',
    status: values.status ?? 'requires_payment_method',
    client_secret: `${values.id}_secret_test`,
    metadata: values.metadata ?? {},
    last_payment_error: values.last_payment_error ?? null,
    latest_charge: null,
    livemode: false,
  };
}
