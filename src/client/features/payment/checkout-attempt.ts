// One checkout attempt per set of courses, remembered in this tab (sessionStorage): a reload, or
// coming back from the result page, sends the same idempotency key and so gets the same order
// instead of a second one. Forgotten once that order is paid, or when the server says it can no
// longer be paid. A live class's attempt belongs to its seat hold too: a new hold (the old one
// lapsed or was given back) is a new attempt, never the order made for the old seat. A code typed in
// « Carte-cadeau ou code promo » is part of the attempt too: the order with the code is another
// order (the one without stays until its window closes it), and removing the code finds the first.
// « Utiliser mon crédit » likewise: the order the credit pays is another attempt than the one without.
import type { CheckoutInput } from '@shared/schemas/checkout';

type Items = CheckoutInput['items'];
type Attempt = { key: string; orderId: string | null };

const PREFIX = 'toque:checkout:';

/** The same courses (and sessions), in any order, under the same hold, with the same code and credit choice, are the same checkout. */
export function attemptName(items: Items, holdId?: string, code?: string, useCredit?: boolean): string {
  const promo = code?.trim() ? `|${code.trim().toUpperCase()}` : '';
  return (
    PREFIX + items.map((i) => `${i.courseId}${i.sessionId ? `@${i.sessionId}` : ''}`).sort().join(',') + (holdId ? `#${holdId}` : '') + promo + (useCredit ? '+credit' : '')
  );
}

function store(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

function read(name: string): Attempt | null {
  try {
    const value = JSON.parse(store()?.getItem(name) ?? 'null') as Attempt | null;
    return value && typeof value.key === 'string' && value.key.length >= 8 ? value : null;
  } catch {
    return null;
  }
}

function write(name: string, attempt: Attempt): void {
  try {
    store()?.setItem(name, JSON.stringify(attempt));
  } catch {
    // Without storage a reload simply starts a new attempt; the server still never charges twice.
  }
}

export function newIdempotencyKey(): string {
  // randomUUID exists only in secure contexts; getRandomValues everywhere.
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The key of this checkout: the remembered one, or a new one remembered from now on. */
export function checkoutKey(items: Items, holdId?: string, code?: string, useCredit?: boolean): string {
  const name = attemptName(items, holdId, code, useCredit);
  const existing = read(name);
  if (existing) return existing.key;
  const key = newIdempotencyKey();
  write(name, { key, orderId: null });
  return key;
}

export function rememberOrder(items: Items, key: string, orderId: string, holdId?: string, code?: string, useCredit?: boolean): void {
  write(attemptName(items, holdId, code, useCredit), { key, orderId });
}

/** Starts over with a fresh key (the old order cannot be paid any more). */
export function renewCheckoutKey(items: Items, holdId?: string, code?: string, useCredit?: boolean): string {
  const key = newIdempotencyKey();
  write(attemptName(items, holdId, code, useCredit), { key, orderId: null });
  return key;
}

/** Forgets every attempt that made this order (called once it is paid). */
export function forgetOrder(orderId: string): void {
  const s = store();
  if (!s) return;
  for (let i = s.length - 1; i >= 0; i--) {
    const name = s.key(i);
    if (name?.startsWith(PREFIX) && read(name)?.orderId === orderId) s.removeItem(name);
  }
}
