// /panier — 'Mon Panier' (spec: Cart): the recorded courses put aside in this browser, removable,
// paid together with one « Payer »; the summary; or the empty state with a way to the catalogue.
// Only what is for sale to this person stays: a course they already have (bought, in their
// membership), one for subscribers only, one not yet on sale or no longer offered leaves the cart
// with a word on why, and so does a live class (it is booked, from its page's session picker).
import { ShoppingBag } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ButtonLink } from '@client/components/ui/Button';
import { EmptyState } from '@client/components/ui/EmptyState';
import { PageHeader } from '@client/components/ui/PageHeader';
import { notifySuccess } from '@client/lib/notify';
import { usePageTitle } from '@client/lib/use-page-title';
import type { CartItem } from './cart-item';
import { dropReason, type DroppedLine } from './cart-dropped';
import { removeFromCart, updateCartPrice, useCart } from './cart-store';
import { CartLine } from './components/CartLine';
import { CartSummary } from './components/CartSummary';
import { useCartOffers } from './use-cart-offers';

export default function CartPage() {
  usePageTitle('Mon Panier');
  const items = useCart();
  const offers = useCartOffers(items);
  const [dropped, setDropped] = useState<DroppedLine[]>([]);
  const page = useRef<HTMLDivElement>(null);

  // Each answer as it comes: lines that may not be paid leave; the others take the server's price.
  useEffect(() => {
    const leaving: DroppedLine[] = [];
    for (const item of items) {
      const offer = offers.get(item.id);
      const why = dropReason(item, offer);
      if (why) leaving.push({ id: item.id, title: item.title, why });
      else if (offer && offer !== 'gone' && offer.status === 'for_sale') updateCartPrice(item.id, offer.priceCents / 100);
    }
    if (!leaving.length) return;
    removeFromCart(...leaving.map((d) => d.id));
    setDropped((before) => [...before.filter((d) => !leaving.some((l) => l.id === d.id)), ...leaving]);
  }, [items, offers]);

  const remove = (item: CartItem) => {
    if (!removeFromCart(item.id)) return;
    notifySuccess('Cours supprimé', 'Le cours a été retiré de votre panier.');
    // The pressed button is gone with its line: keep the keyboard in the cart (or on the empty state's link).
    requestAnimationFrame(() => page.current?.querySelector<HTMLElement>('[data-cart-focus], main a[href="/cours"]')?.focus());
  };

  const payable = items.filter((i) => !i.is_live);
  const ready = payable.every((i) => offers.get(i.id) !== undefined);

  return (
    <div ref={page} className="mx-auto min-h-[60vh] w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <PageHeader title="Mon Panier" subtitle={payable.length ? `${payable.length} cours dans votre panier` : undefined} />
      {dropped.length ? (
        <div role="status" className="mb-6 rounded-2xl border border-saffron/60 bg-saffron/10 px-5 py-4 text-sm text-ink">
          <p className="font-semibold">Retiré de votre panier :</p>
          <ul className="mt-1 list-disc space-y-1 pl-5">
            {dropped.map((d) => (
              <li key={d.id}>
                <Link to={`/cours/${d.id}`} className="font-semibold text-brand-700 underline underline-offset-4">
                  « {d.title} »
                </Link>{' '}
                : {d.why}.
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {payable.length === 0 ? (
        <EmptyState
          icon={<ShoppingBag className="size-10" />}
          title="Votre panier est vide"
          titleAs="h2"
          hint="Parcourez nos cours enregistrés, puis ajoutez ceux qui vous font envie. Les cours en direct se réservent depuis leur page."
          action={<ButtonLink to="/cours">Voir les cours</ButtonLink>}
        />
      ) : (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-8">
          <ul aria-label="Cours du panier" tabIndex={-1} data-cart-focus className="space-y-4 outline-none">
            {payable.map((item) => (
              <CartLine key={item.id} item={item} onRemove={remove} />
            ))}
          </ul>
          <div className="lg:sticky lg:top-24 lg:self-start">
            <CartSummary items={payable} ready={ready} />
          </div>
        </div>
      )}
    </div>
  );
}
