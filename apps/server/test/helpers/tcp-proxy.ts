import net from 'node:net';

/**
 * A TCP proxy of a test's between a server process and a service it uses (PostgreSQL, Redis),
 * so that the test can make the service go away without touching it: `cut()` drops every
 * connection through the proxy and refuses new ones (the port stops listening), `restore()`
 * listens again on the same port.
 */
export async function startTcpProxy(target: { host: string; port: number }, port: number) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const proxy = net.createServer((client) => {
        const upstream = net.connect(target);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => s.destroy());
        }
        client.pipe(upstream).pipe(client);
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
      });
      proxy.once('error', reject);
      proxy.listen(port, '127.0.0.1', () => {
        server = proxy;
        resolve();
      });
    });
  await listen();
  return {
    host: '127.0.0.1',
    port,
    /** Connections open through the proxy now. */
    connections: () => sockets.size / 2,
    async cut() {
      const proxy = server;
      server = null;
      if (!proxy) return;
      const closed = new Promise((resolve) => proxy.close(resolve));
      for (const s of sockets) s.destroy();
      await closed;
    },
    restore: listen,
    async close() {
      await this.cut();
    },
  };
}

/**
 * Ports that fetch refuses to call ("bad port", the Fetch standard's list) within the ranges the
 * tests use: 3659 is in the default range, and a server given it cannot be reached by the tests.
 */
const FETCH_BLOCKED_PORTS = new Set([3659, 4045, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080]);

/** A free port in [from, to] (each test machine gives its test servers a range) that fetch may call. */
export async function freePort(from = 3600, to = 3699): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = from + Math.floor(Math.random() * (to - from + 1));
    if (FETCH_BLOCKED_PORTS.has(port)) continue;
    const free = await new Promise<boolean>((resolve) => {
      const probe = net.createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`no free port in ${from}-${to}`);
}
