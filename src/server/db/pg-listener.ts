// LISTEN on PostgreSQL through one dedicated connection (never a pooled one: the pool would hand
// the session to other queries and the LISTEN would go with it). The connection can drop — a
// restart, a failover, an idle timeout, pg_terminate_backend — so it is re-opened with backoff and
// every channel LISTENed again; subscribers are told, as anything NOTIFYed meanwhile is lost.
import pg from 'pg';

export type ListenHooks = {
  /** After a lost connection is back and LISTENing: notifications sent meanwhile were missed. */
  onReconnect?: () => void;
  /** The connection failed or dropped (it is being re-opened). */
  onError?: (error: Error) => void;
};

export type ListenerOptions = {
  /** Shown in pg_stat_activity, so the LISTEN backend can be told from the pool's. */
  applicationName?: string;
  /** Backoff between reconnection attempts: doubles from `minDelayMs` up to `maxDelayMs`. */
  minDelayMs?: number;
  maxDelayMs?: number;
  /** A half-open TCP connection says nothing: a query this often proves the connection alive. */
  pingIntervalMs?: number;
  pingTimeoutMs?: number;
  /**
   * How long one attempt to connect may take: a database host gone from the network answers
   * nothing, and an attempt without a limit would wait forever (never trying again).
   */
  connectTimeoutMs?: number;
};

type Subscriber = { onPayload: (payload: string) => void; hooks: ListenHooks };

/** A channel name as an SQL identifier (LISTEN takes no bind parameter). */
function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

export class PgListener {
  readonly #url: string;
  readonly #opts: Required<ListenerOptions>;
  readonly #channels = new Map<string, Set<Subscriber>>();
  #client: pg.Client | null = null;
  /** Channels LISTENed on the current connection. */
  #listening = new Set<string>();
  #connecting: Promise<void> | null = null;
  #retryTimer: NodeJS.Timeout | null = null;
  #pingTimer: NodeJS.Timeout | null = null;
  #failures = 0;
  #everConnected = false;
  #closed = false;

  constructor(url: string, opts: ListenerOptions = {}) {
    this.#url = url;
    this.#opts = {
      applicationName: opts.applicationName ?? 'toque-listener',
      minDelayMs: opts.minDelayMs ?? 200,
      // Open tabs hear events again at most this long after the database is back.
      maxDelayMs: opts.maxDelayMs ?? 5_000,
      pingIntervalMs: opts.pingIntervalMs ?? 30_000,
      pingTimeoutMs: opts.pingTimeoutMs ?? 10_000,
      connectTimeoutMs: opts.connectTimeoutMs ?? 5_000,
    };
  }

  /**
   * Calls onPayload with each notification's payload on `channel`. Resolves once the LISTEN is in
   * place (or, when the database cannot be reached now, once the first attempt failed: the
   * listener keeps trying and onReconnect says when it is back).
   */
  async listen(channel: string, onPayload: (payload: string) => void, hooks: ListenHooks = {}): Promise<() => Promise<void>> {
    if (this.#closed) throw new Error('listener closed');
    const subscriber: Subscriber = { onPayload, hooks };
    let subscribers = this.#channels.get(channel);
    if (!subscribers) this.#channels.set(channel, (subscribers = new Set()));
    subscribers.add(subscriber);
    if (!this.#client && !this.#connecting && !this.#retryTimer) this.#connecting = this.#connect();
    if (this.#connecting) await this.#connecting;
    // Connected before this channel was known (or while it was being added): LISTEN it now.
    const client = this.#client;
    if (client && !this.#listening.has(channel)) {
      this.#listening.add(channel);
      await client.query(`LISTEN ${quoteIdent(channel)}`).catch((e: Error) => this.#lost(client, e));
    }
    return async () => {
      subscribers.delete(subscriber);
      if (subscribers.size > 0 || this.#channels.get(channel) !== subscribers) return;
      this.#channels.delete(channel);
      const current = this.#client;
      if (current && this.#listening.delete(channel)) await current.query(`UNLISTEN ${quoteIdent(channel)}`).catch(() => {});
    };
  }

  async close(): Promise<void> {
    this.#closed = true;
    if (this.#retryTimer) clearTimeout(this.#retryTimer);
    this.#retryTimer = null;
    this.#stopPing();
    await this.#connecting?.catch(() => {});
    const client = this.#client;
    this.#client = null;
    this.#channels.clear();
    if (client) await client.end().catch(() => {});
  }

  async #connect(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.#url,
      application_name: this.#opts.applicationName,
      keepAlive: true,
      connectionTimeoutMillis: this.#opts.connectTimeoutMs,
    });
    client.on('notification', (msg) => {
      if (this.#client !== client || msg.payload === undefined) return;
      for (const s of this.#channels.get(msg.channel) ?? []) {
        try {
          s.onPayload(msg.payload);
        } catch (e) {
          s.hooks.onError?.(e as Error);
        }
      }
    });
    client.on('error', (e) => this.#lost(client, e));
    client.on('end', () => this.#lost(client, new Error('LISTEN connection ended')));
    try {
      await client.connect();
      const channels = [...this.#channels.keys()];
      for (const channel of channels) await client.query(`LISTEN ${quoteIdent(channel)}`);
      if (this.#closed) {
        await client.end().catch(() => {});
        return;
      }
      this.#client = client;
      this.#listening = new Set(channels);
      // Back after a drop, or after a first attempt that failed: either way events were missed.
      const reconnected = this.#everConnected || this.#failures > 0;
      this.#failures = 0;
      this.#everConnected = true;
      this.#startPing(client);
      if (reconnected) for (const s of this.#subscribers()) s.hooks.onReconnect?.();
    } catch (e) {
      client.removeAllListeners('end');
      client.removeAllListeners('error');
      client.on('error', () => {});
      void client.end().catch(() => {});
      this.#report(e as Error);
      this.#scheduleRetry();
    } finally {
      this.#connecting = null;
    }
  }

  /** The current connection failed: drop it (once) and open another after a pause. */
  #lost(client: pg.Client, error: Error) {
    if (this.#client !== client) return;
    this.#client = null;
    this.#listening.clear();
    this.#stopPing();
    // A socket that went quiet can hang end(): nothing waits for it.
    client.removeAllListeners('end');
    client.on('error', () => {});
    void client.end().catch(() => {});
    if (this.#closed) return;
    this.#report(error);
    this.#scheduleRetry();
  }

  #scheduleRetry() {
    if (this.#closed || this.#retryTimer) return;
    // Exponential with jitter, so instances losing the database together do not return together.
    const ceiling = Math.min(this.#opts.maxDelayMs, this.#opts.minDelayMs * 2 ** this.#failures);
    const delay = ceiling / 2 + Math.random() * (ceiling / 2);
    this.#failures++;
    this.#retryTimer = setTimeout(() => {
      this.#retryTimer = null;
      if (!this.#closed) this.#connecting = this.#connect();
    }, delay);
    this.#retryTimer.unref();
  }

  #startPing(client: pg.Client) {
    this.#stopPing();
    this.#pingTimer = setInterval(() => {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('LISTEN connection did not answer')), this.#opts.pingTimeoutMs);
      });
      Promise.race([client.query('SELECT 1'), timeout])
        .catch((e: Error) => this.#lost(client, e))
        .finally(() => clearTimeout(timer));
    }, this.#opts.pingIntervalMs);
    this.#pingTimer.unref();
  }

  #stopPing() {
    if (this.#pingTimer) clearInterval(this.#pingTimer);
    this.#pingTimer = null;
  }

  #report(error: Error) {
    for (const s of this.#subscribers()) s.hooks.onError?.(error);
  }

  *#subscribers(): Iterable<Subscriber> {
    for (const set of this.#channels.values()) yield* set;
  }
}
