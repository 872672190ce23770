// The client's address, for rate limits. A header anyone can write never decides it unless the
// request really comes through a proxy we were told to trust.
import type { Context } from 'hono';
import { nodeRequest } from './node-request';

function normalise(ip: string): string {
  const v = ip.trim();
  return v.startsWith('::ffff:') && v.includes('.') ? v.slice(7) : v;
}

/** The socket's peer (from @hono/node-server's env); 'unknown' when there is no socket (in-process requests). */
export function socketAddress(c: Context): string {
  const address = nodeRequest(c)?.socket?.remoteAddress;
  return address ? normalise(address) : 'unknown';
}

export function clientIp(c: Context, trustedProxies: readonly string[]): string {
  const peer = socketAddress(c);
  if (!trustedProxies.includes(peer)) return peer;
  // Through our proxies: the right-most address they did not add themselves is the client.
  const hops = (c.req.header('x-forwarded-for') ?? '').split(',').map(normalise).filter(Boolean);
  for (let i = hops.length - 1; i >= 0; i--) {
    if (!trustedProxies.includes(hops[i]!)) return hops[i]!;
  }
  return peer;
}
