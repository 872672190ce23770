// How a page's head asks for the route's code: as hints the browser acts on at once for the app's
// shell, as a list the entry reads after the first paint for a page the server rendered.
import { describe, expect, it } from 'vitest';
import { PAGE_MODULES_ID } from '@shared/initial-data';
import { renderHead, type PageHead } from '../../../src/server/web/seo/head';

const head: PageHead = {
  title: 'Tarte au sucre',
  description: 'Une tarte.',
  ogType: 'article',
  image: { url: 'http://localhost/og.png', alt: 'Toque' },
  preloads: { modules: ['assets/start-a.js', 'assets/RecipeDetailPage-b.js'], styles: ['assets/page-c.css'], fonts: ['assets/fraunces-d.woff2'] },
};

const modulesList = (html: string) => {
  const json = new RegExp(`<script type="application/json" id="${PAGE_MODULES_ID}">(.*?)</script>`).exec(html)?.[1];
  return json === undefined ? undefined : (JSON.parse(json) as string[]);
};

describe('the code hints of a page', () => {
  it('an empty shell: a modulepreload per file, no list', () => {
    const html = renderHead(head);
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/start-a.js" />');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/RecipeDetailPage-b.js" />');
    expect(modulesList(html)).toBeUndefined();
  });

  it('a page the server rendered: the list for after the first paint, no modulepreload, the font and styles at once', () => {
    const html = renderHead({ ...head, serverRendered: true });
    expect(html).not.toContain('modulepreload');
    expect(modulesList(html)).toEqual(['/assets/start-a.js', '/assets/RecipeDetailPage-b.js']);
    expect(html).toContain('<link rel="preload" as="font" type="font/woff2" crossorigin href="/assets/fraunces-d.woff2" />');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/page-c.css" />');
  });

  it('a page the server rendered without a chunk of its own: no list', () => {
    expect(modulesList(renderHead({ ...head, preloads: { modules: [], styles: [] }, serverRendered: true }))).toBeUndefined();
  });
});
