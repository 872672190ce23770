// The cart store against a browser-shaped window (a Map-backed localStorage and a real EventTarget
// for the storage event), as in a tab.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CART_STORAGE_KEY } from '@shared/schemas/checkout';
import { cartSubtotalCents, parseCart, priceCents, toCartItem, type CartItem } from '@client/features/cart/cart-item';
import { addToCart, CART_KEY, getCart, isInCart, removeFromCart, subscribeCart, updateCartPrice } from '@client/features/cart/cart-store';
import { cartLinkLabel } from '@client/features/cart/components/CartCountBadge';

class MemoryStorage {
  map = new Map<string, string>();
  getItem(k: string) {
    return this.map.has(k) ? this.map.get(k)! : null;
  }
  setItem(k: string, v: string) {
    this.map.set(k, String(v));
  }
  removeItem(k: string) {
    this.map.delete(k);
  }
}

const item = (id: string, price: number, is_live = false): CartItem => ({ id, title: `Cours ${id}`, image_url: null, price, is_live });

let storage: MemoryStorage;
let target: EventTarget;

beforeEach(() => {
  storage = new MemoryStorage();
  target = new EventTarget();
  (globalThis as { window?: unknown }).window = {
    localStorage: storage,
    addEventListener: target.addEventListener.bind(target),
    removeEventListener: target.removeEventListener.bind(target),
  };
});

afterEach(() => {
  delete (globalThis as { window?: unknown }).window;
});

describe('cart lines', () => {
  it('uses the storage key of the checkout contract', () => {
    expect(CART_KEY).toBe(CART_STORAGE_KEY);
  });

  it('keeps the spec fields of a course, its price in CAD', () => {
    expect(toCartItem({ id: 'a', title: 'Pâtes fraîches', imageUrl: '/media/p.webp', priceCents: 4999, isLive: false })).toEqual({
      id: 'a',
      title: 'Pâtes fraîches',
      image_url: '/media/p.webp',
      price: 49.99,
      is_live: false,
    });
  });

  it('sums in cents, without binary fractions (spec §9: two decimals)', () => {
    expect(cartSubtotalCents([{ price: 0.1 }, { price: 0.2 }])).toBe(30);
    expect(cartSubtotalCents([item('a', 49.99), item('b', 35), item('c', 19.99)])).toBe(10498);
    expect(priceCents({ price: 29.9 })).toBe(2990);
  });

  it('reads back what it wrote, drops what it cannot read, and keeps a course once', () => {
    expect(parseCart(null)).toEqual([]);
    expect(parseCart('pas du json')).toEqual([]);
    expect(parseCart('{"id":"a"}')).toEqual([]);
    const raw = JSON.stringify([item('a', 10), { id: 'b', title: 'B', price: '12.50', is_live: true, image_url: '' }, { id: 'c' }, item('a', 99), 5]);
    expect(parseCart(raw)).toEqual([item('a', 10), { id: 'b', title: 'B', price: 12.5, is_live: true, image_url: null }]);
  });
});

describe('cart store', () => {
  it('adds once, refuses a course already there, removes, and writes local storage', () => {
    expect(addToCart(item('a', 10))).toBe(true);
    expect(addToCart(item('b', 20))).toBe(true);
    expect(addToCart(item('a', 10))).toBe(false);
    // A live class is booked from its page, never put in the cart.
    expect(addToCart(item('live', 95, true))).toBe(false);
    expect(getCart().map((i) => i.id)).toEqual(['a', 'b']);
    expect(isInCart('b')).toBe(true);
    expect(JSON.parse(storage.getItem('cart')!)).toHaveLength(2);

    expect(removeFromCart('a')).toBe(true);
    expect(removeFromCart('a')).toBe(false);
    expect(getCart().map((i) => i.id)).toEqual(['b']);
    expect(removeFromCart('b', 'zzz')).toBe(true);
    expect(getCart()).toEqual([]);
  });

  it('returns the same array while nothing changed (what useSyncExternalStore needs)', () => {
    addToCart(item('a', 10));
    expect(getCart()).toBe(getCart());
  });

  it('updates an informative price to what the server charged', () => {
    addToCart(item('a', 10));
    updateCartPrice('a', 12.5);
    expect(getCart()[0]!.price).toBe(12.5);
  });

  it("follows another tab's writes through the storage event", () => {
    let calls = 0;
    const stop = subscribeCart(() => calls++);
    storage.setItem('cart', JSON.stringify([item('x', 5)]));
    target.dispatchEvent(Object.assign(new Event('storage'), { key: 'cart' }));
    target.dispatchEvent(Object.assign(new Event('storage'), { key: 'favoris' }));
    expect(calls).toBe(1);
    expect(getCart().map((i) => i.id)).toEqual(['x']);
    stop();
    target.dispatchEvent(Object.assign(new Event('storage'), { key: 'cart' }));
    expect(calls).toBe(1);
  });

  it('notifies this tab on its own writes', () => {
    let calls = 0;
    const stop = subscribeCart(() => calls++);
    addToCart(item('a', 10));
    removeFromCart('a');
    stop();
    expect(calls).toBe(2);
  });

  it('names the header link with the count', () => {
    expect(cartLinkLabel(0)).toBe('Panier');
    expect(cartLinkLabel(3)).toBe('Panier, 3 cours');
  });
});
