// The demo pictures the seed draws (SVG turned into WebP by sharp, ~2.5 s of CPU for all of them),
// drawn once per version of their code and kept in the system's temporary folder between runs. A
// server whose data folder already holds them skips drawing them (writeImages stores only the
// missing ones): CI's four journey runs, each with a server seeding a new data folder, draw them once.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, readdir, readFile, rename, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { seedImageJobs } from '../../src/server/db/seed/images';
import { writeImages } from '../../src/server/db/seed/images/render';
import { localDiskStorage } from '../../src/server/integrations/storage/local-disk';
import { rootDir } from './test-db';

/** A digest of what the pictures are made from: the seed's code and content, and the locked packages (sharp). */
async function sourcesDigest(): Promise<string> {
  const hash = createHash('sha256');
  const seedDir = path.join(rootDir, 'src/server/db/seed');
  const files = (await readdir(seedDir, { recursive: true, withFileTypes: true }))
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
  for (const f of [...files, path.join(rootDir, 'package-lock.json')]) {
    hash.update(path.relative(rootDir, f)).update('\0');
    if (existsSync(f)) hash.update(await readFile(f));
  }
  return hash.digest('hex').slice(0, 16);
}

/** Copies the demo pictures into an uploads folder (a server's DATA_DIR/uploads), drawing them first if no run has yet. */
export async function copySeedImages(uploadsDir: string): Promise<void> {
  const cache = path.join(os.tmpdir(), `toque-seed-images-${await sourcesDigest()}`);
  if (!existsSync(cache)) {
    // Drawn aside, then moved into place whole; a run drawing at the same time loses the move and
    // keeps its own copy aside (removed).
    const aside = `${cache}-${process.pid}-${Date.now()}`;
    await writeImages(localDiskStorage(aside), seedImageJobs());
    await rename(aside, cache).catch(() => rm(aside, { recursive: true, force: true }));
  }
  await cp(cache, uploadsDir, { recursive: true });
}
