import { SOCKET_PATH, type ClientToServerEvents, type PublicUser, type ServerToClientEvents } from '@planejador/contracts';
import { io, type Socket } from 'socket.io-client';
import { queryClient } from './query-client';
import { queryKeys } from './query-keys';

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let socket: AppSocket | null = null;
let stopWatchingUser: (() => void) | null = null;

function currentUserId(): string | null {
  return queryClient.getQueryData<PublicUser | null>(queryKeys.currentUser)?.id ?? null;
}

/**
 * The server puts a socket in the room of the user who opened it. When the tab's user changes (sign-out,
 * another sign-in, cache cleared), that socket must go, or it would keep the previous user's events.
 */
function watchUser(openedFor: string | null): void {
  stopWatchingUser?.();
  stopWatchingUser = queryClient.getQueryCache().subscribe((event) => {
    if (event.query.queryHash !== JSON.stringify(queryKeys.currentUser)) return;
    if (event.type === 'removed' || currentUserId() !== openedFor) closeSocket();
  });
}

/**
 * The one socket.io connection of the tab, created on first use. Same origin, the session cookie
 * authenticates it and the server puts it in the user's room. Events only speed things up: pages still read
 * the api for the truth.
 */
export function getSocket(): AppSocket {
  if (!socket) {
    socket = io({ path: SOCKET_PATH, transports: ['websocket'], withCredentials: true });
    watchUser(currentUserId());
  } else if (!socket.active) {
    // The server dropped it (for example it was opened before sign-in): try again with the current cookie.
    socket.connect();
  }
  return socket;
}

/** Drops the connection: the next getSocket() connects again with the current session. */
export function closeSocket(): void {
  stopWatchingUser?.();
  stopWatchingUser = null;
  socket?.disconnect();
  socket = null;
}
