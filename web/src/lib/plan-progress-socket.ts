import type { LessonProgressEvent, PlanProgressEvent, PlanStreamEvent } from '@planejador/contracts';
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
 * One plan's progress stream (PlanStreamEvent): its 'plan:progress' and 'lesson:progress' events, each handed to
 * `event` with the name it came under, and the socket's (re)connections, the shared socket loaded first. Returns the
 * function that stops listening. If the code fails to load nothing is heard: callers also poll the api.
 */
export function listenToPlanProgress(planId: string, handlers: { event: (event: PlanStreamEvent) => void; connect: () => void }): () => void {
  const plan = (event: PlanProgressEvent) => {
    if (event.planId === planId) handlers.event({ name: 'plan:progress', event });
  };
  const lesson = (event: LessonProgressEvent) => {
    if (event.planId === planId) handlers.event({ name: 'lesson:progress', event });
  };
  let socket: AppSocket | null = null;
  let stopped = false;
  socketRequested = true;
  import('./socket').then(
    ({ getSocket }) => {
      if (stopped) return;
      socket = getSocket();
      socket.on('plan:progress', plan);
      socket.on('lesson:progress', lesson);
      socket.on('connect', handlers.connect);
    },
    () => undefined,
  );
  return () => {
    stopped = true;
    socket?.off('plan:progress', plan);
    socket?.off('lesson:progress', lesson);
    socket?.off('connect', handlers.connect);
  };
}
