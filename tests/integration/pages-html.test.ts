// The HTML the server sends for each route, read without JavaScript: title, description,
// canonical, Open Graph, JSON-LD, initial data, preload hints; 404 pages; premium never leaks.
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseResponse, RecipeListResponse, RecipeResponse } from '@shared/schemas/public';
import { createChef, createCourse, createRecipe, createReservation, createSession, createUser, putImage } from '../factories';
import { createTestApp, type TestApp } from '../setup/test-app';
import { canonical, decode, initialData, jsonLd, links, meta, ofType, title } from './html-helpers';

const NOW = new Date('2026-03-01T12:00:00.000Z');
const inHours = (h: number) => new Date(NOW.getTime() + h * 3_600_000);
const BASE = 'http://toque.test';

let t: TestApp;
let admin: { id: string; fullName: string };
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
  admin = await createChef(t.db, { fullName: 'Julie Tremblay', role: 'admin', specialty: 'Cuisine du terroir', phone: '514-555-0199' });
  const learner = await createUser(t.db, { fullName: 'Léa' });
  const tarteImage = await putImage(t.deps.storage, 'seed/recipes/tarte.png', 1600, 900);
  const avatar = await putImage(t.deps.storage, 'seed/chefs/julie.png', 600, 600);
  const courseImage = await putImage(t.deps.storage, 'seed/courses/tourtiere.png', 1200, 800);
  await t.db.update((await import('../../src/server/db/schema')).profiles).set({ avatarUrl: avatar });

  ids.free = (await createRecipe(t.db, { name: 'Tarte au sucre', category: 'dessert', durationMinutes: 50, servings: 8, imageUrl: tarteImage })).id;
  ids.premium = (
    await createRecipe(t.db, {
      name: 'Bûche à l’érable',
      isPremium: true,
      ingredients: ['SECRET-INGREDIENT sirop réduit'],
      steps: ['SECRET-STEP monter la crème'],
    })
  ).id;
  ids.hostile = (
    await createRecipe(t.db, {
      name: 'Soupe </script><script>alert("x")</script> & "pois"',
      description: 'Ligne\u2028séparée <!-- et commentaire',
      category: 'starter',
      imageUrl: null,
    })
  ).id;

  ids.live = (
    await createCourse(t.db, { title: 'Tourtière en direct', isLive: true, priceCents: 4500, teacherId: admin.id, durationMinutes: 90, imageUrl: courseImage })
  ).id;
  await createSession(t.db, ids.live, { startsAt: inHours(24), capacity: 10 });
  const full = await createSession(t.db, ids.live, { startsAt: inHours(48), capacity: 1 });
  await createReservation(t.db, full.id, learner.id);
  ids.recorded = (await createCourse(t.db, { title: 'Pain au levain', isLive: false, priceCents: 2999, teacherId: admin.id })).id;
  ids.draft = (await createCourse(t.db, { title: 'Brouillon', status: 'draft' })).id;
});
afterAll(() => t.close());

async function page(path: string) {
  const res = await t.request(path);
  return { status: res.status, html: await res.text(), headers: res.headers };
}

describe('recipe page', () => {
  it('has its title, description, canonical and Open Graph tags without JavaScript', async () => {
    const { status, html, headers } = await page(`/recettes/${ids.free}`);
    expect(status).toBe(200);
    expect(headers.get('content-type')).toMatch(/^text\/html/);
    expect(headers.get('cache-control')).toBe('no-cache');
    expect(title(html)).toBe('Tarte au sucre — Dessert | Toque');
    expect(meta(html, 'description')).toBe('La tarte au sucre de grand-mère, fondante et dorée.');
    expect(canonical(html)).toBe(`${BASE}/recettes/${ids.free}`);
    expect(meta(html, 'og:url')).toBe(`${BASE}/recettes/${ids.free}`);
    expect(meta(html, 'og:type')).toBe('article');
    expect(meta(html, 'og:locale')).toBe('fr_CA');
    expect(meta(html, 'og:site_name')).toBe('Toque');
    expect(meta(html, 'og:title')).toBe('Tarte au sucre — Dessert | Toque');
    expect(meta(html, 'og:image')).toBe(`${BASE}/media/seed/recipes/tarte.png?w=1200`);
    expect(meta(html, 'og:image:width')).toBe('1200');
    expect(meta(html, 'og:image:height')).toBe('675');
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    // The template's own head was replaced, not added to.
    expect(html).not.toContain('Gabarit de test');
  });

  it('carries a Recipe in JSON-LD with ingredients, steps, time, yield, author and date', async () => {
    const { html } = await page(`/recettes/${ids.free}`);
    const [recipe] = ofType(html, 'Recipe');
    expect(recipe).toMatchObject({
      name: 'Tarte au sucre',
      recipeCategory: 'Dessert',
      totalTime: 'PT50M',
      recipeYield: '8 portions',
      image: [`${BASE}/media/seed/recipes/tarte.png?w=1200`],
      recipeIngredient: ['1 abaisse de pâte brisée', '250 ml de cassonade', '250 ml de crème 35 %'],
      author: { '@type': 'Person', name: 'Julie Tremblay', url: `${BASE}/chefs/${admin.id}` },
    });
    expect(recipe!.recipeInstructions).toEqual([
      { '@type': 'HowToStep', position: 1, text: 'Préchauffer le four à 180 °C.' },
      { '@type': 'HowToStep', position: 2, text: 'Mélanger la cassonade et la crème.' },
      { '@type': 'HowToStep', position: 3, text: 'Verser dans la pâte et cuire 40 minutes.' },
    ]);
    expect(Date.parse(recipe!.datePublished as string)).not.toBeNaN();
    expect(recipe).not.toHaveProperty('isAccessibleForFree');
  });

  it('embeds the API answer as initial data under /recipes/<id>', async () => {
    const { html } = await page(`/recettes/${ids.free}`);
    const api = (await t.json<RecipeResponse>(`/api/recipes/${ids.free}`)).body;
    expect(initialData(html)).toEqual({ [`/recipes/${ids.free}`]: api });
  });

  it('asks early for the app, its page chunk, their imports and its main image', async () => {
    const { html } = await page(`/recettes/${ids.free}`);
    const preloads = links(html, 'modulepreload').join('\n');
    // The app is imported dynamically by the entry: asked for at once, not after the entry has run.
    expect(preloads).toContain('href="/assets/start-Bfix0008.js"');
    expect(preloads).toContain('href="/assets/RecipeDetailPage-Bfix0005.js"');
    expect(preloads).toContain('href="/assets/ResponsiveImage-Bfix0004.js"');
    // The entry's own imports are already preloaded by Vite's index.html: not twice.
    expect(html.match(/vendor-Bfix0002\.js/g)).toHaveLength(1);
    expect(links(html, 'stylesheet').join()).toContain('/assets/RecipeDetailPage-Bfix0006.css');
    const [image] = links(html, 'preload');
    const src = '/media/seed/recipes/tarte.png';
    expect(image).toContain('as="image"');
    expect(decode(/imagesrcset="([^"]*)"/.exec(image!)?.[1])).toBe(
      `${src}?w=320 320w, ${src}?w=480 480w, ${src}?w=640 640w, ${src}?w=768 768w, ${src}?w=1200 1200w`,
    );
    // The same sizes as RecipeDetailPage's <img>, or the browser would not reuse the download.
    expect(image).toContain('imagesizes="(min-width: 1152px) 560px, (min-width: 1024px) 48vw, 100vw"');
    expect(image).toContain(`href="${src}?w=768"`);
  });

  it('a stored image that is missing is neither preloaded nor shared', async () => {
    const { html } = await page(`/recettes/${ids.premium}`);
    expect(links(html, 'preload')).toEqual([]);
    expect(meta(html, 'og:image')).toBe(`${BASE}/og-image.png`);
  });

  it('marks a premium recipe as paywalled and never sends its ingredients or steps', async () => {
    const { status, html } = await page(`/recettes/${ids.premium}`);
    expect(status).toBe(200);
    expect(html).not.toContain('SECRET');
    const [recipe] = ofType(html, 'Recipe');
    expect(recipe).toMatchObject({
      isAccessibleForFree: false,
      hasPart: { '@type': 'WebPageElement', isAccessibleForFree: false, cssSelector: '.premium-content' },
    });
    expect(recipe).not.toHaveProperty('recipeIngredient');
    expect(recipe).not.toHaveProperty('recipeInstructions');
    const data = initialData(html)![`/recipes/${ids.premium}`] as RecipeResponse;
    expect(data.recipe).toMatchObject({ locked: true, ingredients: null, steps: null });
  });

  it('escapes hostile text in the head, the JSON-LD and the initial data', async () => {
    const { html } = await page(`/recettes/${ids.hostile}`);
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<!-- et');
    expect(html).not.toContain('\u2028');
    expect(title(html)).toBe('Soupe &lt;/script&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &quot;pois&quot; — Entrée | Toque');
    expect(ofType(html, 'Recipe')[0]?.name).toBe('Soupe </script><script>alert("x")</script> & "pois"');
    const data = initialData(html)![`/recipes/${ids.hostile}`] as RecipeResponse;
    expect(data.recipe.description).toBe('Ligne\u2028séparée <!-- et commentaire');
    // No image of its own: the site's share image, with its size.
    expect(meta(html, 'og:image')).toBe(`${BASE}/og-image.png`);
    expect(meta(html, 'og:image:width')).toBe('1200');
    expect(meta(html, 'og:image:height')).toBe('630');
    expect(links(html, 'preload')).toEqual([]);
  });
});

describe('course page', () => {
  it('carries a Course with its offer in CAD and online instances, and an Event per upcoming session', async () => {
    const { status, html } = await page(`/cours/${ids.live}`);
    expect(status).toBe(200);
    expect(title(html)).toBe('Tourtière en direct — Cours en direct | Toque');
    expect(canonical(html)).toBe(`${BASE}/cours/${ids.live}`);
    const [course] = ofType(html, 'Course');
    expect(course).toMatchObject({
      name: 'Tourtière en direct',
      provider: { '@type': 'Organization', name: 'Toque' },
      offers: [{ '@type': 'Offer', price: '45.00', priceCurrency: 'CAD' }],
    });
    expect(course!.hasCourseInstance).toEqual([
      expect.objectContaining({ '@type': 'CourseInstance', courseMode: 'online', startDate: inHours(24).toISOString() }),
      expect.objectContaining({ '@type': 'CourseInstance', courseMode: 'online', startDate: inHours(48).toISOString() }),
    ]);
    const events = ofType(html, 'Event');
    expect(events).toHaveLength(2);
    expect(events[0]).toMatchObject({
      name: 'Tourtière en direct',
      startDate: inHours(24).toISOString(),
      endDate: inHours(25.5).toISOString(),
      eventAttendanceMode: 'https://schema.org/OnlineEventAttendanceMode',
      eventStatus: 'https://schema.org/EventScheduled',
      location: { '@type': 'VirtualLocation', url: `${BASE}/cours/${ids.live}` },
      organizer: { '@type': 'Organization', name: 'Toque' },
      offers: { '@type': 'Offer', price: '45.00', priceCurrency: 'CAD', availability: 'https://schema.org/InStock' },
    });
    expect(events[1]).toMatchObject({ offers: { availability: 'https://schema.org/SoldOut' } });
    const data = initialData(html)![`/courses/${ids.live}`] as CourseResponse;
    expect(data.course.sessions.map((s) => s.seatsLeft)).toEqual([10, 0]);
    expect(html).not.toContain('514-555-0199');
    expect(meta(html, 'og:image')).toBe(`${BASE}/media/seed/courses/tourtiere.png?w=1200`);
    expect(meta(html, 'og:image:height')).toBe('800');
    expect(links(html, 'preload')[0]).toContain('imagesizes="(min-width: 1152px) 720px, (min-width: 1024px) 62vw, 100vw"');
  });

  it('gives a recorded course a Course without events', async () => {
    const { html } = await page(`/cours/${ids.recorded}`);
    expect(title(html)).toBe('Pain au levain — Cours en vidéo | Toque');
    expect(ofType(html, 'Course')[0]).toMatchObject({ offers: [{ price: '29.99', priceCurrency: 'CAD' }] });
    expect(ofType(html, 'Event')).toEqual([]);
  });
});

describe('other pages', () => {
  it('home: Organization and WebSite, and the home data', async () => {
    const { status, html } = await page('/');
    expect(status).toBe(200);
    expect(title(html)).toContain('Toque');
    expect(canonical(html)).toBe(`${BASE}/`);
    expect(ofType(html, 'Organization')[0]).toMatchObject({ name: 'Toque', url: `${BASE}/` });
    expect(ofType(html, 'WebSite')[0]).toMatchObject({ name: 'Toque', inLanguage: 'fr-CA' });
    expect(Object.keys(initialData(html)!)).toEqual(['/home']);
    expect(links(html, 'modulepreload').join()).toContain('HomePage-Bfix0007.js');
    // The hero photo (next live course) exists on wide screens only: so is its preload.
    const [hero] = links(html, 'preload');
    expect(hero).toContain('href="/media/seed/courses/tourtiere.png?w=768"');
    expect(hero).toContain('imagesizes="560px"');
    expect(hero).toContain('media="(min-width: 1024px)"');
  });

  it('chef: a Person with specialty, and the chef answer as data', async () => {
    const { html } = await page(`/chefs/${admin.id}`);
    expect(title(html)).toBe('Julie Tremblay — Cuisine du terroir | Toque');
    expect(meta(html, 'og:type')).toBe('profile');
    expect(ofType(html, 'Person')[0]).toMatchObject({ name: 'Julie Tremblay', jobTitle: 'Cuisine du terroir', url: `${BASE}/chefs/${admin.id}` });
    expect(meta(html, 'og:image:width')).toBe('600');
    expect(links(html, 'preload')[0]).toContain('imagesizes="176px"');
    expect(Object.keys(initialData(html)!)).toEqual([`/chefs/${admin.id}`]);
    expect(html).not.toContain('514-555-0199');
  });

  it('lists embed their unfiltered API answer', async () => {
    const recipes = await page('/recettes');
    expect(title(recipes.html)).toBe('Bibliothèque de Recettes | Toque');
    expect(initialData(recipes.html)!['/recipes']).toEqual((await t.json<RecipeListResponse>('/api/recipes')).body);
    expect(JSON.stringify(initialData(recipes.html))).not.toContain('SECRET');
    const courses = await page('/cours');
    expect(initialData(courses.html)!['/courses']).toEqual((await t.json('/api/courses')).body);
    const chefs = await page('/chefs');
    expect(title(chefs.html)).toBe('Nos Chefs | Toque');
    expect(initialData(chefs.html)!['/chefs']).toEqual((await t.json('/api/chefs')).body);
  });

  it.each([
    ['/faq', 'Foire aux questions | Toque'],
    ['/privacy-policy', 'Politique de confidentialité | Toque'],
    ['/terms-of-service', 'Conditions d’utilisation | Toque'],
    ['/abonnement', 'Abonnement mensuel à 19,99 CAD | Toque'],
  ])('static page %s has its own title, description and canonical', async (path, expected) => {
    const { status, html } = await page(path);
    expect(status).toBe(200);
    expect(title(html)).toBe(expected);
    expect(meta(html, 'description')!.length).toBeGreaterThan(50);
    expect(canonical(html)).toBe(`${BASE}${path}`);
    // The privacy policy carries the configured privacy officer (modules/privacy); the FAQ and the
    // terms the school's « Politique d'annulation » hours.
    if (path === '/privacy-policy') expect(initialData(html)).toEqual({ '/legal/privacy': expect.objectContaining({ privacyOfficer: expect.any(Object) }) });
    else if (path === '/faq' || path === '/terms-of-service') expect(initialData(html)).toEqual({ '/legal/booking-policy': { policy: { refundNoticeHours: 48, transferUntilHours: 48 } } });
    else expect(initialData(html)).toBeUndefined();
    expect(html).not.toContain('name="robots"');
  });

  it('private pages are served for the app but not indexed', async () => {
    const { status, html } = await page('/account');
    expect(status).toBe(200);
    expect(meta(html, 'robots')).toBe('noindex');
    expect(canonical(html)).toBeUndefined();
  });

  it('the query string does not change a page', async () => {
    const { status, html } = await page('/recettes?utm_source=courriel');
    expect(status).toBe(200);
    expect(canonical(html)).toBe(`${BASE}/recettes`);
  });

  it('a trailing slash redirects to the one address of the page', async () => {
    const res = await t.request('/recettes/?q=tarte');
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/recettes?q=tarte');
  });
});

describe('not found', () => {
  it.each([
    ['an unknown recipe', () => `/recettes/00000000-0000-4000-8000-000000000000`],
    ['a malformed recipe id', () => '/recettes/tarte'],
    ['a draft course', () => `/cours/${ids.draft}`],
    ['a malformed course id', () => `/cours/${'x'.repeat(5000)}`],
    ['an unknown chef', () => '/chefs/personne'],
    ['a malformed chef id', () => '/chefs/%3Cscript%3E'],
    ['an unknown address', () => '/nulle-part/ici'],
  ])('%s is a 404 page titled Page introuvable', async (_label, path) => {
    const { status, html, headers } = await page(path());
    expect(status).toBe(404);
    expect(headers.get('content-type')).toMatch(/^text\/html/);
    expect(title(html)).toBe('Page introuvable | Toque');
    expect(meta(html, 'robots')).toBe('noindex');
    expect(initialData(html)).toBeUndefined();
    expect(jsonLd(html)).toEqual([]);
    expect(html).toContain('<div id="root">');
  });
});

describe('built files', () => {
  it('serves hashed assets for a year and the favicon', async () => {
    const asset = await t.request('/assets/index-Bfix0001.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await t.request('/assets/absent-0000.js')).status).toBe(404);
    const icon = await t.request('/favicon.svg');
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toContain('image/svg+xml');
  });

  it('sends the Brotli copy written at build time to clients that accept it', async () => {
    const plain = await t.request('/assets/index-Bfix0001.js');
    const plainText = await plain.text();
    const packed = await t.request('/assets/index-Bfix0001.js', { headers: { 'Accept-Encoding': 'gzip, br' } });
    expect(packed.status).toBe(200);
    expect(packed.headers.get('content-encoding')).toBe('br');
    expect(packed.headers.get('content-type')).toContain('javascript');
    expect(packed.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(Buffer.from(await packed.arrayBuffer())).toString('utf8')).toBe(plainText);
  });

  it('never sends the raw template or the build manifest', async () => {
    const template = await t.request('/index.html');
    expect(template.status).toBe(301);
    expect(template.headers.get('location')).toBe('/');
    const manifest = await t.request('/.vite/manifest.json');
    expect(manifest.status).toBe(404);
    expect(await manifest.text()).not.toContain('isEntry');
  });

  it('draws the site share image', async () => {
    const res = await t.request('/og-image.png');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(1, 4)].map((b) => String.fromCharCode(b)).join('')).toBe('PNG');
  });

  it('an unknown /api path stays a JSON 404, not a page', async () => {
    const { status, body } = await t.json<{ error: { code: string } }>('/api/nothing-here');
    expect(status).toBe(404);
    expect(body.error.code).toBe('ROUTE_NOT_FOUND');
  });
});
