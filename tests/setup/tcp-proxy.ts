// A TCP relay in front of a server (PostgreSQL in the tests), which a test can cut as a network
// failure would: every open connection reset, and new ones refused (accepted then reset, as a
// restarting server) or, cut silently, accepted and never answered (a new connection to a host
// gone from the network: nothing refuses it, nothing answers), until restored. The relay keeps its port throughout,
// so the client's configuration never changes.
import net from 'node:net';

export type TcpProxy = {
  port: number;
  /** Destroys every relayed connection; refuses new ones, or with `silently` holds them unanswered. */
  cut(opts?: { silently?: boolean }): void;
  /** Relays new connections again. */
  restore(): void;
  /** Connections relayed now. */
  readonly open: number;
  close(): Promise<void>;
};

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let down: false | 'refuse' | 'silent' = false;
  const held = new Set<net.Socket>();
  const pairs = new Set<{ client: net.Socket; upstream: net.Socket }>();
  const server = net.createServer((client) => {
    if (down === 'refuse') {
      client.resetAndDestroy();
      return;
    }
    if (down === 'silent') {
      held.add(client);
      client.on('error', () => {});
      client.on('close', () => held.delete(client));
      return;
    }
    const upstream = net.connect(target.port, target.host);
    const pair = { client, upstream };
    pairs.add(pair);
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end);
    upstream.on('error', end);
    client.on('close', end);
    upstream.on('close', end);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const proxy: TcpProxy = {
    port: (server.address() as net.AddressInfo).port,
    cut(opts = {}) {
      down = opts.silently ? 'silent' : 'refuse';
      for (const { client, upstream } of [...pairs]) {
        // A reset, as a dead network path or a failed-over server gives, not a polite FIN.
        client.resetAndDestroy();
        upstream.destroy();
      }
      pairs.clear();
    },
    restore() {
      // Connections made while cut stay unanswered, as those to a dead host: their clients must
      // give up on them by themselves.
      down = false;
    },
    get open() {
      return pairs.size;
    },
    async close() {
      for (const socket of held) socket.destroy();
      held.clear();
      proxy.cut();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
  return proxy;
}
