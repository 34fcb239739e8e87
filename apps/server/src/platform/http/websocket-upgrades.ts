import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';

export type UpgradeHandler = (request: IncomingMessage, socket: Duplex, head: Buffer) => void;

const routesByServer = new WeakMap<Server, Map<string, UpgradeHandler>>();

/**
 * Routes websocket upgrade requests by path, so each feature that needs a websocket (the realtime
 * hub now) claims its own path on the one HTTP server; an upgrade to any other path gets a 404.
 */
export function routeUpgrade(server: Server, path: string, handler: UpgradeHandler) {
  let routes = routesByServer.get(server);
  if (!routes) {
    const table = new Map<string, UpgradeHandler>();
    routes = table;
    routesByServer.set(server, table);
    server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      const handle = table.get((request.url ?? '/').split('?', 1)[0]!);
      if (handle) return handle(request, socket, head);
      socket.on('error', () => socket.destroy());
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
    });
  }
  routes.set(path, handler);
}
