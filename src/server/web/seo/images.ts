// Images in the head: the Open Graph image (absolute, with its size) and the preload hint of a
// route's main image, written exactly as the client's <img srcset> so the browser reuses it.
import { buffer } from 'node:stream/consumers';
import sharp from 'sharp';
import type { Storage } from '../../integrations/storage/storage';
import { MEDIA_WIDTHS } from '@shared/media';
import type { ImagePreload, OgImage } from './head';

/** The generated site image for pages without their own (see og-image.ts). */
export const DEFAULT_OG_IMAGE = { path: '/og-image.png', width: 1200, height: 630 };
const OG_WIDTH = 1200;

export function mediaKeyOf(src: string): string | null {
  return src.startsWith('/media/') ? src.slice('/media/'.length) : null;
}

/** Same text as the client's mediaSrcSet (components/ui/ResponsiveImage). */
export function mediaSrcSet(src: string): string {
  return MEDIA_WIDTHS.map((w) => `${src}?w=${w} ${w}w`).join(', ');
}

export function imagePreload(src: string, sizes: string, media?: string): ImagePreload {
  const hint: ImagePreload = mediaKeyOf(src) ? { href: `${src}?w=768`, srcset: mediaSrcSet(src), sizes } : { href: src };
  return media ? { ...hint, media } : hint;
}

type Size = { width: number; height: number };

/** Reads an image's pixel size once per key (headers only); unreadable images have none. */
export function imageSizeReader(storage: Storage, maxEntries = 2000) {
  const known = new Map<string, Promise<Size | null>>();
  return (key: string): Promise<Size | null> => {
    let size = known.get(key);
    if (!size) {
      size = (async () => {
        const object = await storage.get(key).catch(() => null);
        if (!object || !object.contentType.startsWith('image/')) return null;
        const meta = await sharp(await buffer(object.open())).metadata();
        if (!meta.width || !meta.height) return null;
        // EXIF orientations 5-8 are turned a quarter: the resized image swaps its sides.
        return (meta.orientation ?? 1) >= 5 ? { width: meta.height, height: meta.width } : { width: meta.width, height: meta.height };
      })().catch(() => null);
      if (known.size >= maxEntries) known.delete(known.keys().next().value!);
      known.set(key, size);
    }
    return size;
  };
}

export type ImageSizeReader = ReturnType<typeof imageSizeReader>;

const SITE_IMAGE_ALT = 'Toque — cours de cuisine en ligne';

/** The site's share image, for pages without their own. */
export function siteOgImage(publicUrl: string): OgImage {
  return { url: `${publicUrl}${DEFAULT_OG_IMAGE.path}`, width: DEFAULT_OG_IMAGE.width, height: DEFAULT_OG_IMAGE.height, alt: SITE_IMAGE_ALT };
}

export type MainImage = { og: OgImage; preload?: ImagePreload };

/**
 * A page's main image: its share image (our media at 1200 px, never enlarged, with its size) and
 * the preload hint matching the page's <img sizes>. A stored image that cannot be read gets
 * neither: the site image is shared and nothing is fetched early for a picture that is missing.
 */
export async function mainImage(
  publicUrl: string,
  sizeOf: ImageSizeReader,
  src: string | null | undefined,
  alt: string,
  sizes: string,
  media?: string,
): Promise<MainImage> {
  if (!src) return { og: siteOgImage(publicUrl) };
  const key = mediaKeyOf(src);
  if (!key) {
    // An outside address (not ours to resize): shared and preloaded as is, size unknown.
    return { og: { url: /^https?:\/\//.test(src) ? src : `${publicUrl}${src}`, alt }, preload: imagePreload(src, sizes, media) };
  }
  const size = await sizeOf(key);
  if (!size) return { og: siteOgImage(publicUrl) };
  const width = Math.min(OG_WIDTH, size.width);
  return {
    og: { url: `${publicUrl}${src}?w=${OG_WIDTH}`, width, height: Math.round((size.height * width) / size.width), alt },
    preload: imagePreload(src, sizes, media),
  };
}
