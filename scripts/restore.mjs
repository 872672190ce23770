// `npm run restore <archive> [--force]`: puts back what `npm run backup` saved — the embedded
// database (DATA_DIR/pglite), the uploaded files (DATA_DIR/uploads) and the auth secret — into
// DATA_DIR. The server must be stopped. A data folder that already holds a database or uploads is
// left alone unless --force; then its contents are moved aside (DATA_DIR/avant-restauration-<date>),
// never deleted. The archive is unpacked and the database opened in a staging folder first: a bad
// archive changes nothing.
import { existsSync } from 'node:fs';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { dataPaths, processesUsing, stamp } from './lib/data-dir.mjs';
import { fileSink, memorySink, readTar, readTarGz } from './lib/tar.mjs';

const MANIFEST = 'toque-sauvegarde.json';

function fail(message, code = 1) {
  console.error(message);
  process.exit(code);
}

const args = process.argv.slice(2);
const force = args.includes('--force');
const archive = args.find((a) => !a.startsWith('--'));
if (!archive) fail('Indiquez l’archive à restaurer : npm run restore -- <archive.tar.gz> [--force]');
if (!existsSync(archive)) fail(`Archive introuvable : ${archive}`);
if (process.env.DATABASE_URL) {
  fail('La base de données est un serveur PostgreSQL (DATABASE_URL) : restaurez-la avec pg_restore. Cette commande ne restaure que la base intégrée.', 2);
}

const { dataDir, pgliteDir, uploadsDir, authSecret } = dataPaths();

const users = existsSync(pgliteDir) ? processesUsing(pgliteDir) : [];
if (users === null) {
  console.warn("Impossible de vérifier qu'aucun serveur n'utilise la base : assurez-vous que le serveur Toque est arrêté.");
} else if (users.length > 0) {
  fail(`La base intégrée est ouverte par un autre processus (${users.join(', ')}), sans doute le serveur Toque. Arrêtez-le avant de restaurer.`);
}

async function hasContent(dir) {
  try {
    return (await readdir(dir)).length > 0;
  } catch {
    return false;
  }
}
const occupied = (await hasContent(pgliteDir)) || (await hasContent(uploadsDir));
if (occupied && !force) {
  fail(
    `Le dossier de données ${dataDir} contient déjà une base ou des fichiers téléversés. ` +
      'Rien n’a été modifié. Pour les remplacer, relancez avec --force (ils seront mis de côté, pas effacés).',
  );
}

// Everything is unpacked beside the data first.
await mkdir(dataDir, { recursive: true });
const staging = path.join(dataDir, `.restauration-${stamp()}-${process.pid}`);
await mkdir(staging);
let manifest = null;
let dump = null;
let uploads = 0;

/** Only the names a backup writes; nothing may land outside the staging folder. */
function safeUploadPath(name) {
  const parts = name.split('/');
  if (parts[0] !== 'uploads' || parts.length < 2 || parts.some((p) => p === '' || p === '.' || p === '..' || p.includes('\\'))) return null;
  return path.join(staging, ...parts);
}

try {
  await readTarGz(archive, async ({ name, mode }) => {
    if (name === MANIFEST) return memorySink((bytes) => (manifest = JSON.parse(bytes.toString('utf8'))));
    if (name === 'pglite.tar') return memorySink((bytes) => (dump = bytes));
    if (name === 'auth-secret') return fileSink(path.join(staging, 'auth-secret'), 0o600);
    const target = safeUploadPath(name);
    if (!target) throw new Error(`entrée inattendue « ${name} »`);
    uploads++;
    await mkdir(path.dirname(target), { recursive: true });
    return fileSink(target, mode & 0o666 || 0o644);
  });
  if (!manifest || manifest.format !== 1 || manifest.database !== 'pglite' || !dump) {
    throw new Error("ce n'est pas une sauvegarde de Toque (npm run backup)");
  }
  // PGlite's dump is a tar of its data folder ('/PG_VERSION', '/base/1/…'): unpacked as files
  // (quicker than PGlite's loadDataDir), then opened once: an archive PGlite cannot read stops here.
  const pgStaging = path.join(staging, 'pglite');
  await mkdir(pgStaging, { mode: 0o750 });
  const inDatabase = (name) => {
    const parts = name.split('/').filter((p) => p !== '');
    if (parts.length === 0 || parts.some((p) => p === '.' || p === '..' || p.includes('\\'))) throw new Error(`entrée inattendue « ${name} » dans la base`);
    return path.join(pgStaging, ...parts);
  };
  await readTar(
    [dump],
    async ({ name, mode }) => {
      const target = inDatabase(name);
      await mkdir(path.dirname(target), { recursive: true, mode: 0o750 });
      return fileSink(target, mode & 0o777 || 0o640);
    },
    async ({ name, mode }) => void (await mkdir(inDatabase(name), { recursive: true, mode: mode & 0o777 || 0o750 })),
  );
  const db = new PGlite(pgStaging);
  try {
    await db.waitReady;
    await db.query('select count(*) from drizzle.__drizzle_migrations');
  } finally {
    await db.close();
  }
} catch (err) {
  await rm(staging, { recursive: true, force: true });
  fail(`Restauration impossible : ${err instanceof Error ? err.message : String(err)}. Rien n’a été modifié.`);
}

// What the restore replaces is moved aside (the stored secret only when the archive brings one).
const replaced = [
  [pgliteDir, 'pglite'],
  [uploadsDir, 'uploads'],
  ...(existsSync(path.join(staging, 'auth-secret')) ? [[authSecret, 'auth-secret']] : []),
].filter(([from]) => existsSync(from));
if (replaced.length > 0) {
  const aside = path.join(dataDir, `avant-restauration-${stamp()}`);
  await mkdir(aside, { recursive: true });
  for (const [from, name] of replaced) await rename(from, path.join(aside, name));
  console.log(`Les données remplacées sont mises de côté dans ${aside}`);
}
await rename(path.join(staging, 'pglite'), pgliteDir);
if (existsSync(path.join(staging, 'uploads'))) await rename(path.join(staging, 'uploads'), uploadsDir);
if (existsSync(path.join(staging, 'auth-secret'))) await rename(path.join(staging, 'auth-secret'), authSecret);
await rm(staging, { recursive: true, force: true });

console.log(`Restauration terminée dans ${dataDir} (sauvegarde du ${manifest.createdAt}, ${uploads} fichiers téléversés).`);
console.log('Vous pouvez démarrer le serveur.');
