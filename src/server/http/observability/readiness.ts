// Whether this instance should receive traffic: the database answers quickly, every migration of
// the migrations folder is applied (an instance started on an older schema, or whose migration
// failed, stays out of rotation), and shutdown has not begun.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { Observability } from './observability';

/** A load balancer probes often: a database that does not answer within this is as good as down. */
export const READINESS_TIMEOUT_MS = 2000;

export type NotReady = 'draining' | 'database' | 'migrations';

function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** drizzle's journal: each migration's `when` is what its migrator records as `created_at`. */
async function journalMoments(migrationsDir: string): Promise<number[]> {
  const journal = JSON.parse(await readFile(path.join(migrationsDir, 'meta/_journal.json'), 'utf8')) as { entries: { when: number }[] };
  return journal.entries.map((e) => e.when);
}

export function createReadiness(database: Pick<Database, 'db'>, migrationsDir: string, obs: Observability, timeoutMs = READINESS_TIMEOUT_MS) {
  // The folder does not change while the process runs: read once.
  let expected: Promise<number[]> | null = null;
  // Probes arriving while one check waits on the database share it, rather than piling up queries.
  let checking: Promise<NotReady | null> | null = null;

  async function check(): Promise<NotReady | null> {
    try {
      await within(database.db.execute(sql`select 1`), timeoutMs);
    } catch {
      return 'database';
    }
    try {
      expected ??= journalMoments(migrationsDir).catch((err: unknown) => {
        expected = null;
        throw err;
      });
      const wanted = await expected;
      const result = (await within(database.db.execute(sql`select created_at from drizzle.__drizzle_migrations`), timeoutMs)) as unknown as {
        rows: { created_at: string | number }[];
      };
      const applied = new Set(result.rows.map((r) => Number(r.created_at)));
      return wanted.every((when) => applied.has(when)) ? null : 'migrations';
    } catch {
      return 'migrations'; // no migrations table yet, or no journal: not migrated
    }
  }

  /** null when ready; otherwise why not. */
  return async function notReady(): Promise<NotReady | null> {
    if (obs.draining) return 'draining';
    checking ??= check().finally(() => (checking = null));
    const reason = await checking;
    return obs.draining ? 'draining' : reason;
  };
}
