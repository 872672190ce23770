// The widths our stored images can be asked at (/media/<key>?w=): the client's srcset offers them,
// the server makes and keeps each variant. 640 is there for phones between 480 and 768: a
// full-width card on a 412 px screen at a pixel ratio of 1.5, or a 360 px one at 1.75, takes it
// instead of 768 (about 30 % fewer bytes).
export const MEDIA_WIDTHS = [320, 480, 640, 768, 1200] as const;

export type MediaWidth = (typeof MEDIA_WIDTHS)[number];

/**
 * Each page's main image as the client renders it (its <img sizes>, and for the home hero the media
 * query under which it exists at all), and as the server's preload hint announces it: both must say
 * the same for the browser to reuse the download (server/web/pages.ts).
 */
export const MAIN_IMAGES = {
  recipe: { sizes: '(min-width: 1152px) 560px, (min-width: 1024px) 48vw, 100vw' },
  course: { sizes: '(min-width: 1152px) 720px, (min-width: 1024px) 62vw, 100vw' },
  chef: { sizes: '176px' },
  homeHero: { sizes: '560px', media: '(min-width: 1024px)' },
} as const;
