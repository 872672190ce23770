// Which files a page's code is, from Vite's manifest, and in what order: the entry evaluates them one
// per task in the order given (src/client/main.tsx), so each must come after the files it imports,
// or one task would evaluate it with them.
import { expect, it } from 'vitest';
import { pagePreloads, type ViteManifest } from '../../../src/server/web/html/manifest';

const manifest: ViteManifest = {
  'index.html': { file: 'assets/index-a.js', isEntry: true, imports: ['_boot-b.js'], dynamicImports: ['start.tsx'], css: ['assets/index-c.css'] },
  '_boot-b.js': { file: 'assets/boot-b.js' },
  'start.tsx': { file: 'assets/start-d.js', imports: ['_react-e.js', '_libraries-f.js', '_ui-g.js', '_boot-b.js'] },
  '_react-e.js': { file: 'assets/react-e.js' },
  '_libraries-f.js': { file: 'assets/libraries-f.js', imports: ['_react-e.js'] },
  '_ui-g.js': { file: 'assets/ui-g.js', imports: ['_react-e.js', '_libraries-f.js', '_boot-b.js'] },
  '_RecipeBadges-h.js': { file: 'assets/RecipeBadges-h.js', imports: ['_react-e.js', '_ui-g.js'] },
  'features/recipes/RecipeDetailPage.tsx': {
    file: 'assets/RecipeDetailPage-i.js',
    imports: ['_react-e.js', '_ui-g.js', 'start.tsx', '_RecipeBadges-h.js'],
    css: ['assets/RecipeDetailPage-j.css'],
  },
};

it('lists the app and the page after what they import, without what the entry loads itself', () => {
  const { modules, styles } = pagePreloads(manifest, 'features/recipes/RecipeDetailPage.tsx');
  expect(modules).toEqual([
    'assets/react-e.js',
    'assets/libraries-f.js',
    'assets/ui-g.js',
    'assets/start-d.js',
    'assets/RecipeBadges-h.js',
    'assets/RecipeDetailPage-i.js',
  ]);
  expect(styles).toEqual(['assets/RecipeDetailPage-j.css']);
  // Whatever the build: no file before one it imports.
  const fileOf = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk]));
  const keyOf = new Map(Object.entries(manifest).map(([key, chunk]) => [key, chunk.file]));
  modules.forEach((file, i) => {
    for (const dep of fileOf.get(file)?.imports ?? []) {
      const at = modules.indexOf(keyOf.get(dep)!);
      if (at !== -1) expect(at, `${file} after ${keyOf.get(dep)}`).toBeLessThan(i);
    }
  });
});

it('adds the lazy parts a signed-in page renders at once after the page, and each file once (decision 0045)', () => {
  const withMenu: ViteManifest = {
    ...manifest,
    'app/layout/UserMenu.tsx': { file: 'assets/UserMenu-k.js', imports: ['_react-e.js', '_ui-g.js', '_menu-l.js'] },
    '_menu-l.js': { file: 'assets/menu-l.js', imports: ['_react-e.js'] },
  };
  const { modules } = pagePreloads(withMenu, 'features/recipes/RecipeDetailPage.tsx', ['app/layout/UserMenu.tsx', 'missing/Part.tsx']);
  expect(modules).toEqual([
    'assets/react-e.js',
    'assets/libraries-f.js',
    'assets/ui-g.js',
    'assets/start-d.js',
    'assets/RecipeBadges-h.js',
    'assets/RecipeDetailPage-i.js',
    'assets/menu-l.js',
    'assets/UserMenu-k.js',
  ]);
});
