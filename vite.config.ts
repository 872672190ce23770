import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { silenceKnownWarnings } from './scripts/lib/rollup-warnings.mjs';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// After a server-rendered page has painted, the entry evaluates the app's chunks one per task, each
// after those it imports (src/client/main.tsx): the chunks are the steps, so none may be long to run.
// React and React DOM first, then the libraries the app is written on (router, query cache), then
// the small shared modules, the app's shell and the page. Rollup puts a manual chunk's dependencies
// in it unless they have a chunk of their own: without REACT and LIBRARIES, `ui` held React, React
// Router and TanStack Query (43 kB gzip) and ran with the app in one task.
const REACT = /\/node_modules\/(react|react-dom|scheduler)\//;
const LIBRARIES = /\/node_modules\/(react-router|@tanstack\/(query-core|react-query))\//;

const SHARED_UI = [
  /\/node_modules\/lucide-react\//,
  /\/src\/client\/components\/ui\/(Badge|Button|Card|EmptyState|ErrorPanel|LinkCard|PageHeader|Pager|ResponsiveImage|Select|Skeleton)\.tsx$/,
  /\/src\/client\/lib\/(notify|toast|use-api-query|use-error-toast|use-media-query|use-page-title|use-time-zone|use-url-params|hydration-boundary)\.tsx?$/,
  /\/src\/shared\/(catalog|format)\.ts$/,
];

// What the entry needs before the page has painted goes in a small chunk of its own: the manual
// `ui` chunk would otherwise take the modules it shares with the app (and all of `ui` would load
// first). Not the entry's own chunk: the app imports the preload helper, and a chunk that both
// awaits the app and is imported by it would wait for itself.
const BOOT = [/\/src\/client\/lib\/after-first-paint\.ts$/, /\/src\/shared\/initial-data\.ts$/, /vite\/preload-helper/];

function sharedChunk(id: string): string | undefined {
  if (BOOT.some((re) => re.test(id))) return 'boot';
  if (REACT.test(id)) return 'react';
  if (LIBRARIES.test(id)) return 'libraries';
  return SHARED_UI.some((re) => re.test(id)) ? 'ui' : undefined;
}

// `vite build --ssr entry-server.tsx`: the server's render of the public pages with react-dom's
// server renderer (docs/decisions/0018, 0022), beside the client's build; it needs neither the public
// folder nor a manifest. Every package goes into that bundle, so the server's render runs the very
// versions the browser's build was made with.
export default defineConfig(({ isSsrBuild }) => ({
  root: r('./src/client'),
  publicDir: r('./src/client/public'),
  plugins: [react(), tailwindcss()],
  ssr: { noExternal: true },
  resolve: {
    alias: {
      '@shared': r('./src/shared'),
      '@client': r('./src/client'),
    },
  },
  build: {
    outDir: r(isSsrBuild ? './dist/ssr' : './dist/client'),
    emptyOutDir: true,
    sourcemap: false,
    manifest: !isSsrBuild,
    copyPublicDir: !isSsrBuild,
    target: isSsrBuild ? 'node20' : 'es2022',
    // React ships CommonJS. Wrapped in a function (the CommonJS plugin's default), React DOM's ~190 kB
    // were compiled on the main thread when the `react` chunk ran (V8 only pre-parses functions while
    // a script downloads), about half of that task. Unwrapped, they are the chunk's top-level code,
    // compiled off the main thread as it downloads. Only React's three packages, which have no
    // require cycles: every other CommonJS package keeps its wrapper.
    ...(isSsrBuild ? {} : { commonjsOptions: { strictRequires: ['**/node_modules/!(react|react-dom|scheduler)/**'] } }),
    // The small modules nearly every page uses (UI parts, icons, formatting, the data hooks) go in
    // one chunk instead of one file each: a public page then loads 5–9 files, not 19–29, for ~3 kB
    // more. Under Lighthouse's simulated mobile network each file costs a round trip on one of six
    // connections, ahead of the largest image (docs/performance.md).
    // A first start builds in front of a newcomer: the known, harmless warnings of dependencies are dropped.
    rollupOptions: { onLog: silenceKnownWarnings, ...(isSsrBuild ? {} : { output: { manualChunks: sharedChunk } }) },
  },
  server: {
    proxy: { '/api': 'http://localhost:3000', '/media': 'http://localhost:3000' },
  },
}));
