// A small local HTTP server standing in for api.stripe.com, so the Stripe adapter's real SDK
// calls can be checked without network: it records each request (method, path, headers, the
// form-encoded body) and answers with what the test gives for that path.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type RecordedRequest = {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  /** The form body as Stripe encodes it: 'metadata[order_id]' → value. */
  form: Record<string, string>;
};

export type StripeReply = { status?: number; body: unknown; headers?: Record<string, string> };
export type StripeHandler = (req: RecordedRequest, attempt: number) => StripeReply;

export async function startStripeApi() {
  const requests: RecordedRequest[] = [];
  const handlers = new Map<string, StripeHandler>();
  const attempts = new Map<string, number>();

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stripe.test');
      const raw = Buffer.concat(chunks).toString('utf8');
      const form = Object.fromEntries(new URLSearchParams(req.method === 'GET' ? url.search : raw));
      const recorded: RecordedRequest = { method: req.method ?? 'GET', path: url.pathname, headers: req.headers, form };
      requests.push(recorded);
      const key = `${recorded.method} ${recorded.path}`;
      const attempt = (attempts.get(key) ?? 0) + 1;
      attempts.set(key, attempt);
      const handler = handlers.get(key);
      const reply: StripeReply = handler
        ? handler(recorded, attempt)
        : { status: 404, body: { error: { type: 'invalid_request_error', message: `No stand-in for ${key}` } } };
      res.writeHead(reply.status ?? 200, { 'content-type': 'application/json', 'request-id': `req_${requests.length}`, ...reply.headers });
      res.end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    endpoint: { host: '127.0.0.1', port, protocol: 'http' as const },
    requests,
    /** Answers `METHOD /v1/path` with the handler's reply (attempt counts from 1 per path). */
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
