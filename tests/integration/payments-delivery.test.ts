// The sandbox's delivery worker over real HTTP (its default fetch sender): signed POSTs to the
// webhook URL, exponential backoff while the endpoint fails, giving up after its attempts, one
// delivery per event even with two workers, and the started worker delivering on its own.
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxEvents } from '../../src/server/db/schema';
import { backoffDelay, createSandboxDelivery } from '../../src/server/integrations/payments/sandbox';
import { createCourse } from '../factories';
import { newSignedInUser } from '../setup/auth-client';
import { checkout, confirm, getOrder, sandboxSecret, setProvince, SUCCESS_CARD, WEBHOOK } from '../setup/payments';
import { createTestApp, type TestApp } from '../setup/test-app';
import { testNow } from '../setup/test-clock';

let clock = testNow().getTime();
let t: TestApp;
let courseId: string;

/** A real HTTP endpoint in front of the app's webhook: fails the next `failures` requests with 503. */
let failures = 0;
const received: { signature: string | null; contentType: string | null; body: string }[] = [];
let endpoint: ServerType;
let url: string;

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock) });
  courseId = (await createCourse(t.db, { title: 'Soupe aux pois', isLive: false, priceCents: 1500 })).id;
  endpoint = serve({
    port: 0,
    hostname: '127.0.0.1',
    fetch: async (req) => {
      const body = await req.text();
      received.push({ signature: req.headers.get('stripe-signature'), contentType: req.headers.get('content-type'), body });
      if (failures > 0) {
        failures--;
        return new Response('indisponible', { status: 503 });
      }
      return t.app.fetch(new Request(new URL(WEBHOOK, 'http://toque.test'), { method: 'POST', headers: req.headers, body }));
    },
  });
  await new Promise<void>((resolve) => endpoint.once('listening', () => resolve()));
  url = `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}${WEBHOOK}`;
});
afterAll(async () => {
  await new Promise((resolve) => endpoint.close(resolve));
  await t.close();
});

async function paidAtProcessor() {
  const user = await newSignedInUser(t, 'Denis Livreur');
  await setProvince(t, user.id, 'QC');
  const { body } = await checkout(t, user.cookie, { items: [{ courseId }] });
  await confirm(t, user.cookie, body.payment!, SUCCESS_CARD);
  const [event] = await t.db
    .select()
    .from(sandboxEvents)
    .where(sql`${sandboxEvents.payload} -> 'data' -> 'object' ->> 'id' = ${body.payment!.paymentId}`);
  return { user, order: body.order, eventId: event!.id };
}

const eventRow = async (id: string) => (await t.db.select().from(sandboxEvents).where(eq(sandboxEvents.id, id)))[0]!;
const worker = (opts: { maxAttempts?: number; url?: string } = {}) => createSandboxDelivery(t.deps, { url, secret: sandboxSecret(t), ...opts });

describe('backoff', () => {
  it('doubles from 2 s and stops growing at 10 minutes', () => {
    expect([1, 2, 3, 4, 10, 20].map((n) => backoffDelay(n, 2_000, 600_000))).toEqual([2_000, 4_000, 8_000, 16_000, 600_000, 600_000]);
  });
});

describe('delivery over HTTP', () => {
  it('sends a Stripe-signed JSON POST that the Stripe SDK itself verifies', async () => {
    const { eventId } = await paidAtProcessor();
    received.length = 0;
    await worker().deliverDue();
    const [req] = received;
    expect(req!.contentType).toBe('application/json; charset=utf-8');
    const event = Stripe.webhooks.constructEvent(req!.body, req!.signature!, sandboxSecret(t), 300, undefined, clock);
    expect(event).toMatchObject({ id: eventId, object: 'event', type: 'payment_intent.succeeded', livemode: false });
    expect(await eventRow(eventId)).toMatchObject({ attempts: 1, deliveredAt: new Date(clock), nextAttemptAt: null, lastError: null });
  });

  it("reaches a server on a port fetch() calls unsafe (PORT=6666 must work as well as 3000)", async () => {
    // The same endpoint, forwarded from one of the Fetch standard's blocked ports (6665–6669).
    let relay: ServerType | null = null;
    for (const port of [6665, 6666, 6667, 6668, 6669]) {
      const candidate = serve({ port, hostname: '127.0.0.1', fetch: (req) => fetch(new Request(url, req)) });
      const ok = await new Promise<boolean>((resolve) => {
        candidate.once('listening', () => resolve(true));
        candidate.once('error', () => resolve(false));
      });
      if (ok) {
        relay = candidate;
        break;
      }
    }
    if (!relay) throw new Error('ports 6665–6669 all taken on this machine');
    try {
      const { eventId } = await paidAtProcessor();
      received.length = 0;
      await worker({ url: `http://127.0.0.1:${(relay.address() as AddressInfo).port}${WEBHOOK}` }).deliverDue();
      expect(received).toHaveLength(1);
      expect(await eventRow(eventId)).toMatchObject({ attempts: 1, deliveredAt: new Date(clock), lastError: null });
    } finally {
      await new Promise((resolve) => relay!.close(resolve));
    }
  });

  it('retries a failing endpoint after 2 s, then 4 s, and the order is paid once it answers', async () => {
    const { user, order, eventId } = await paidAtProcessor();
    failures = 2;
    const delivery = worker();

    const first = await delivery.deliverDue();
    expect(first.failed).toEqual([{ id: eventId, attempts: 1, error: 'HTTP 503', nextAttemptAt: new Date(clock + 2_000) }]);
    // Not due yet: nothing is sent.
    received.length = 0;
    clock += 1_999;
    expect(await delivery.deliverDue()).toEqual({ delivered: [], failed: [] });
    expect(received).toHaveLength(0);

    clock += 1;
    const second = await delivery.deliverDue();
    expect(second.failed).toEqual([{ id: eventId, attempts: 2, error: 'HTTP 503', nextAttemptAt: new Date(clock + 4_000) }]);
    expect((await getOrder(t, user.cookie, order.id)).body.order.status).toBe('pending');

    clock += 4_000;
    expect((await delivery.deliverDue()).delivered).toEqual([eventId]);
    expect(await eventRow(eventId)).toMatchObject({ attempts: 3, deliveredAt: new Date(clock), lastError: null });
    expect((await getOrder(t, user.cookie, order.id)).body.order.status).toBe('paid');
  });

  it('gives up after its last attempt, keeping the reason', async () => {
    const { eventId } = await paidAtProcessor();
    failures = 100;
    const delivery = worker({ maxAttempts: 3 });
    await delivery.deliverDue();
    clock += 2_000;
    await delivery.deliverDue();
    clock += 4_000;
    const last = await delivery.deliverDue();
    expect(last.failed).toEqual([{ id: eventId, attempts: 3, error: 'HTTP 503', nextAttemptAt: null }]);
    clock += 3_600_000;
    expect(await delivery.deliverDue()).toEqual({ delivered: [], failed: [] });
    expect(await eventRow(eventId)).toMatchObject({ attempts: 3, deliveredAt: null, nextAttemptAt: null, lastError: 'HTTP 503' });
    failures = 0;
  });

  it('an endpoint that cannot be reached is a failure to retry, not a crash', async () => {
    const { eventId } = await paidAtProcessor();
    const closed = serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response('') });
    await new Promise<void>((resolve) => closed.once('listening', () => resolve()));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const report = await worker({ url: `http://127.0.0.1:${port}${WEBHOOK}` }).deliverDue();
    expect(report.failed).toEqual([{ id: eventId, attempts: 1, error: expect.any(String), nextAttemptAt: new Date(clock + 2_000) }]);
    clock += 2_000;
    expect((await worker().deliverDue()).delivered).toEqual([eventId]);
  });

  it('two workers at once deliver each event once', async () => {
    const a = await paidAtProcessor();
    const b = await paidAtProcessor();
    received.length = 0;
    const [r1, r2] = await Promise.all([worker().deliverDue(), worker().deliverDue()]);
    expect([...r1.delivered, ...r2.delivered].sort()).toEqual([a.eventId, b.eventId].sort());
    expect(received.map((r) => (JSON.parse(r.body) as { id: string }).id).sort()).toEqual([a.eventId, b.eventId].sort());
  });
});

/** How long the worker may take on a busy machine (it polls every 20 ms; CI shares two cores). */
const WAIT_MS = 15_000;

/** The order's status once it is `status`, or as it stands after WAIT_MS. */
async function statusOnceSettled(cookie: string, orderId: string, status: string): Promise<string> {
  for (const deadline = Date.now() + WAIT_MS; ; ) {
    const current = (await getOrder(t, cookie, orderId)).body.order.status;
    if (current === status || Date.now() > deadline) return current;
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('the started worker', () => {
  it('delivers as soon as the processor queues an event, retries on its own, and stops cleanly', async () => {
    const delivery = createSandboxDelivery(t.deps, { url, secret: sandboxSecret(t), baseDelayMs: 50, pollMs: 20 });
    delivery.start();
    try {
      const { user, order } = await paidAtProcessor();
      expect(await statusOnceSettled(user.cookie, order.id, 'paid')).toBe('paid');

      // A failing endpoint: the worker's own retries get it through once the clock passes the backoff.
      failures = 1;
      const second = await paidAtProcessor();
      // The clock moves only once the worker has recorded the failure and its next attempt's time:
      // moved as soon as the endpoint refused, it could pass before the worker read it (seen in CI on
      // a busy machine), and the retry would fall due only after a clock that never moves again.
      let row = await eventRow(second.eventId);
      for (const deadline = Date.now() + WAIT_MS; !(row.attempts >= 1 && row.nextAttemptAt) && row.deliveredAt === null && Date.now() < deadline; row = await eventRow(second.eventId)) {
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(row.attempts).toBe(1);
      clock = Math.max(clock, row.nextAttemptAt!.getTime());
      expect(await statusOnceSettled(second.user.cookie, second.order.id, 'paid')).toBe('paid');
    } finally {
      await delivery.stop();
    }
    // Stopped: no poll planned, no delivery under way, no longer told of queued events…
    expect(delivery.active).toBe(false);
    // …so a new event (its wake-up signal sent) plans nothing: it waits for the next worker.
    const after = await paidAtProcessor();
    expect(delivery.active).toBe(false);
    expect(await eventRow(after.eventId)).toMatchObject({ attempts: 0, deliveredAt: null });
  });
});
