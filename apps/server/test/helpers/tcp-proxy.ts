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

/** A free port in [from, to] (each test machine gives its test servers a range). */
export async function freePort(from = 3600, to = 3699): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = from + Math.floor(Math.random() * (to - from + 1));
    const free = await new Promise<boolean>((resolve) => {
      const probe = net.createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`no free port in ${from}-${to}`);
}
