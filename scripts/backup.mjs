// `npm run backup [archive]`: one archive of the embedded database (PGlite, under DATA_DIR/pglite),
// the uploaded files (DATA_DIR/uploads: pictures, course videos) and the stored auth secret
// (DATA_DIR/auth-secret, when there is one). By default DATA_DIR/backups/toque-YYYYMMDD-HHMMSS.tar.gz.
//
// The server must be stopped: PGlite belongs to the one process that opened it, and a second
// process opening the same folder (this script) while the server writes would corrupt it. The
// script refuses when it sees a process holding the database's files (Linux /proc).
// With DATABASE_URL (PostgreSQL), pg_dump is the tool: this script does not replace it.
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { dataPaths, processesUsing, rootDir, stamp } from './lib/data-dir.mjs';
import { writeTarGz } from './lib/tar.mjs';

export const MANIFEST = 'toque-sauvegarde.json';

function fail(message, code = 1) {
  console.error(message);
  process.exit(code);
}

if (process.env.DATABASE_URL) {
  fail(
    'La base de données est un serveur PostgreSQL (DATABASE_URL) : sauvegardez-la avec pg_dump ' +
      '(par exemple « pg_dump --format=custom --file=toque.dump "$DATABASE_URL" »), et copiez le dossier ' +
      'des fichiers téléversés (DATA_DIR/uploads) à part. Cette commande ne sauvegarde que la base intégrée.',
    2,
  );
}

const { dataDir, pgliteDir, uploadsDir, authSecret } = dataPaths();
if (!existsSync(path.join(pgliteDir, 'PG_VERSION'))) fail(`Aucune base intégrée dans ${pgliteDir} : rien à sauvegarder.`);

const users = processesUsing(pgliteDir);
if (users === null) {
  console.warn("Impossible de vérifier qu'aucun serveur n'utilise la base : assurez-vous que le serveur Toque est arrêté.");
} else if (users.length > 0) {
  fail(
    `La base intégrée est ouverte par un autre processus (${users.join(', ')}), sans doute le serveur Toque. ` +
      "Arrêtez-le avant de sauvegarder : la base intégrée n'accepte qu'un processus à la fois.",
  );
}

const target = path.resolve(process.argv[2] ?? path.join(dataDir, 'backups', `toque-${stamp()}.tar.gz`));
if (existsSync(target)) fail(`Le fichier ${target} existe déjà : choisissez un autre nom.`);
await mkdir(path.dirname(target), { recursive: true });

// Opening the folder finishes whatever the last process left (a crash), and the dump is taken by
// PGlite itself: a consistent copy of the database.
const db = new PGlite(pgliteDir);
let dump;
try {
  await db.waitReady;
  dump = Buffer.from(await (await db.dumpDataDir('none')).arrayBuffer());
} finally {
  await db.close();
}

async function* uploadedFiles(dir, prefix) {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return; // no uploads yet
  }
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const full = path.join(dir, entry.name);
    const name = `${prefix}/${entry.name}`;
    if (entry.isDirectory()) yield* uploadedFiles(full, name);
    // A half-written upload (.part) is not a file of the site.
    else if (entry.isFile() && !entry.name.endsWith('.part')) yield { name, file: full, info: await stat(full) };
  }
}

/** Recorded so a restore can say which PGlite wrote the archive (a data folder follows its version). */
function pgliteVersion() {
  try {
    return JSON.parse(readFileSync(path.join(rootDir, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')).version;
  } catch {
    return null;
  }
}

let uploads = 0;
let uploadBytes = 0;
let withSecret = false;
async function* entries() {
  const manifest = { format: 1, createdAt: new Date().toISOString(), database: 'pglite', pgliteVersion: pgliteVersion() };
  const manifestBytes = Buffer.from(JSON.stringify(manifest, null, 2) + '\n');
  yield { name: MANIFEST, size: manifestBytes.length, data: manifestBytes };
  yield { name: 'pglite.tar', size: dump.length, data: dump, mode: 0o600 };
  if (existsSync(authSecret)) {
    const info = await stat(authSecret);
    withSecret = true;
    yield { name: 'auth-secret', size: info.size, file: authSecret, mode: 0o600, mtime: info.mtime };
  }
  for await (const { name, file, info } of uploadedFiles(uploadsDir, 'uploads')) {
    uploads++;
    uploadBytes += info.size;
    yield { name, size: info.size, file, mtime: info.mtime };
  }
}

// Written beside its final name, then renamed: a half-written archive never looks like a backup.
const partial = `${target}.part`;
try {
  await writeTarGz(partial, entries());
  await rename(partial, target);
} catch (err) {
  await rm(partial, { force: true });
  fail(`Sauvegarde impossible : ${err instanceof Error ? err.message : String(err)}`);
}

const mb = (n) => (n / 1024 / 1024).toFixed(1);
console.log(`Sauvegarde écrite : ${target}`);
console.log(`  base intégrée : ${mb(dump.length)} Mo ; fichiers téléversés : ${uploads} (${mb(uploadBytes)} Mo)`);
if (withSecret) console.log('  Elle contient le secret des sessions du site (auth-secret) : gardez-la en lieu sûr.');
