// A visitor's public pages come rendered by the server (src/client/entry-server.tsx, loaded from the
// build's ssr/ folder): without any script the HTML holds the page, and in Chromium the app adopts
// that markup (hydration) without a mismatch, then works as the app. A signed-in person gets the
// plain shell, except on the pages rendered for them with their own data (decision 0045: « Aperçu »
// and the rosters). Needs the build's SSR bundle: `vite build --ssr entry-server.tsx` (see README).
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { ChefSessionsResponse } from '@shared/schemas/rosters';
import type { ChefListResponse, CourseListResponse, CourseResponse, HomeData, RecipeListResponse, RecipeResponse } from '@shared/schemas/public';
import { getJson } from './api';
import { expectNoAxeViolations, newPage, pageErrors, performanceEntries, runsEveryJourney, useBrowser, VIEWPORTS, viewports } from './browser';
import { DEMO } from './session';
import { baseURL } from './site';

type Seeded = { home: HomeData; courses: CourseListResponse['courses']; recipes: RecipeListResponse; chefs: ChefListResponse['chefs'] };
let seeded: Seeded;
let recipe: RecipeResponse['recipe'];
let course: CourseResponse['course'];

useBrowser();

beforeAll(async () => {
  const [home, { courses }, recipes, { chefs }] = await Promise.all([
    getJson<HomeData>('/api/home'),
    getJson<CourseListResponse>('/api/courses'),
    getJson<RecipeListResponse>('/api/recipes'),
    getJson<ChefListResponse>('/api/chefs'),
  ]);
  seeded = { home, courses, recipes, chefs };
  const free = recipes.recipes.find((r) => !r.isPremium);
  const live = courses.find((c) => c.isLive && c.nextSessionAt);
  if (!free || !live) throw new Error('The seed should hold a free recipe and a scheduled live course');
  recipe = (await getJson<RecipeResponse>(`/api/recipes/${free.id}`)).recipe;
  course = (await getJson<CourseResponse>(`/api/courses/${live.id}`)).course;
});

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#x27': "'", '#39': "'", nbsp: '\u00a0' };

/** The text a browser would show for a piece of HTML (tags dropped, entities decoded, spaces folded). */
const textOf = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#x27|#39|nbsp);/g, (_, e: string) => ENTITIES[e]!)
    .replace(/\s+/g, ' ');

/** The page as a visitor's browser receives it, before any script: its status and <div id="root">. */
async function fetchPage(path: string, cookie?: string) {
  const res = await fetch(`${baseURL}${path}`, { headers: cookie ? { cookie } : {} });
  const html = await res.text();
  const start = html.indexOf('<div id="root">');
  const end = html.indexOf('<script type="application/json"', start);
  expect(start, `${path} has a root`).toBeGreaterThan(0);
  return { status: res.status, html, root: html.slice(start, end > start ? end : html.indexOf('</body>')), cacheControl: res.headers.get('cache-control') };
}

/** The keys of the page's initial-data block (the API answers it carries). */
const dataKeys = (html: string) => Object.keys(JSON.parse(/<script type="application\/json" id="toque-data">(.*?)<\/script>/.exec(html)?.[1] ?? '{}') as object);

/** 'name=value; …' of a session signed in through the API. */
async function signInCookie(account: { email: string; password: string }): Promise<string> {
  const res = await fetch(`${baseURL}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseURL },
    body: JSON.stringify(account),
  });
  expect(res.status).toBe(200);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

const GUEST_CHEF = { email: 'invite@toque.demo', password: 'Invite-Toque-2026' };
const adminCookie = () => {
  const { cookie } = inject('demoAdminSecondFactor');
  return `${cookie.name}=${cookie.value}`;
};

/** A session of the guest chef's with seats taken (the seed books some), and his cookie. */
async function guestChefSession(): Promise<{ cookie: string; id: string; courseTitle: string }> {
  const cookie = await signInCookie(GUEST_CHEF);
  const { sessions } = (await (await fetch(`${baseURL}/api/chef/sessions`, { headers: { cookie } })).json()) as ChefSessionsResponse;
  const session = sessions.find((x) => x.seatsTaken > 0) ?? sessions[0];
  if (!session) throw new Error('The seed should give the guest chef a session');
  return { cookie, id: session.id, courseTitle: session.courseTitle };
}

/** What a fully server-rendered root must never hold: a script, or a boundary left to the browser. */
function expectSelfContained(root: string, path: string) {
  expect(root, `${path}: no script in the rendered page (CSP)`).not.toMatch(/<script/);
  expect(root, `${path}: every Suspense boundary resolved`).not.toMatch(/<!--\$[?!]-->|<template/);
  expect(root, `${path}: rendered`).not.toContain('<!--app-->');
}

describe('the HTML a visitor receives, without JavaScript', () => {
  it('home: the hero and the upcoming courses', async () => {
    const { status, root } = await fetchPage('/');
    expect(status).toBe(200);
    expectSelfContained(root, '/');
    expect(root).toMatch(/<h1 id="hero-title"[^>]*>Cuisinez avec une cheffe/);
    // The photo beside it is in the HTML for wide screens, under the query of its preload hint.
    expect(root).toMatch(/<picture><source media="\(min-width: 1024px\)" src[sS]et="\/media\/[^"]+\?w=768 768w/);
    const text = textOf(root);
    // The server knows a visitor is signed out: the header's sign-in button is in the HTML.
    expect(text).toContain('Connexion / Inscription');
    for (const c of seeded.home.courses) expect(text).toContain(c.title);
  });

  it('catalogue: every course title', async () => {
    const { status, root } = await fetchPage('/cours');
    expect(status).toBe(200);
    expectSelfContained(root, '/cours');
    const text = textOf(root);
    expect(text).toContain('Nos cours de cuisine');
    for (const c of seeded.courses) expect(text).toContain(c.title);
    expect(text).toContain(`${seeded.courses.length} cours`);
  });

  it('course detail: its title as the h1, its sessions named in the chef’s time zone', async () => {
    const { status, root } = await fetchPage(`/cours/${course.id}`);
    expect(status).toBe(200);
    expectSelfContained(root, '/cours/:id');
    const h1 = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(root);
    expect(textOf(h1?.[1] ?? '').trim()).toBe(course.title);
    // The server cannot know the browser's zone: it writes Québec's (the browser rewrites it in its own).
    expect(textOf(root)).toMatch(/\d+ h \d\d (HNE|HAE)/);
  });

  it('recipes: the first page of recipes', async () => {
    const { status, root } = await fetchPage('/recettes');
    expect(status).toBe(200);
    expectSelfContained(root, '/recettes');
    const text = textOf(root);
    expect(text).toContain('Bibliothèque de Recettes');
    for (const r of seeded.recipes.recipes) expect(text).toContain(r.name);
  });

  it('recipe detail: its name as the h1, its ingredients and steps', async () => {
    const { status, root } = await fetchPage(`/recettes/${recipe.id}`);
    expect(status).toBe(200);
    expectSelfContained(root, '/recettes/:id');
    const h1 = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(root);
    expect(textOf(h1?.[1] ?? '').trim()).toBe(recipe.name);
    const ingredients = /aria-labelledby="recipe-ingredients"[\s\S]*?<\/section>/.exec(root)?.[0] ?? '';
    expect(ingredients.match(/<li/g)?.length, 'one item per ingredient').toBe(recipe.ingredients?.length);
    expect(root).toContain('id="recipe-steps"');
  });

  it('chefs: every chef', async () => {
    const { status, root } = await fetchPage('/chefs');
    expect(status).toBe(200);
    expectSelfContained(root, '/chefs');
    for (const chef of seeded.chefs) expect(textOf(root)).toContain(chef.fullName);
  });

  it('an unknown address: the 404 page, rendered, with status 404', async () => {
    const { status, root } = await fetchPage('/page-qui-nexiste-pas');
    expect(status).toBe(404);
    expectSelfContained(root, '404');
    expect(textOf(root)).toContain('Page introuvable');
  });

  it('a signed-in person gets the plain shell (their pages differ from a visitor’s)', async () => {
    const res = await fetch(`${baseURL}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseURL },
      body: JSON.stringify(DEMO.learner),
    });
    expect(res.status).toBe(200);
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    for (const path of ['/', `/recettes/${recipe.id}`, '/cours']) {
      const { status, root } = await fetchPage(path, cookie);
      expect(status).toBe(200);
      expect(root, path).toMatch(/^<div id="root"><!--app--><\/div>\s*$/);
    }
  });
});

describe('the signed-in pages the server renders with their data (decision 0045)', () => {
  it('« Aperçu » and a roster come rendered for the admin, kept by no cache', async () => {
    const { id, courseTitle } = await guestChefSession();
    const cookie = adminCookie();
    const overview = await fetchPage('/admin', cookie);
    expect(overview.status).toBe(200);
    expectSelfContained(overview.root, '/admin');
    expect(textOf(overview.root)).toContain('Tableau de Bord Admin');
    expect(textOf(overview.root)).toContain('Séances d’aujourd’hui et des 7 prochains jours');
    expect(textOf(overview.root)).toContain('Revenus nets avant taxes');
    expect(dataKeys(overview.html).sort()).toEqual(['/account/second-factor', '/admin/overview', '/me']);
    expect(overview.cacheControl).toBe('private, no-store');

    const roster = await fetchPage(`/admin/seances/${id}`, cookie);
    expect(roster.status).toBe(200);
    expectSelfContained(roster.root, '/admin/seances/:id');
    expect(textOf(roster.root)).toContain(courseTitle);
    expect(textOf(roster.root)).toContain('Participants confirmés');
    expect(roster.cacheControl).toBe('private, no-store');
  });

  it('the guest chef gets his own roster rendered, and the shell where the admin’s pages are', async () => {
    const { cookie, id, courseTitle } = await guestChefSession();
    const own = await fetchPage(`/mes-seances/${id}`, cookie);
    expect(own.status).toBe(200);
    expectSelfContained(own.root, '/mes-seances/:id');
    expect(textOf(own.root)).toContain(courseTitle);
    expect(textOf(own.root)).toContain('Participants confirmés');
    for (const path of ['/admin', `/admin/seances/${id}`]) {
      const { root, html } = await fetchPage(path, cookie);
      expect(root, path).toMatch(/^<div id="root"><!--app--><\/div>\s*$/);
      expect(dataKeys(html), path).toEqual([]);
    }
  });

  it('a learner and a visitor get the shell of these pages, with none of their data', async () => {
    const { id } = await guestChefSession();
    const learner = await signInCookie(DEMO.learner);
    for (const cookie of [learner, undefined]) {
      for (const path of ['/admin', `/admin/seances/${id}`, `/mes-seances/${id}`]) {
        const { status, root, html } = await fetchPage(path, cookie);
        expect(status).toBe(200);
        expect(root, path).toMatch(/^<div id="root"><!--app--><\/div>\s*$/);
        expect(dataKeys(html), path).toEqual([]);
      }
    }
  });
});

/**
 * Opens `path` holding the app's scripts back until the server's markup is on screen, marks its h1,
 * then lets them run: once React has hydrated the root, the same h1, a card and the footer must still
 * be in the document, each owned by React (it marks the DOM nodes it adopted with its fiber): a page
 * rendered afresh would have replaced them. The card and the footer are hydrated in boundaries of
 * their own (lib/hydration-boundary), after the rest.
 */
async function openAndHydrate(page: Page, path: string) {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  await page.route('**/assets/*.js', async (route) => {
    await gate;
    await route.continue();
  });
  await page.goto(`${baseURL}${path}`, { waitUntil: 'commit' });
  await page.locator('h1').first().waitFor({ state: 'attached' });
  const before = await page.evaluate(() => {
    const h1 = document.querySelector('h1')!;
    (window as unknown as { serverH1: Element }).serverH1 = h1;
    (window as unknown as { serverParts: Array<Element | null> }).serverParts = [document.querySelector('main article'), document.querySelector('footer')];
    return h1.textContent;
  });
  release();
  await page.waitForLoadState('networkidle');
  await page.unroute('**/assets/*.js');
  await expect
    .poll(() =>
      page.evaluate(() => {
        const h1 = (window as unknown as { serverH1: Element }).serverH1;
        const [card, footer] = (window as unknown as { serverParts: Array<Element | null> }).serverParts;
        const owned = (node: Element | null | undefined) => !node || Object.keys(node).some((k) => k.startsWith('__reactFiber$'));
        return (
          Object.keys(document.getElementById('root')!).some((k) => k.startsWith('__reactContainer$')) &&
          owned(h1) &&
          owned(card) &&
          owned(footer) &&
          h1.isConnected &&
          h1 === document.querySelector('h1') &&
          card === document.querySelector('main article') &&
          footer === document.querySelector('footer')
        );
      }),
      // The cards' boundaries are hydrated at a low priority, after the page: on a busy machine, later.
      { timeout: 15_000 },
    )
    .toBe(true);
  return before;
}

/** Console errors besides the document's own 404 status (the 404 page's). */
function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && !/status of 404/.test(m.text())) errors.push(m.text());
  });
  return errors;
}

for (const viewport of viewports) {
  describe(`hydration at ${viewport} width (${VIEWPORTS[viewport].width} px)`, () => {
    // Each public page of DESIGN §6, and the 404 page; a course's and a recipe's are known after beforeAll.
    const pages: Array<{ name: string; path: () => string; h1: () => string }> = [
      { name: 'home', path: () => '/', h1: () => 'Cuisinez avec une cheffe, en direct de chez vous.' },
      { name: 'catalogue', path: () => '/cours', h1: () => 'Nos cours de cuisine' },
      { name: 'a course', path: () => `/cours/${course.id}`, h1: () => course.title },
      { name: 'recipes', path: () => '/recettes', h1: () => 'Bibliothèque de Recettes' },
      { name: 'a recipe', path: () => `/recettes/${recipe.id}`, h1: () => recipe.name },
      { name: 'chefs', path: () => '/chefs', h1: () => 'Nos Chefs' },
      { name: 'membership offer', path: () => '/abonnement', h1: () => 'Toute notre cuisine, sans limites.' },
      { name: 'an unknown address', path: () => '/page-qui-nexiste-pas', h1: () => 'Page introuvable' },
    ];

    for (const { name, path: pathOf, h1 } of pages) {
      it(`${name}: the page adopts the server’s markup without an error, and passes axe`, async () => {
        const path = pathOf();
        const page = await newPage(viewport);
        const console = watchConsole(page);
        expect((await openAndHydrate(page, path))?.trim(), path).toBe(h1());
        await expectNoAxeViolations(page, `${path} hydrated at ${viewport}`);
        expect(console, path).toEqual([]);
        expect(pageErrors(page), path).toEqual([]);
        await page.context().close();
      });
    }

    it('« Aperçu », the admin’s roster and the guest chef’s are adopted without an error, and pass axe', async () => {
      const chef = await guestChefSession();
      const { cookie } = inject('demoAdminSecondFactor');
      const signedIn: Array<{ path: string; h1: string; cookie: { name: string; value: string; secure: boolean } }> = [
        { path: '/admin', h1: 'Tableau de Bord Admin', cookie },
        { path: `/admin/seances/${chef.id}`, h1: 'Tableau de Bord Admin', cookie },
      ];
      const [name, value] = chef.cookie.split('; ').find((c) => c.split('=')[0]!.endsWith('session_token'))!.split(/=(.*)/s);
      signedIn.push({ path: `/mes-seances/${chef.id}`, h1: 'Liste des participants', cookie: { name: name!, value: value!, secure: cookie.secure } });
      for (const { path, h1, cookie: session } of signedIn) {
        const page = await newPage(viewport);
        await page.context().addCookies([{ ...session, domain: new URL(baseURL).hostname, path: '/', httpOnly: true, sameSite: 'Lax' }]);
        const console = watchConsole(page);
        expect((await openAndHydrate(page, path))?.trim(), path).toBe(h1);
        await expectNoAxeViolations(page, `${path} hydrated at ${viewport}`);
        expect(console, path).toEqual([]);
        expect(pageErrors(page), path).toEqual([]);
        await page.context().close();
      }
    });

    it.runIf(runsEveryJourney(viewport))('a mismatch between the server’s markup and the browser’s render is reported, not mended silently', async () => {
      const page = await newPage(viewport);
      const console = watchConsole(page);
      // The server's page for /chefs with its heading altered on the way: what a render that depends
      // on something only one side knows (the time, the window) would send.
      await page.route(`${baseURL}/chefs`, async (route) => {
        const response = await route.fetch();
        const html = (await response.text()).replace('>Nos Chefs</h1>', '>Nos Cheffes</h1>');
        await route.fulfill({ response, body: html });
      });
      await page.goto(`${baseURL}/chefs`, { waitUntil: 'networkidle' });
      // React's production build names the mismatch by its code (#418: text differs from the server's).
      await expect.poll(() => pageErrors(page).some((e) => /React error #418/.test(e))).toBe(true);
      expect(console.some((e) => e.startsWith('Hydratation :')), 'logged with where it happened').toBe(true);
      // React then renders the part afresh: the browser's heading wins.
      await expect.poll(() => page.locator('h1').first().textContent()).toBe('Nos Chefs');
      await page.context().close();
    });

    it('the hydrated app works: the navigation stays in the app, the servings change', async () => {
      const page = await newPage(viewport);
      const console = watchConsole(page);
      await openAndHydrate(page, `/recettes/${recipe.id}`);
      const servings = page.getByRole('group', { name: 'Nombre de portions' });
      const shown = async () => Number(/\d+/.exec((await servings.textContent()) ?? '')?.[0]);
      const start = await shown();
      await page.getByRole('button', { name: 'Ajouter une portion' }).click();
      await expect.poll(shown).toBe(start + 1);
      // A link of the main navigation: React Router's navigation, not a new document (the marker stays).
      await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Cours' }).click();
      await expect.poll(() => page.locator('h1').first().textContent()).toBe('Nos cours de cuisine');
      expect(await page.evaluate(() => 'serverH1' in window)).toBe(true);
      expect(console).toEqual([]);
      expect(pageErrors(page)).toEqual([]);
      await page.context().close();
    });

    it('the cards, adopted after the rest of the page, lead to their page within the app', async () => {
      const page = await newPage(viewport);
      const console = watchConsole(page);
      await openAndHydrate(page, '/recettes');
      const card = page.locator('main article').first();
      const name = (await card.getByRole('heading').textContent())!.trim();
      await card.getByRole('link').click();
      await expect.poll(() => page.locator('h1').first().textContent()).toBe(name);
      // React Router's navigation, not a new document: the marker set before the adoption stays.
      expect(await page.evaluate(() => 'serverH1' in window)).toBe(true);
      expect(console).toEqual([]);
      expect(pageErrors(page)).toEqual([]);
      await page.context().close();
    });

    it('the home hero photo is there at first paint on wide screens, and phones never download it', async () => {
      const page = await newPage(viewport);
      const console = watchConsole(page);
      await openAndHydrate(page, '/');
      const hero = page.locator('section[aria-labelledby="hero-title"] picture img');
      const heroPhoto = seeded.home.courses[0]?.imageUrl ?? seeded.home.recipes[0]?.imageUrl;
      if (viewport === 'desktop') {
        await expect.poll(() => hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 1 && new URL(img.currentSrc).pathname)).toBe(heroPhoto);
        expect(await hero.isVisible()).toBe(true);
      } else {
        expect(await hero.isVisible()).toBe(false);
        // The picture's source does not apply: the img keeps its blank pixel, no photo is asked for.
        expect(await hero.evaluate((img: HTMLImageElement) => img.currentSrc.slice(0, 15))).toBe('data:image/gif;');
      }
      expect(console).toEqual([]);
      expect(pageErrors(page)).toEqual([]);
      await page.context().close();
    });

    it('the app’s code is asked for once the server’s page has painted, all of it at once', async () => {
      for (const path of ['/', '/cours', '/recettes', `/recettes/${recipe.id}`]) {
        const page = await newPage(viewport);
        await page.goto(`${baseURL}${path}`, { waitUntil: 'networkidle' });
        // Hydrated (React marks the nodes it adopted), so the app's code has all been asked for.
        await expect
          .poll(() => page.evaluate(() => Object.keys(document.querySelector('h1')!).some((k) => k.startsWith('__reactFiber$'))))
          .toBe(true);
        // The HTML names the entry and what it imports itself; the app and the page's chunks only
        // come in the list the entry reads (no modulepreload for them).
        const html = await (await fetch(`${baseURL}${path}`)).text();
        const listed = JSON.parse(/<script type="application\/json" id="toque-modules">(.*?)<\/script>/.exec(html)?.[1] ?? '[]') as string[];
        expect(listed.some((f) => /\/start-[\w-]+\.js$/.test(f)), path).toBe(true);
        for (const file of listed) expect(html, path).not.toContain(`rel="modulepreload" crossorigin href="${file}"`);
        const timing = {
          paint: (await performanceEntries(page, 'paint')).find((e) => e.name === 'first-contentful-paint')?.startTime ?? null,
          code: (await performanceEntries(page, 'resource'))
            .filter((e) => new URL(e.name).pathname.endsWith('.js'))
            .map((e) => ({ path: new URL(e.name).pathname, at: e.startTime })),
        };
        expect(timing.paint, path).not.toBeNull();
        const fetched = timing.code.filter((c) => listed.includes(c.path));
        expect(fetched.map((c) => c.path).sort(), path).toEqual([...listed].sort());
        for (const c of fetched) expect(c.at, `${path}: ${c.path} asked for after the first paint`).toBeGreaterThanOrEqual(timing.paint!);
        expect(pageErrors(page), path).toEqual([]);
        await page.context().close();
      }
    });

    it('with a query string the page is rendered afresh by the browser, without an error', async () => {
      const page = await newPage(viewport);
      const console = watchConsole(page);
      await page.goto(`${baseURL}/recettes?q=tarte`, { waitUntil: 'networkidle' });
      await expect.poll(() => page.locator('h1').first().textContent()).toBe('Bibliothèque de Recettes');
      await expect.poll(() => page.getByRole('searchbox').or(page.getByRole('textbox')).first().inputValue()).toBe('tarte');
      expect(console).toEqual([]);
      expect(pageErrors(page)).toEqual([]);
      await page.context().close();
    });
  });
}
