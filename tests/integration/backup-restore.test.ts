// `npm run backup` / `npm run restore` for the embedded database, run as an operator runs them
// (node scripts/…, DATA_DIR in the environment): data and an upload are saved, lost, and back after
// the restore; a database some process has open, a data folder in use, a PostgreSQL setup and a
// damaged archive are refused with a French message. The round trip needs PGlite's migrated
// template (the PGlite run); with TEST_DATABASE_URL only the PostgreSQL refusal runs.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { openDatabase } from '../../src/server/db/client';
import { users } from '../../src/server/db/schema';
import { createUser } from '../factories';
import { rootDir, testMigrationsDir } from '../setup/test-db';

const template = process.env.TEST_DATABASE_URL ? '' : inject('pgliteTemplateDir');

let workDir: string;
beforeAll(async () => {
  workDir = await mkdtemp(path.join(os.tmpdir(), 'toque-backup-'));
});
afterAll(() => rm(workDir, { recursive: true, force: true }));

function script(name: 'backup' | 'restore', args: string[], env: Record<string, string | undefined>) {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
  if (env.DATABASE_URL === undefined) delete childEnv.DATABASE_URL;
  const child = spawn(process.execPath, [path.join(rootDir, `scripts/${name}.mjs`), ...args], { cwd: rootDir, env: childEnv });
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (out += c.toString()));
  return new Promise<{ code: number | null; out: string }>((resolve) => child.once('close', (code) => resolve({ code, out })));
}

async function withDatabase<T>(dataDir: string, work: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>): Promise<T> {
  const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite'), migrationsDir: testMigrationsDir });
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
}

describe('backup with PostgreSQL', () => {
  it('says pg_dump is the tool, and fails', async () => {
    const dataDir = path.join(workDir, 'pg');
    const { code, out } = await script('backup', [], { DATA_DIR: dataDir, DATABASE_URL: 'postgres://toque@127.0.0.1:5432/toque' });
    expect(code).not.toBe(0);
    expect(out).toContain('pg_dump');
    expect(out).toContain('Cette commande ne sauvegarde que la base intégrée.');
    const restore = await script('restore', [path.join(workDir, 'nulle-part.tar.gz')], { DATA_DIR: dataDir, DATABASE_URL: 'postgres://toque@127.0.0.1:5432/toque' });
    expect(restore.code).not.toBe(0);
  });
});

describe.skipIf(!template)('backup and restore of the embedded database (PGlite)', () => {
  it('saves the data and the uploads, and puts them back after they are lost', async () => {
    const dataDir = path.join(workDir, 'data');
    await cp(template, path.join(dataDir, 'pglite'), { recursive: true });
    const photo = randomBytes(300_000);
    await mkdir(path.join(dataDir, 'uploads/images'), { recursive: true });
    await writeFile(path.join(dataDir, 'uploads/images/tarte-au-sucre.jpg'), photo);
    const video = randomBytes(1_000_000);
    await mkdir(path.join(dataDir, 'uploads/videos'), { recursive: true });
    await writeFile(path.join(dataDir, 'uploads/videos/cours-1.mp4'), video);
    await writeFile(path.join(dataDir, 'auth-secret'), 'secret-stocke-0123456789', { mode: 0o600 });

    // Refused while a process (this one) has the database open: two PGlite on one folder corrupt it.
    const held = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite'), migrationsDir: testMigrationsDir });
    let person: { id: string };
    try {
      person = await createUser(held.db, { fullName: 'Rosalie Sauvegarde' });
      const busy = await script('backup', [], { DATA_DIR: dataDir });
      expect(busy.code).not.toBe(0);
      expect(busy.out).toContain(`ouverte par un autre processus (${process.pid})`);
    } finally {
      await held.close();
    }

    const saved = await script('backup', [], { DATA_DIR: dataDir });
    expect(saved.out).toContain('Sauvegarde écrite');
    expect(saved.code).toBe(0);
    const [archiveName] = await readdir(path.join(dataDir, 'backups'));
    expect(archiveName).toMatch(/^toque-\d{8}-\d{6}\.tar\.gz$/);
    const archive = path.join(dataDir, 'backups', archiveName!);
    // It holds the site's secret: readable by its owner only.
    expect((await stat(archive)).mode & 0o077).toBe(0);

    // Lost: the database and the uploads.
    await rm(path.join(dataDir, 'pglite'), { recursive: true });
    await rm(path.join(dataDir, 'uploads'), { recursive: true });
    await rm(path.join(dataDir, 'auth-secret'));

    const restored = await script('restore', [archive], { DATA_DIR: dataDir });
    expect(restored.out).toContain('Restauration terminée');
    expect(restored.code).toBe(0);
    const [row] = await withDatabase(dataDir, async (db) => {
      const found = await db.select().from(users).where(eq(users.id, person.id));
      // Changed after the backup: what a restore without --force must leave alone.
      await db.update(users).set({ name: 'Nom changé après la sauvegarde' }).where(eq(users.id, person.id));
      return found;
    });
    expect(row?.name).toBe('Rosalie Sauvegarde');
    expect((await readFile(path.join(dataDir, 'uploads/images/tarte-au-sucre.jpg'))).equals(photo)).toBe(true);
    expect((await readFile(path.join(dataDir, 'uploads/videos/cours-1.mp4'))).equals(video)).toBe(true);
    expect(await readFile(path.join(dataDir, 'auth-secret'), 'utf8')).toBe('secret-stocke-0123456789');

    // A data folder in use is not overwritten without --force …
    const before = await readdir(path.join(dataDir, 'pglite/base'), { recursive: true });
    const refused = await script('restore', [archive], { DATA_DIR: dataDir });
    expect(refused.code).not.toBe(0);
    expect(refused.out).toContain('relancez avec --force');
    expect(await readdir(path.join(dataDir, 'pglite/base'), { recursive: true })).toEqual(before);
    expect((await readdir(dataDir)).filter((n) => n.startsWith('avant-restauration-'))).toEqual([]);

    // … and with --force the current data is set aside, not deleted.
    const forced = await script('restore', [archive, '--force'], { DATA_DIR: dataDir });
    expect(forced.code).toBe(0);
    const aside = (await readdir(dataDir)).filter((n) => n.startsWith('avant-restauration-'));
    expect(aside).toHaveLength(1);
    expect(await readdir(path.join(dataDir, aside[0]!))).toEqual(expect.arrayContaining(['pglite', 'uploads']));
    const names = await withDatabase(dataDir, async (db) => (await db.select().from(users).where(eq(users.id, person.id)))[0]?.name);
    expect(names).toBe('Rosalie Sauvegarde');
  }, 90_000);

  it('refuses a damaged archive and changes nothing', async () => {
    const dataDir = path.join(workDir, 'empty');
    const bad = path.join(workDir, 'abimee.tar.gz');
    await writeFile(bad, randomBytes(4096));
    const { code, out } = await script('restore', [bad], { DATA_DIR: dataDir });
    expect(code).not.toBe(0);
    expect(out).toContain('Restauration impossible');
    expect(out).toContain('Rien n’a été modifié');
    expect(await readdir(dataDir).catch(() => [])).toEqual([]);
  });
});
