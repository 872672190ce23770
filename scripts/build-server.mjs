// Bundles the server into dist/server/index.js (or `--outdir <dir>`: <dir>/server/index.js, for a build
// of one's own beside another, inside the project so node_modules is found).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const flag = process.argv.indexOf('--outdir');
const outDir = flag > 0 ? process.argv[flag + 1] : 'dist';

/**
 * Dependencies bundled into the server file: plain JavaScript that every start loads anyway, spread
 * over hundreds of files whose resolution and loading were a good part of the start-up time. Every
 * other dependency stays in node_modules: native code (sharp), WebAssembly and data files found beside
 * their module (PGlite, pdfkit's fonts), worker files (pino), those loaded on first use only
 * (nodemailer, pdfkit, qrcode), and the rest, which gain little.
 */
const BUNDLED = new Set(['hono', '@hono/node-server', 'drizzle-orm', 'zod', 'better-auth', 'date-fns', 'ical-generator', 'openid-client', 'p-limit']);

const { dependencies } = JSON.parse(readFileSync('package.json', 'utf8'));
const external = Object.keys(dependencies)
  .filter((name) => !BUNDLED.has(name))
  .flatMap((name) => [name, `${name}/*`])
  // pg's optional native driver, never installed.
  .concat('pg-native');

await build({
  entryPoints: ['src/server/index.ts'],
  outfile: path.join(outDir, 'server/index.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external,
  tsconfig: 'tsconfig.json',
  sourcemap: true,
  logLevel: 'warning',
});
