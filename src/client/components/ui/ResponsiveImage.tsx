// Images of the site. Our own media (/media/…) can be asked at the widths of MEDIA_WIDTHS as WebP
// (?w=), so the browser picks the smallest that fits; width/height reserve the space (no layout
// shift). Below the fold images load lazily; the one likely to be the LCP element passes priority.
import type { CSSProperties } from 'react';
import { ChefHat } from 'lucide-react';
import { MEDIA_WIDTHS, type MediaWidth } from '@shared/media';
import { cn } from '@client/lib/cn';

export function mediaSrcSet(src: string): string | undefined {
  if (!src.startsWith('/media/')) return undefined;
  return MEDIA_WIDTHS.map((w) => `${src}?w=${w} ${w}w`).join(', ');
}

/** The URL of one resized variant (for preload hints and backgrounds). */
export function mediaUrl(src: string, width: MediaWidth): string {
  return src.startsWith('/media/') ? `${src}?w=${width}` : src;
}

type ResponsiveImageProps = {
  src: string | null | undefined;
  /** '' for a decorative image. */
  alt: string;
  /** Intrinsic ratio: the rendered size comes from CSS, these avoid layout shift. */
  width: number;
  height: number;
  /** The rendered width for the browser's choice, e.g. '(min-width: 1024px) 33vw, 100vw'. */
  sizes?: string;
  priority?: boolean;
  /**
   * A media query the image exists under (e.g. '(min-width: 1024px)'): elsewhere nothing is
   * downloaded. For an image the server renders that only wide screens show.
   */
  media?: string;
  className?: string;
  style?: CSSProperties;
};

/** A transparent pixel: what a `media` image shows, without a download, where its query fails. */
const BLANK = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

export function ResponsiveImage({ src, alt, width, height, sizes = '100vw', priority = false, media, className, style }: ResponsiveImageProps) {
  if (!src) {
    // No image stored: a warm placeholder of the same size rather than a broken image.
    return (
      <div
        role={alt ? 'img' : undefined}
        aria-label={alt || undefined}
        aria-hidden={alt ? undefined : true}
        className={cn('flex items-center justify-center bg-gradient-to-br from-brand-50 to-brand-100 text-brand-600', className)}
        style={{ aspectRatio: `${width} / ${height}`, ...style }}
      >
        <ChefHat aria-hidden="true" className="size-1/4 max-h-16 max-w-16 opacity-70" />
      </div>
    );
  }
  const srcSet = mediaSrcSet(src);
  const img = (
    <img
      src={media ? BLANK : srcSet ? mediaUrl(src, 768) : src}
      srcSet={media ? undefined : srcSet}
      sizes={srcSet && !media ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? 'sync' : 'async'}
      fetchPriority={priority ? 'high' : undefined}
      className={cn('bg-brand-50 object-cover', className)}
      style={style}
    />
  );
  if (!media) return img;
  return (
    <picture>
      <source media={media} srcSet={srcSet ?? src} sizes={srcSet ? sizes : undefined} />
      {img}
    </picture>
  );
}
