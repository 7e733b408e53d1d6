import { SOCKET_PATH, type ClientToServerEvents, type PublicUser, type ServerToClientEvents } from '@planejador/contracts';
import { io, type Socket } from 'socket.io-client';
import { currentUserQueryOptions } from './api/get-current-user';
import { queryClient } from './query-client';
import { queryKeys } from './query-keys';

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let socket: AppSocket | null = null;
let stopWatchingUser: (() => void) | null = null;
let reconnectTimer: ReturnType<typeof setTimeout> | null = null;

/** How long to wait before asking again after the server closed the socket: the 1st time, the 2nd, ... (then the last). */
export const SERVER_DISCONNECT_RETRY_MS = [500, 2000, 5000, 15000, 30000] as const;
/** A socket that stayed connected this long before the server closed it starts the waits over. */
const STABLE_MS = 60_000;

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
 * socket.io reconnects by itself after a lost connection, never after the server closed the socket. The server
 * does that when the session the socket was opened with ends (a logout in another tab of this browser, a password
 * reset, a new sign-in) or when the handshake brought no session. So ask the api who is signed in: the same user
 * (the session, or the one that replaced it, is valid) connects again; anyone else, or no one, and the watcher
 * closes the socket (and the app's own 401 handling takes over). Waits grow while the server keeps closing it.
 */
function reconnectAfterServerDisconnect(opened: AppSocket, openedFor: string | null): void {
  let attempts = 0;
  let connectedAt = 0;
  opened.on('connect', () => {
    connectedAt = Date.now();
  });
  opened.on('disconnect', (reason) => {
    if (reason !== 'io server disconnect') return;
    if (connectedAt && Date.now() - connectedAt >= STABLE_MS) attempts = 0;
    const retry = () => {
      const delay = SERVER_DISCONNECT_RETRY_MS[Math.min(attempts, SERVER_DISCONNECT_RETRY_MS.length - 1)];
      attempts += 1;
      if (reconnectTimer) clearTimeout(reconnectTimer);
      reconnectTimer = setTimeout(() => {
        reconnectTimer = null;
        if (socket !== opened || opened.active) return;
        queryClient.fetchQuery(currentUserQueryOptions()).then(
          (user) => {
            if (socket === opened && !opened.active && user && user.id === openedFor) opened.connect();
          },
          // The api did not answer (restarting, offline): ask again later.
          () => {
            if (socket === opened && !opened.active) retry();
          },
        );
      }, delay);
    };
    retry();
  });
}

/**
 * The one socket.io connection of the tab, created on first use. Same origin, the session cookie
 * authenticates it and the server puts it in the user's room. Events only speed things up: pages still read
 * the api for the truth.
 */
export function getSocket(): AppSocket {
  if (!socket) {
    const openedFor = currentUserId();
    socket = io({ path: SOCKET_PATH, transports: ['websocket'], withCredentials: true });
    watchUser(openedFor);
    reconnectAfterServerDisconnect(socket, openedFor);
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
  if (reconnectTimer) clearTimeout(reconnectTimer);
  reconnectTimer = null;
  socket?.disconnect();
  socket = null;
}
