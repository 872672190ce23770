import { fileURLToPath } from 'node:url';
import { preact } from '@preact/preset-vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// The components are React-style code run by Preact 11 through preact/compat (docs/decisions/0019):
// the preset points `react` and `react-dom` at it, in the browser's build and the server's alike.
// `vite build --ssr entry-server.tsx`: the server's render of the public pages (docs/decisions/0018),
// beside the client's build; it needs neither the public folder nor a manifest. Every package goes
// into that bundle: left external, Node would load a library's `import 'react'` as React itself.
export default defineConfig(({ isSsrBuild }) => ({
  root: r('./src/client'),
  publicDir: r('./src/client/public'),
  plugins: [preact(), tailwindcss()],
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
  },
  server: {
    proxy: { '/api': 'http://localhost:3000', '/media': 'http://localhost:3000' },
  },
}));
