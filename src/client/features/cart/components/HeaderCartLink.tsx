// The header's cart link with its count, for signed-in people only: loaded lazily so the cart store
// stays out of the first load of a visitor's page (DESIGN §6 budget). The header passes its own
// icon-link component, so the link looks like its neighbours.
import type { ComponentType, ReactNode } from 'react';
import { useCartCount } from '../cart-store';
import { CartCountBadge, cartLinkLabel } from './CartCountBadge';

type IconLinkProps = { to: string; label: string; children: ReactNode };

export default function HeaderCartLink({ as: IconLink, icon }: { as: ComponentType<IconLinkProps>; icon: ReactNode }) {
  const count = useCartCount();
  return (
    <IconLink to="/panier" label={cartLinkLabel(count)}>
      {icon}
      <CartCountBadge count={count} />
    </IconLink>
  );
}
