import type { HTMLAttributes } from 'react';
import { cn } from '@client/lib/cn';

/** A white surface with the site's border and radius. `as` lets a card be an article or li. */
export function Card({
  as: Tag = 'div',
  className,
  ...rest
}: HTMLAttributes<HTMLElement> & { as?: 'div' | 'article' | 'li' | 'section' }) {
  return <Tag className={cn('overflow-hidden rounded-2xl border border-line bg-white shadow-sm', className)} {...rest} />;
}
