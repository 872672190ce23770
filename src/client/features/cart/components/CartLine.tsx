// One recorded course in the cart: picture, title, type, price, and a way to remove it (the summary's
// one « Payer » pays them all).
import { Radio, PlayCircle, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { COURSE_TYPE_LABELS } from '@shared/catalog';
import { formatPrice } from '@shared/format';
import { Button } from '@client/components/ui/Button';
import { ResponsiveImage } from '@client/components/ui/ResponsiveImage';
import { priceCents, type CartItem } from '../cart-item';

export function CartLine({ item, onRemove }: { item: CartItem; onRemove: (item: CartItem) => void }) {
  const TypeIcon = item.is_live ? Radio : PlayCircle;
  return (
    // Phone: picture and text side by side, the actions on their own row; wider: the actions in a column at the end.
    <li className="grid grid-cols-[6rem_minmax(0,1fr)] gap-x-4 gap-y-3 rounded-2xl border border-line bg-white p-3 shadow-sm sm:grid-cols-[10rem_minmax(0,1fr)_auto] sm:p-4">
      <Link to={`/cours/${item.id}`} tabIndex={-1} aria-hidden="true" className="self-start overflow-hidden rounded-xl">
        <ResponsiveImage src={item.image_url} alt="" width={160} height={120} sizes="160px" className="aspect-[4/3] w-full" />
      </Link>
      <div className="min-w-0 space-y-1.5">
        <h2 className="text-lg font-semibold leading-snug text-ink">
          <Link to={`/cours/${item.id}`} className="hover:text-brand-800 hover:underline">
            {item.title}
          </Link>
        </h2>
        <p className="flex items-center gap-1.5 text-sm text-muted">
          <TypeIcon aria-hidden="true" className="size-4 shrink-0" />
          {COURSE_TYPE_LABELS[item.is_live ? 'live' : 'recorded']}
        </p>
        <p className="text-lg font-semibold text-brand-800">{formatPrice(priceCents(item))}</p>
      </div>
      <div className="col-span-2 flex items-center justify-end gap-2 border-t border-line pt-3 sm:col-span-1 sm:flex-col sm:items-stretch sm:justify-start sm:border-0 sm:pt-0">
        <Button variant="ghost" size="sm" onClick={() => onRemove(item)} aria-label={`Supprimer « ${item.title} » du panier`}>
          <Trash2 aria-hidden="true" className="size-4" />
          Supprimer
        </Button>
      </div>
    </li>
  );
}
