import type { PlanProgressEvent } from '@planejador/contracts';
import type { AppSocket } from './socket';

// socket.io-client is loaded only where a plan is being generated: pages that never need it do not download it.

/** Starts loading the socket's code (e.g. when the teacher confirms a plan), so it is there for the progress. */
export function preloadPlanProgressSocket(): void {
  void import('./socket').catch(() => undefined);
}

/**
 * Listens to 'plan:progress' and to (re)connections on the shared socket, loading it first. Returns the
 * function that stops listening. If the code fails to load nothing is heard: callers also poll the api.
 */
export function listenToPlanProgress(handlers: { progress: (event: PlanProgressEvent) => void; connect: () => void }): () => void {
  let socket: AppSocket | null = null;
  let stopped = false;
  import('./socket').then(
    ({ getSocket }) => {
      if (stopped) return;
      socket = getSocket();
      socket.on('plan:progress', handlers.progress);
      socket.on('connect', handlers.connect);
    },
    () => undefined,
  );
  return () => {
    stopped = true;
    socket?.off('plan:progress', handlers.progress);
    socket?.off('connect', handlers.connect);
  };
}
