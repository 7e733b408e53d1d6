import type { LessonProgressEvent, PlanProgressEvent } from '@planejador/contracts';
import type { AppSocket } from './socket';

// socket.io-client is loaded only where a plan is being generated: pages that never need it do not download it.

/** Whether this page ever asked for the socket's code (pages that never did have no connection to close). */
let socketRequested = false;

/** Starts loading the socket's code (e.g. when the teacher confirms a plan), so it is there for the progress. */
export function preloadPlanProgressSocket(): void {
  socketRequested = true;
  void import('./socket').catch(() => undefined);
}

/** Closes the live connection, if this page opened one (logout), without loading the socket's code otherwise. */
export function closePlanProgressSocket(): void {
  if (!socketRequested) return;
  void import('./socket').then(({ closeSocket }) => closeSocket(), () => undefined);
}

/**
 * Listens to 'plan:progress' and to (re)connections on the shared socket, loading it first. Returns the
 * function that stops listening. If the code fails to load nothing is heard: callers also poll the api.
 */
export function listenToPlanProgress(handlers: {
  progress: (event: PlanProgressEvent) => void;
  connect: () => void;
  /** One lesson's regeneration progress. */
  lesson?: (event: LessonProgressEvent) => void;
}): () => void {
  let socket: AppSocket | null = null;
  let stopped = false;
  socketRequested = true;
  import('./socket').then(
    ({ getSocket }) => {
      if (stopped) return;
      socket = getSocket();
      socket.on('plan:progress', handlers.progress);
      socket.on('connect', handlers.connect);
      if (handlers.lesson) socket.on('lesson:progress', handlers.lesson);
    },
    () => undefined,
  );
  return () => {
    stopped = true;
    socket?.off('plan:progress', handlers.progress);
    socket?.off('connect', handlers.connect);
    if (handlers.lesson) socket?.off('lesson:progress', handlers.lesson);
  };
}
