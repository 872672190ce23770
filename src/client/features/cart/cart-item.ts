// One line of the cart as it sits in local storage (spec: Cart — the fields the product reads:
// id, title, image_url, price, is_live). The price is the one seen when the course was added,
// in CAD: informative only, since the server prices every order itself.

export type CartItem = {
  id: string;
  title: string;
  image_url: string | null;
  /** CAD, e.g. 49.99 (the spec's field; a string is tolerated on read, as the spec allows). */
  price: number;
  is_live: boolean;
};

/** What adding a course needs from the course detail. */
export type CartCourse = { id: string; title: string; imageUrl: string | null; priceCents: number; isLive: boolean };

export function toCartItem(course: CartCourse): CartItem {
  return { id: course.id, title: course.title, image_url: course.imageUrl, price: course.priceCents / 100, is_live: course.isLive };
}

/** The price in whole cents, so sums never carry binary fractions. */
export function priceCents(item: Pick<CartItem, 'price'>): number {
  return Math.round(item.price * 100);
}

/** Sum of the prices shown (spec §9: total equals subtotal; taxes come at the next step). */
export function cartSubtotalCents(items: readonly Pick<CartItem, 'price'>[]): number {
  return items.reduce((sum, item) => sum + priceCents(item), 0);
}

function readItem(value: unknown): CartItem | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  const price = typeof v.price === 'string' ? Number(v.price) : v.price;
  if (typeof v.id !== 'string' || !v.id || v.id.length > 100) return null;
  if (typeof v.title !== 'string') return null;
  if (typeof price !== 'number' || !Number.isFinite(price) || price < 0) return null;
  return {
    id: v.id,
    title: v.title,
    image_url: typeof v.image_url === 'string' && v.image_url ? v.image_url : null,
    price,
    is_live: v.is_live === true,
  };
}

/**
 * The stored text read back as cart lines. Anything unreadable (another version's format, a
 * hand-edited value) is dropped rather than breaking the page; a course is kept once.
 */
export function parseCart(raw: string | null): CartItem[] {
  if (!raw) return [];
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(data)) return [];
  const seen = new Set<string>();
  const items: CartItem[] = [];
  for (const entry of data) {
    const item = readItem(entry);
    if (item && !seen.has(item.id)) {
      seen.add(item.id);
      items.push(item);
    }
  }
  return items;
}
