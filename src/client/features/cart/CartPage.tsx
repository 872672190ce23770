// /panier — 'Mon Panier' (spec: Cart): the courses put aside in this browser, each to book (live)
// or pay (recorded), removable; the summary; or the empty state with a way to the catalogue.
import { ShoppingBag } from 'lucide-react';
import { useRef } from 'react';
import { ButtonLink } from '@client/components/ui/Button';
import { EmptyState } from '@client/components/ui/EmptyState';
import { PageHeader } from '@client/components/ui/PageHeader';
import { notifySuccess } from '@client/lib/notify';
import { usePageTitle } from '@client/lib/use-page-title';
import type { CartItem } from './cart-item';
import { removeFromCart, useCart } from './cart-store';
import { CartLine } from './components/CartLine';
import { CartSummary } from './components/CartSummary';

export default function CartPage() {
  usePageTitle('Mon Panier');
  const items = useCart();
  const page = useRef<HTMLDivElement>(null);

  const remove = (item: CartItem) => {
    if (!removeFromCart(item.id)) return;
    notifySuccess('Cours supprimé', 'Le cours a été retiré de votre panier.');
    // The pressed button is gone with its line: keep the keyboard in the cart (or on the empty state's link).
    requestAnimationFrame(() => page.current?.querySelector<HTMLElement>('[data-cart-focus], main a[href="/cours"]')?.focus());
  };

  return (
    <div ref={page} className="mx-auto min-h-[60vh] w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <PageHeader
        title="Mon Panier"
        subtitle={items.length ? `${items.length} cours dans votre panier` : undefined}
      />
      {items.length === 0 ? (
        <EmptyState
          icon={<ShoppingBag className="size-10" />}
          title="Votre panier est vide"
          titleAs="h2"
          hint="Parcourez nos cours en direct et nos vidéos, puis ajoutez ceux qui vous font envie."
          action={<ButtonLink to="/cours">Voir les cours</ButtonLink>}
        />
      ) : (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-8">
          <ul aria-label="Cours du panier" tabIndex={-1} data-cart-focus className="space-y-4 outline-none">
            {items.map((item) => (
              <CartLine key={item.id} item={item} onRemove={remove} />
            ))}
          </ul>
          <div className="lg:sticky lg:top-24 lg:self-start">
            <CartSummary items={items} />
          </div>
        </div>
      )}
    </div>
  );
}
