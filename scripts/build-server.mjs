// Bundles the server into dist/server/index.js (or `--outdir <dir>`: <dir>/server/index.js, for a build
// of one's own beside another); dependencies stay in node_modules.
import path from 'node:path';
import { build } from 'esbuild';

const flag = process.argv.indexOf('--outdir');
const outDir = flag > 0 ? process.argv[flag + 1] : 'dist';

await build({
  entryPoints: ['src/server/index.ts'],
  outfile: path.join(outDir, 'server/index.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  tsconfig: 'tsconfig.json',
  sourcemap: true,
  logLevel: 'warning',
});
