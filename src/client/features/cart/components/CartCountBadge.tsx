// The number of courses in the cart over the header's cart icon. The link's own name carries the
// count for screen readers (cartLinkLabel); the bubble is only seen.

export function cartLinkLabel(count: number): string {
  return count === 0 ? 'Panier' : `Panier, ${count} cours`;
}

export function CartCountBadge({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <span
      aria-hidden="true"
      className="absolute -right-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-brand-700 px-1 text-[0.7rem] font-bold leading-none text-white ring-2 ring-cream"
    >
      {count > 99 ? '99+' : count}
    </span>
  );
}
