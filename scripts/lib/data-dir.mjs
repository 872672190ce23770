// What the backup and restore scripts share: where the data lives (as src/server/env.ts and
// db/paths.ts compute it) and whether a process has the embedded database open.
import { readdirSync, readlinkSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const rootDir = path.dirname(path.dirname(path.dirname(fileURLToPath(import.meta.url))));

export function dataPaths(env = process.env) {
  const dataDir = path.resolve(rootDir, env.DATA_DIR ?? 'data');
  return {
    dataDir,
    pgliteDir: path.join(dataDir, 'pglite'),
    uploadsDir: path.join(dataDir, 'uploads'),
    authSecret: path.join(dataDir, 'auth-secret'),
  };
}

/**
 * The processes (other than this one) with a file of `dir` open: PGlite keeps its tables' files
 * open while the database is open. Read from /proc (Linux); null where there is no /proc, so the
 * caller says it could not check.
 */
export function processesUsing(dir) {
  let pids;
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name) && Number(name) !== process.pid);
  } catch {
    return null;
  }
  const inside = dir.endsWith(path.sep) ? dir : dir + path.sep;
  const users = [];
  for (const pid of pids) {
    let fds;
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue; // gone, or another user's
    }
    for (const fd of fds) {
      let target;
      try {
        target = readlinkSync(`/proc/${pid}/fd/${fd}`);
      } catch {
        continue;
      }
      if (target.startsWith(inside)) {
        users.push(Number(pid));
        break;
      }
    }
  }
  return users;
}

/** A timestamp for file names: 20261122-193045 (UTC). */
export function stamp(date = new Date()) {
  return date.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
}
