// `npm start`: builds the app when the build is missing or older than the sources, then runs it.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const built = [path.join(root, 'dist/server/index.js'), path.join(root, 'dist/client/index.html'), path.join(root, 'dist/ssr/entry-server.js')];

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

const stale =
  !built.every(existsSync) ||
  newestMtime(path.join(root, 'src')) > Math.min(...built.map((f) => statSync(f).mtimeMs));

if (stale) {
  console.log('Construction de l’application…');
  const r = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

process.env.NODE_ENV ??= 'production';
await import(pathToFileURL(path.join(root, 'dist/server/index.js')).href);
