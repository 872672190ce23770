// What the Node server under hono knows of a request: @hono/node-server hands its IncomingMessage
// over as `c.env.incoming`. Absent for in-process requests (`app.request()` in tests), so every
// caller keeps a path without it.
import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';

/** Node's request under this one; undefined outside the Node server. */
export function nodeRequest(c: Context): IncomingMessage | undefined {
  return (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
}

/** A Content-Length header's value as a byte count; null when absent or not a plain number. */
export function declaredLength(raw: string | null | undefined): number | null {
  return raw && /^\d+$/.test(raw.trim()) ? Number(raw.trim()) : null;
}
