// The <head> block of a page: title, description, canonical link, Open Graph and Twitter tags,
// schema.org JSON-LD and the preload hints of the route. Every value is escaped here.
import { PAGE_MODULES_ID } from '@shared/initial-data';
import { escapeHtml, scriptJson } from '../html/escape';
import type { PagePreloads } from '../html/manifest';

export const SITE_NAME = 'Toque';

export type OgImage = { url: string; width?: number; height?: number; alt: string };

/** A hint to fetch the route's main image early, matching the <img srcset/sizes> the page renders. */
export type ImagePreload = { href: string; srcset?: string; sizes?: string; media?: string };

export type PageHead = {
  title: string;
  description: string;
  /** Absolute URL of the page; absent on pages not to be indexed under their own address. */
  canonical?: string;
  ogType: 'website' | 'article' | 'profile';
  image: OgImage;
  /** schema.org objects, written as one @graph. */
  jsonLd?: object[];
  noindex?: boolean;
  preloads?: PagePreloads;
  imagePreload?: ImagePreload;
  /** The page's markup is in the HTML (html/ssr.ts): its code loads after what paints it. */
  serverRendered?: boolean;
};

const attr = (value: string | number) => escapeHtml(String(value));

/** Cuts a text for a meta description (about 160 characters) at a word boundary. */
export function summarize(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,;:.–—-]+$/, '')}…`;
}

export function renderHead(head: PageHead): string {
  const lines: string[] = [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${attr(head.description)}" />`,
  ];
  if (head.noindex) lines.push('<meta name="robots" content="noindex" />');
  if (head.canonical) lines.push(`<link rel="canonical" href="${attr(head.canonical)}" />`);
  lines.push(
    `<meta property="og:site_name" content="${SITE_NAME}" />`,
    '<meta property="og:locale" content="fr_CA" />',
    `<meta property="og:type" content="${attr(head.ogType)}" />`,
    `<meta property="og:title" content="${attr(head.title)}" />`,
    `<meta property="og:description" content="${attr(head.description)}" />`,
  );
  if (head.canonical) lines.push(`<meta property="og:url" content="${attr(head.canonical)}" />`);
  lines.push(`<meta property="og:image" content="${attr(head.image.url)}" />`);
  if (head.image.width && head.image.height) {
    lines.push(
      `<meta property="og:image:width" content="${attr(head.image.width)}" />`,
      `<meta property="og:image:height" content="${attr(head.image.height)}" />`,
    );
  }
  lines.push(
    `<meta property="og:image:alt" content="${attr(head.image.alt)}" />`,
    '<meta name="twitter:card" content="summary_large_image" />',
    `<meta name="twitter:title" content="${attr(head.title)}" />`,
    `<meta name="twitter:description" content="${attr(head.description)}" />`,
    `<meta name="twitter:image" content="${attr(head.image.url)}" />`,
  );
  for (const file of head.preloads?.fonts ?? []) lines.push(`<link rel="preload" as="font" type="font/woff2" crossorigin href="/${attr(file)}" />`);
  const modules = head.preloads?.modules ?? [];
  if (head.serverRendered && modules.length) {
    // With the page rendered in the HTML, its code is not needed to paint: the entry asks for these
    // files once the page has painted (src/client/main.tsx). Data, not code: the CSP allows it.
    lines.push(`<script type="application/json" id="${PAGE_MODULES_ID}">${scriptJson(modules.map((f) => `/${f}`))}</script>`);
  } else {
    for (const file of modules) lines.push(`<link rel="modulepreload" crossorigin href="/${attr(file)}" />`);
  }
  for (const file of head.preloads?.styles ?? []) lines.push(`<link rel="stylesheet" crossorigin href="/${attr(file)}" />`);
  const img = head.imagePreload;
  if (img) {
    const srcset = img.srcset ? ` imagesrcset="${attr(img.srcset)}" imagesizes="${attr(img.sizes ?? '100vw')}"` : '';
    const media = img.media ? ` media="${attr(img.media)}"` : '';
    lines.push(`<link rel="preload" as="image" href="${attr(img.href)}"${srcset}${media} fetchpriority="high" />`);
  }
  if (head.jsonLd?.length) {
    const graph = { '@context': 'https://schema.org', '@graph': head.jsonLd };
    lines.push(`<script type="application/ld+json">${scriptJson(graph)}</script>`);
  }
  return lines.join('\n    ');
}
