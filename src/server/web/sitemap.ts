// /sitemap.xml and /robots.txt: every public page for search engines, and what to leave alone.
import type { PublicServices } from '../modules/services';
import { escapeHtml } from './html/escape';
import { STATIC_PAGES } from './pages';

type Stamp = { id: string; updatedAt: Date };

const iso = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');
const latest = (stamps: Stamp[], fallback: Date) =>
  stamps.reduce((max, s) => (s.updatedAt.getTime() > max.getTime() ? s.updatedAt : max), fallback);

/**
 * Home, the lists, the static pages, every published course, every recipe, every chef.
 * A list changes when one of its items does; static pages change with a build (builtAt).
 */
export async function buildSitemap(base: string, services: PublicServices, builtAt: Date): Promise<string> {
  const [courses, recipes, chefs] = await Promise.all([
    services.courses.stamps(),
    services.recipes.stamps(),
    services.chefs.stamps(),
  ]);
  const epoch = new Date(0);
  const coursesAt = latest(courses, epoch);
  const recipesAt = latest(recipes, epoch);
  const chefsAt = latest(chefs, epoch);
  const homeAt = [coursesAt, recipesAt, chefsAt, builtAt].reduce((a, b) => (b > a ? b : a));
  const urls: [path: string, lastmod: Date][] = [
    ['/', homeAt],
    ['/cours', coursesAt.getTime() ? coursesAt : builtAt],
    ['/recettes', recipesAt.getTime() ? recipesAt : builtAt],
    ['/chefs', chefsAt.getTime() ? chefsAt : builtAt],
    ...STATIC_PAGES.map((p): [string, Date] => [p.path, builtAt]),
    ...courses.map((c): [string, Date] => [`/cours/${c.id}`, c.updatedAt]),
    ...recipes.map((r): [string, Date] => [`/recettes/${r.id}`, r.updatedAt]),
    ...chefs.map((c): [string, Date] => [`/chefs/${encodeURIComponent(c.id)}`, c.updatedAt]),
  ];
  const body = urls
    .map(([path, at]) => `  <url><loc>${escapeHtml(`${base}${path}`)}</loc><lastmod>${iso(at)}</lastmod></url>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
}

/**
 * Private pages (one person's account, cart, payments, admin) are disallowed by prefix. '/abonne'
 * is written with '$' and '/abonne/' so that it does not also hide the public '/abonnement'.
 */
const DISALLOWED = [
  '/api/',
  '/account',
  '/admin',
  '/mon-profil-chef',
  '/favoris',
  '/mes-achats',
  '/calendrier',
  '/notifications',
  '/panier',
  '/booking/',
  '/payment',
  '/update-password',
  '/abonne$',
  '/abonne/',
  '/abonnement-succes',
  '/abonnement-annule',
];

export function buildRobots(base: string): string {
  return ['User-agent: *', 'Allow: /', ...DISALLOWED.map((p) => `Disallow: ${p}`), '', `Sitemap: ${base}/sitemap.xml`, ''].join('\n');
}
