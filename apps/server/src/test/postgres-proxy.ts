import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy on a free local port in front of the Postgres server at `postgresUrl`, that a test
 * cuts: `refuse` drops every connection and stops listening (new connections refused),
 * `blackhole` drops them and then accepts without ever answering (a pool waits for its connect
 * timeout), `restore` forwards again on the same port. `close` (push it to the suite's closers)
 * drops everything and stops listening.
 */
export async function startPostgresProxy(postgresUrl: string) {
  const target = new URL(postgresUrl);
  const sockets = new Set<Socket>();
  let mode: 'forward' | 'blackhole' = 'forward';
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  };
  const server: Server = createServer((client) => {
    track(client);
    client.on('error', () => undefined);
    if (mode === 'blackhole') return;
    const upstream = connect(Number(target.port || 5432), target.hostname);
    track(upstream);
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.pipe(upstream).pipe(client);
  });
  const listen = (port: number) => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  await listen(0);
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const cut = () => {
    for (const socket of sockets) socket.destroy();
  };
  return {
    port: address.port,
    async refuse() {
      cut();
      await new Promise((resolve) => server.close(resolve));
    },
    blackhole() {
      mode = 'blackhole';
      cut();
    },
    async restore() {
      mode = 'forward';
      cut();
      if (!server.listening) await listen(address.port);
    },
    async close() {
      cut();
      if (server.listening) await new Promise((resolve) => server.close(resolve));
    },
  };
}
