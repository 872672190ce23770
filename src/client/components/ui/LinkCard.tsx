// A card of a grid whose title link covers the whole card, under an image that can carry
// overlays (badges, the favourite heart). Course and recipe cards are this shape.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '@client/lib/cn';
import { Card } from './Card';
import { ResponsiveImage } from './ResponsiveImage';

/**
 * Cards sit three to a row on desktop, two on tablets, one on phones — inside the page's side
 * padding, which the widths subtract so the browser picks no wider a variant than it needs.
 */
export const CARD_IMAGE_SIZES = '(min-width: 1024px) 400px, (min-width: 640px) calc(50vw - 2.25rem), calc(100vw - 2rem)';

export type LinkCardProps = {
  to: string;
  title: string;
  imageUrl: string | null;
  /** The card title's heading level, so headings stay in order wherever the card is placed. */
  headingLevel?: 2 | 3;
  /** The first cards of a page may hold the largest image in view: load it eagerly. */
  priority?: boolean;
  /** The image's `sizes` when the grid is not the usual three columns (CARD_IMAGE_SIZES). */
  imageSizes?: string;
  /** Positioned over the image (badges, buttons); interactive elements stay above the link. */
  overlay?: ReactNode;
  /** Shown above the title. */
  eyebrow?: ReactNode;
  children?: ReactNode;
  className?: string;
};

export function LinkCard({ to, title, imageUrl, headingLevel = 3, priority = false, imageSizes = CARD_IMAGE_SIZES, overlay, eyebrow, children, className }: LinkCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <Card
      as="article"
      className={cn(
        'group relative flex h-full flex-col transition-shadow hover:shadow-md',
        // Cards out of view are neither laid out nor painted until they come near it: a list of two
        // dozen cards otherwise costs the phone's first layouts (docs/performance.md). A height only:
        // an intrinsic width would widen a grid's column past a phone's screen.
        '[content-visibility:auto] [contain-intrinsic-block-size:auto_26rem]',
        // The title link hides its own outline (it spans the card): the card shows the focus instead.
        'has-[a:focus-visible]:outline-3 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-brand-600',
        className,
      )}
    >
      <div className="relative overflow-hidden">
        <ResponsiveImage
          src={imageUrl}
          alt=""
          width={800}
          height={600}
          sizes={imageSizes}
          priority={priority}
          className="aspect-[4/3] w-full transition-transform duration-300 group-hover:scale-[1.03]"
        />
        {overlay}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        {eyebrow}
        <Heading className="text-lg font-semibold leading-snug text-ink">
          {/* The link covers the whole card (after:inset-0) while its name stays the title. */}
          <Link to={to} className="after:absolute after:inset-0 after:content-[''] hover:text-brand-800 focus-visible:outline-none">
            {title}
          </Link>
        </Heading>
        {children}
      </div>
    </Card>
  );
}
