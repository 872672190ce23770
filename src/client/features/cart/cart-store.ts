// The cart: local storage under the key 'cart' (spec §3), read through one small store so the
// header badge, the course page and /panier agree, in this tab and in the others (storage event).
// Kept free of zod and of the checkout contract module: the header, which shows the count, is
// part of every page's first load.
import { useSyncExternalStore } from 'react';
import { parseCart, type CartItem } from './cart-item';

/** Same value as CART_STORAGE_KEY in @shared/schemas/checkout (a unit test holds them together). */
export const CART_KEY = 'cart';

type Listener = () => void;
const listeners = new Set<Listener>();

const EMPTY: CartItem[] = [];
let cachedRaw: string | null = null;
let cachedItems: CartItem[] = EMPTY;
/** Where the cart lives when the browser refuses storage (private modes, quotas): this tab only. */
let memoryRaw: string | null = null;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function readRaw(): string | null {
  const store = storage();
  if (!store) return memoryRaw;
  try {
    return store.getItem(CART_KEY);
  } catch {
    return memoryRaw;
  }
}

/** The current lines; the same array as long as the stored text has not changed. */
export function getCart(): CartItem[] {
  const raw = readRaw();
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedItems = raw ? parseCart(raw) : EMPTY;
  }
  return cachedItems;
}

function write(items: CartItem[]): void {
  const raw = JSON.stringify(items);
  memoryRaw = raw;
  const store = storage();
  try {
    store?.setItem(CART_KEY, raw);
  } catch {
    // Full or refused: the memory copy still serves this tab.
  }
  emit();
}

function emit(): void {
  for (const listener of listeners) listener();
}

function onStorage(event: StorageEvent): void {
  // event.key is null when another tab cleared the whole storage.
  if (event.key === CART_KEY || event.key === null) emit();
}

export function subscribeCart(listener: Listener): () => void {
  if (listeners.size === 0 && typeof window !== 'undefined') window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && typeof window !== 'undefined') window.removeEventListener('storage', onStorage);
  };
}

export function isInCart(courseId: string): boolean {
  return getCart().some((item) => item.id === courseId);
}

/** Adds the course at the end; false (and nothing changed) when it is already there (spec §4). */
export function addToCart(item: CartItem): boolean {
  // A live class is booked from its page (a session to choose), never put in the cart.
  if (item.is_live) return false;
  const items = getCart();
  if (items.some((i) => i.id === item.id)) return false;
  write([...items, item]);
  return true;
}

/** Removes these courses (a paid order's, or one line); true when something was removed. */
export function removeFromCart(...courseIds: string[]): boolean {
  const items = getCart();
  const next = items.filter((i) => !courseIds.includes(i.id));
  if (next.length === items.length) return false;
  write(next);
  return true;
}

/** Updates a line's informative price to the one the server charged. */
export function updateCartPrice(courseId: string, price: number): void {
  const items = getCart();
  if (!items.some((i) => i.id === courseId && i.price !== price)) return;
  write(items.map((i) => (i.id === courseId ? { ...i, price } : i)));
}

export function useCart(): CartItem[] {
  return useSyncExternalStore(subscribeCart, getCart, () => EMPTY);
}

export function useCartCount(): number {
  return useSyncExternalStore(subscribeCart, () => getCart().length, () => 0);
}
