import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

type Route = (request: IncomingMessage, body: string, response: ServerResponse) => void;

export interface FakeWebServer {
  port: number;
  url(path: string): string;
  close(): Promise<void>;
}

/**
 * A web server on 127.0.0.1 for the sandbox's fetch tests (tests only): answers `routes` by path,
 * 404 otherwise. The sandbox refuses loopback, so tests allow this server's port with
 * configureSandboxNetwork.
 */
export async function startFakeWebServer(routes: Record<string, Route>): Promise<FakeWebServer> {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const route = routes[new URL(request.url ?? '/', 'http://fake').pathname];
      if (!route) {
        response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
        return;
      }
      route(request, Buffer.concat(chunks).toString('utf8'), response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: (path) => `http://127.0.0.1:${port}${path}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
