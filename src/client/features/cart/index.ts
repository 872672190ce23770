// What this feature offers the others (decision 0023): they import it from here or from api.ts, never from its files.
export { addCourseToCart } from './add-to-cart';
export { priceCents } from './cart-item';
export { getCart, removeFromCart, updateCartPrice, useCart } from './cart-store';
