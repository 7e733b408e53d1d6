import { createServer, Socket } from 'node:net';

/** True when nothing accepts connections on host:port and we may bind it. */
export function isPortFree(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/** The first free port from `preferred` on (tries `attempts` ports). */
async function findFreePort(preferred: number, attempts = 50, host = '127.0.0.1'): Promise<number> {
  for (let port = preferred; port < preferred + attempts; port++) {
    if (await isPortFree(port, host)) return port;
  }
  throw new Error(`Nenhuma porta livre entre ${preferred} e ${preferred + attempts - 1} / no free port in that range`);
}

/**
 * The port a server is to listen on: `preferred` when it is free; otherwise the next free one, or, with `exact`
 * (a server started again where its clients expect it), an error saying the port is taken, instead of a server
 * that its clients never find.
 */
export async function choosePort(preferred: number, exact = false): Promise<number> {
  if (!exact) return findFreePort(preferred);
  if (await isPortFree(preferred)) return preferred;
  throw new Error(`A porta ${preferred} está ocupada / port ${preferred} is in use`);
}

/** True when something accepts a TCP connection on host:port. */
export function isListening(port: number, host = '127.0.0.1', timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    const done = (result: boolean) => {
      socket.destroy();
      resolve(result);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('error', () => done(false));
    socket.connect(port, host, () => done(true));
  });
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
