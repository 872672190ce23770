// The open event streams of one server instance, and the fan-out of each notification heard on the
// database to the streams of its audience: one user's tabs, or every admin's. Bounded: a number of
// streams per user and in all; a stream whose reader stopped reading is closed rather than left
// to queue in memory; every stream ends after a while, so a session that ended stops receiving
// (the browser reconnects at once and the session is checked again).
import type { RealtimeEventType } from '@shared/schemas/events';
import type { Notification } from './publish';

export type HubLimits = {
  perUser: number;
  total: number;
  /** A comment line this often keeps proxies and load balancers from closing an idle stream. */
  heartbeatMs: number;
  /** How long a stream lives before the server ends it (the browser reconnects by itself). */
  maxAgeMs: number;
  /** Bytes written but not yet taken by the socket; beyond this the reader is gone or too slow. */
  maxPendingBytes: number;
};

export const DEFAULT_HUB_LIMITS: HubLimits = {
  perUser: 10,
  total: 5_000,
  heartbeatMs: 25_000,
  maxAgeMs: 30 * 60_000,
  // A burst of a few hundred events passes; a reader that stopped costs at most this much memory.
  maxPendingBytes: 64 * 1024,
};

/**
 * Where a stream's bytes go (Hono's SSE stream in the route). `abort`: drops the connection at
 * once, for a reader that stopped reading (ending the response politely would queue its end
 * behind the bytes it never takes, and keep the socket and its buffers).
 */
export type StreamSink = { write(chunk: string): Promise<unknown>; close(): Promise<unknown> | void; abort?(): void };

export type StreamOwner = { userId: string; role: string };

/** Sent (with `event: resync`) when events may have been missed: the tab reads its data again. */
export const RESYNC_EVENT = 'resync';

export class StreamConnection {
  #pending = 0;
  #closed = false;
  readonly openedAt: number;
  readonly done: Promise<void>;
  #resolveDone!: () => void;

  constructor(
    readonly owner: StreamOwner,
    readonly sink: StreamSink,
    readonly hub: RealtimeHub,
    now: number,
  ) {
    this.openedAt = now;
    this.done = new Promise((resolve) => (this.#resolveDone = resolve));
  }

  get closed(): boolean {
    return this.#closed;
  }

  send(chunk: string): void {
    if (this.#closed) return;
    const bytes = Buffer.byteLength(chunk);
    if (this.#pending + bytes > this.hub.limits.maxPendingBytes) {
      this.hub.countSlowReader();
      this.close();
      try {
        this.sink.abort?.();
      } catch {
        /* already gone */
      }
      return;
    }
    this.#pending += bytes;
    void this.sink.write(chunk).finally(() => (this.#pending -= bytes));
  }

  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.hub.remove(this);
    void Promise.resolve(this.sink.close()).catch(() => {});
    this.#resolveDone();
  }
}

export type HubRoom = 'ok' | 'user-full' | 'full';

export class RealtimeHub {
  readonly limits: HubLimits;
  readonly #byUser = new Map<string, Set<StreamConnection>>();
  readonly #admins = new Set<StreamConnection>();
  #count = 0;
  #slowReadersDropped = 0;
  readonly #onSlowReader: (() => void) | undefined;
  #sequence = 0;
  /** Ids stay unique across restarts of this instance (a browser sends back the last one it saw). */
  readonly #idPrefix = Date.now().toString(36);
  #heartbeat: NodeJS.Timeout | null = null;
  readonly #clock: () => number;

  /** onSlowReader: told of each stream dropped for a reader that stopped reading (a log line, a metric). */
  constructor(limits: Partial<HubLimits> = {}, clock: () => number = Date.now, onSlowReader?: () => void) {
    this.limits = { ...DEFAULT_HUB_LIMITS, ...limits };
    this.#clock = clock;
    this.#onSlowReader = onSlowReader;
  }

  get size(): number {
    return this.#count;
  }

  /** Streams closed since start because their reader stopped taking what was written. */
  get slowReadersDropped(): number {
    return this.#slowReadersDropped;
  }

  countSlowReader(): void {
    this.#slowReadersDropped++;
    this.#onSlowReader?.();
  }

  /** Whether one more stream may open for this user. */
  room(owner: StreamOwner): HubRoom {
    if (this.#count >= this.limits.total) return 'full';
    if ((this.#byUser.get(owner.userId)?.size ?? 0) >= this.limits.perUser) return 'user-full';
    return 'ok';
  }

  /** Registers a stream (call room() first, in the same tick). */
  add(owner: StreamOwner, sink: StreamSink): StreamConnection {
    const conn = new StreamConnection(owner, sink, this, this.#clock());
    let mine = this.#byUser.get(owner.userId);
    if (!mine) this.#byUser.set(owner.userId, (mine = new Set()));
    mine.add(conn);
    if (owner.role === 'admin') this.#admins.add(conn);
    this.#count++;
    this.#startHeartbeat();
    return conn;
  }

  remove(conn: StreamConnection): void {
    const mine = this.#byUser.get(conn.owner.userId);
    if (!mine?.delete(conn)) return;
    if (mine.size === 0) this.#byUser.delete(conn.owner.userId);
    this.#admins.delete(conn);
    this.#count--;
    if (this.#count === 0) this.#stopHeartbeat();
  }

  /** A NOTIFY payload from publish(): formatted once, written to each stream of its audience. */
  dispatch(payload: string): boolean {
    const notification = parseNotification(payload);
    if (!notification) return false;
    const { to, event } = notification;
    const targets = 'userId' in to ? this.#byUser.get(to.userId) : this.#admins;
    if (!targets?.size) return true;
    const chunk = `id: ${this.#idPrefix}-${++this.#sequence}\nevent: message\ndata: ${JSON.stringify(event)}\n\n`;
    for (const conn of [...targets]) conn.send(chunk);
    return true;
  }

  /** Every open stream: events may have been missed (the database connection was lost a while). */
  resync(): void {
    const chunk = `event: ${RESYNC_EVENT}\ndata: {}\n\n`;
    for (const conn of this.#all()) conn.send(chunk);
  }

  /** Ends every stream (server stopping). */
  closeAll(): void {
    for (const conn of this.#all()) conn.close();
  }

  /** One pass of the heartbeat: a comment to each stream, and the end of those past their age. */
  beat(): void {
    const now = this.#clock();
    for (const conn of this.#all()) {
      if (now - conn.openedAt >= this.limits.maxAgeMs) conn.close();
      else conn.send(': \n\n');
    }
  }

  #all(): StreamConnection[] {
    return [...this.#byUser.values()].flatMap((set) => [...set]);
  }

  #startHeartbeat() {
    if (this.#heartbeat) return;
    this.#heartbeat = setInterval(() => this.beat(), this.limits.heartbeatMs);
    this.#heartbeat.unref();
  }

  #stopHeartbeat() {
    if (this.#heartbeat) clearInterval(this.#heartbeat);
    this.#heartbeat = null;
  }
}

/** Every event type, as a record so a type added to RealtimeEvent must be added here too. */
const EVENT_TYPES: Record<RealtimeEventType, true> = {
  'reservation.confirmed': true,
  'reservation.updated': true,
  'subscription.updated': true,
  'notification.created': true,
  'notifications.read': true,
};

/** The payload as publish() wrote it, or null (another writer on the channel, or a newer shape). */
export function parseNotification(payload: string): Notification | null {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object') return null;
  const { to, event } = value as Partial<Notification>;
  if (!to || typeof to !== 'object' || !event || typeof event !== 'object') return null;
  const toUser = 'userId' in to && typeof to.userId === 'string';
  const toAdmins = 'role' in to && to.role === 'admin';
  if (!toUser && !toAdmins) return null;
  if (typeof event.type !== 'string' || !Object.hasOwn(EVENT_TYPES, event.type)) return null;
  return { to, event };
}
