import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// `vite build --ssr entry-server.tsx`: the server's render of the public pages (docs/decisions/0018),
// beside the client's build; it needs neither the public folder nor a manifest.
export default defineConfig(({ isSsrBuild }) => ({
  root: r('./src/client'),
  publicDir: r('./src/client/public'),
  plugins: [react(), tailwindcss()],
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
