// Opens the database: a PostgreSQL server when a URL is given, otherwise embedded PGlite.
// Both speak the same SQL and run the same migrations.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { PgListener, type ListenHooks } from './pg-listener';
import { watchPool } from './pool-health';
import * as schema from './schema';

export type { ListenHooks } from './pg-listener';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** The connection a `db.transaction(async (tx) => …)` callback receives: the one Tx type of the server. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type Database = {
  db: Db;
  kind: 'postgres' | 'pglite';
  migrate(): Promise<void>;
  /**
   * Calls onPayload with the payload of each NOTIFY on `channel` (after the notifying transaction
   * commits). Resolves to the unsubscribe function. On PostgreSQL one dedicated connection LISTENs
   * for every channel and is re-opened after a drop (hooks.onReconnect then says events may have
   * been missed); PGlite runs in this process and never drops.
   */
  listen(channel: string, onPayload: (payload: string) => void, hooks?: ListenHooks): Promise<() => Promise<void>>;
  /**
   * Whether the database answers now (false also just after a connection failed): the error
   * handler's 503 or 500, a readiness probe. PGlite is in this process: true until it is closed.
   */
  reachable(): Promise<boolean>;
  /** The pool's connections now, for the metrics (PostgreSQL; PGlite has no pool). */
  connections?(): PoolConnections;
  close(): Promise<void>;
};

/** `inUse` counts connections being opened too; `waiting`: queries waiting for a connection. */
export type PoolConnections = { idle: number; inUse: number; waiting: number };

export type DatabaseOptions = {
  /** PostgreSQL connection string; absent means embedded PGlite. */
  url?: string;
  /** Where PGlite keeps its files; absent means in memory (tests). */
  pgliteDir?: string;
  /**
   * Tests only: an in-memory PGlite started from this dump of a data folder (PGlite's dumpDataDir),
   * instead of an empty one or a folder on disk.
   */
  pgliteLoadDataDir?: Blob | File;
  migrationsDir: string;
  poolSize?: number;
  /** How long a query waits for a pooled connection before failing (the database unreachable). */
  connectionTimeoutMs?: number;
};

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  const url = opts.url;
  if (url) {
    const pool = new pg.Pool({
      connectionString: url,
      max: opts.poolSize ?? 10,
      // While the database is unreachable a request waits at most this long for a connection, then
      // answers 503 (error-handler.ts), instead of hanging until the browser gives up.
      connectionTimeoutMillis: opts.connectionTimeoutMs ?? 5_000,
      // A half-open connection (database host gone without a reset) is noticed by the kernel.
      keepAlive: true,
    });
    const db = drizzlePg(pool, { schema, casing: 'snake_case' }) as unknown as Db;
    // Also what keeps a lost connection from ending the process: it hears 'error' on the pool (an
    // idle client) and on every client (one checked out between two queries — in a transaction,
    // or held by the job queue — on which an unheard 'error' event would crash us).
    const health = watchPool(pool, () => db);
    // Opened on the first listen() only: scripts and most tests never LISTEN.
    let listener: PgListener | null = null;
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(db as never, { migrationsFolder: opts.migrationsDir }),
      listen: (channel, onPayload, hooks) => (listener ??= new PgListener(url)).listen(channel, onPayload, hooks),
      reachable: () => health.reachable(),
      connections: () => ({ idle: pool.idleCount, inUse: pool.totalCount - pool.idleCount, waiting: pool.waitingCount }),
      close: async () => {
        await listener?.close();
        await pool.end();
      },
    };
  }
  if (opts.pgliteDir) mkdirSync(path.dirname(opts.pgliteDir), { recursive: true });
  const client = opts.pgliteDir
    ? new PGlite(opts.pgliteDir)
    : new PGlite(opts.pgliteLoadDataDir ? { loadDataDir: opts.pgliteLoadDataDir } : {});
  await client.waitReady;
  const db = drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder: opts.migrationsDir }),
    listen: async (channel, onPayload) => {
      const unlisten = await client.listen(channel, onPayload);
      return () => unlisten();
    },
    reachable: async () => !client.closed,
    close: () => client.close(),
  };
}
