// /sitemap.xml lists every public page (published courses, recipes, chefs) and no draft;
// /robots.txt opens the public site, closes the API and private pages, names the sitemap.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChef, createCourse, createRecipe, createUser } from '../factories';
import { createTestApp, type TestApp } from '../setup/test-app';

const BASE = 'http://toque.test';
let t: TestApp;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  ids.chef = (await createChef(t.db, { fullName: 'Julie Tremblay', role: 'admin' })).id;
  ids.learner = (await createUser(t.db, { fullName: 'Léa Apprenante' })).id;
  ids.live = (await createCourse(t.db, { title: 'En direct', isLive: true, updatedAt: new Date('2026-02-03T04:05:06.789Z') })).id;
  ids.recorded = (await createCourse(t.db, { title: 'Enregistré', isLive: false })).id;
  ids.draft = (await createCourse(t.db, { title: 'Brouillon', status: 'draft' })).id;
  ids.archived = (await createCourse(t.db, { title: 'Archivé', status: 'archived' })).id;
  ids.recipe = (await createRecipe(t.db, { name: 'Tarte' })).id;
  ids.premium = (await createRecipe(t.db, { name: 'Bûche', isPremium: true })).id;
});
afterAll(() => t.close());

function locs(xml: string): Map<string, string> {
  return new Map([...xml.matchAll(/<url><loc>([^<]+)<\/loc><lastmod>([^<]+)<\/lastmod><\/url>/g)].map((m) => [m[1]!, m[2]!]));
}

describe('GET /sitemap.xml', () => {
  it('lists home, lists, static pages, every published course, every recipe and every chef, each with lastmod', async () => {
    const res = await t.request('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const xml = await res.text();
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const urls = locs(xml);
    const expected = [
      '/',
      '/cours',
      '/recettes',
      '/chefs',
      '/faq',
      '/privacy-policy',
      '/terms-of-service',
      '/abonnement',
      `/cours/${ids.live}`,
      `/cours/${ids.recorded}`,
      `/recettes/${ids.recipe}`,
      `/recettes/${ids.premium}`,
      `/chefs/${ids.chef}`,
    ];
    expect([...urls.keys()].sort()).toEqual(expected.map((p) => `${BASE}${p}`).sort());
    for (const lastmod of urls.values()) expect(lastmod).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(urls.get(`${BASE}/cours/${ids.live}`)).toBe('2026-02-03T04:05:06Z');
  });

  it('never lists drafts, archived courses, learners or private pages', async () => {
    const xml = await (await t.request('/sitemap.xml')).text();
    for (const hidden of [ids.draft!, ids.archived!, ids.learner!, '/account', '/admin', '/api/']) expect(xml).not.toContain(hidden);
  });
});

describe('GET /robots.txt', () => {
  it('allows the public site, disallows the API and private paths, names the sitemap', async () => {
    const res = await t.request('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const lines = (await res.text()).split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const path of ['/api/', '/account', '/admin', '/panier', '/payment', '/favoris', '/mes-achats', '/abonne/', '/abonne$']) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    // '/abonne' as a bare prefix would also hide the public '/abonnement'.
    expect(lines).not.toContain('Disallow: /abonne');
    expect(lines).toContain(`Sitemap: ${BASE}/sitemap.xml`);
  });
});
