// Realtime in a real browser: a learner's open tab shows 'Réservation confirmée !' when the payment
// for their seat is confirmed — the real flow (hold, checkout, sandbox test card, the sandbox's
// signed event to the webhook, the NOTIFY in the confirming transaction, the SSE stream) — and the
// tab hears events again after its stream was cut and the browser reconnected. The tab reaches the
// server through a small TCP relay, as through a load balancer: cutting the relay's connections is
// the stream dropping (a proxy timing out, a server instance going away).
import net from 'node:net';
import type { Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HoldResponse } from '@shared/schemas/booking';
import type { CheckoutResponse, SandboxConfirmResponse } from '@shared/schemas/checkout';
import type { CourseResponse, CourseSummary } from '@shared/schemas/public';
import { callApi, getJson, seededCourses } from './api';
import { newPage, pageErrors, useBrowser } from './browser';
import { signUpLearner } from './session';
import { baseURL, dismissToasts, expectToast, visit, visitUrl } from './site';

useBrowser();

const TITLE = 'Réservation confirmée !';
const TEXT = 'Votre cours a bien été réservé. Consultez votre calendrier.';

/** A session with a seat left of each seeded live course that has one (a course is bought once). */
async function openSessions(): Promise<{ course: CourseSummary; sessionId: string }[]> {
  const live = (await seededCourses()).filter((c) => c.isLive && c.priceCents > 0);
  const found: { course: CourseSummary; sessionId: string }[] = [];
  for (const course of live) {
    const { course: detail } = await getJson<CourseResponse>(`/api/courses/${course.id}`);
    const session = detail.sessions.find((s) => s.seatsLeft > 0);
    if (session) found.push({ course, sessionId: session.id });
  }
  return found;
}

/**
 * Books a seat as the signed-in person of `page`'s context, through the API the booking and payment
 * screens call: hold, checkout, the sandbox's success card. The confirmation comes afterwards, when
 * the sandbox delivers its event to the webhook.
 */
async function bookAndPay(page: Page, courseId: string, sessionId: string) {
  const held = await callApi<HoldResponse>(page, 'POST', '/booking/holds', { sessionId });
  expect(held.status).toBe(201);
  const checkout = await callApi<CheckoutResponse>(page, 'POST', '/checkout', {
    items: [{ courseId, sessionId }],
    province: 'QC',
    idempotencyKey: `temps-reel-${sessionId}-${Date.now()}`,
  });
  expect(checkout.status, JSON.stringify(checkout.json)).toBe(201);
  const payment = checkout.json.payment;
  if (payment?.provider !== 'sandbox') throw new Error('the e2e server pays on the sandbox');
  const paid = await callApi<SandboxConfirmResponse>(page, 'POST', '/payments/sandbox/confirm', {
    paymentId: payment.paymentId,
    clientSecret: payment.clientSecret,
    method: { type: 'card', number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
  });
  expect(paid.json).toMatchObject({ error: null });
  expect(['succeeded', 'processing']).toContain(paid.json.status);
}

/** Resolves with the next answer to the tab's event stream request (its headers: the stream is open). */
function nextStreamOpening(page: Page): Promise<Response> {
  return page.waitForResponse((res) => new URL(res.url()).pathname === '/api/events', { timeout: 30_000 });
}

type Relay = { url: string; cut: () => void; close: () => Promise<void> };

/** A TCP relay to the e2e server on a port of its own; cut() drops every connection through it. */
async function startRelay(): Promise<Relay> {
  const target = new URL(baseURL);
  const sockets = new Set<net.Socket>();
  const track = (s: net.Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    s.on('error', () => s.destroy());
  };
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    track(client);
    track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    // Cookies are kept per host, not per port: the session cookie of 127.0.0.1 goes through the relay too.
    url: `http://127.0.0.1:${port}`,
    cut: () => sockets.forEach((s) => s.destroy()),
    close: () => {
      sockets.forEach((s) => s.destroy());
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

describe('a learner with the site open in a tab', () => {
  let tab: Page;
  let other: Page;
  let relay: Relay;
  let sessions: { course: CourseSummary; sessionId: string }[];

  beforeAll(async () => {
    sessions = await openSessions();
    if (sessions.length < 2) throw new Error('The seed should offer two live courses with a seat left');
    relay = await startRelay();
    tab = await newPage('desktop');
    await signUpLearner(tab, 'temps-reel', '/');
    const opened = nextStreamOpening(tab);
    await visitUrl(tab, `${relay.url}/cours`);
    expect((await opened).status()).toBe(200);
    // The payment happens in a second tab of the same browser (where the payment screens would be).
    other = await tab.context().newPage();
    await visit(other, '/');
  });
  afterAll(async () => {
    await tab?.context().close();
    await relay?.close();
  });

  it(`shows '${TITLE}' when the payment of their seat is confirmed, without reloading`, async () => {
    const { course, sessionId } = sessions[0]!;
    const url = tab.url();
    await bookAndPay(other, course.id, sessionId);
    await expectToast(tab, TITLE, TEXT);
    expect(tab.url()).toBe(url);
    await dismissToasts(tab);
  });

  it('hears events again after its stream was cut: the browser reconnects by itself', async () => {
    const reopened = nextStreamOpening(tab);
    relay.cut();
    // The server's `retry:` hint (3 s) is how long the browser waits before the new stream.
    expect((await reopened).status()).toBe(200);

    const { course, sessionId } = sessions[1]!;
    await bookAndPay(other, course.id, sessionId);
    await expectToast(tab, TITLE, TEXT);
    expect(pageErrors(tab)).toEqual([]);
  });
});
