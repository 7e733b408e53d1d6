import { SOCKET_PATH, type ClientToServerEvents, type ServerToClientEvents } from '@planejador/contracts';
import { io, type Socket } from 'socket.io-client';

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let socket: AppSocket | null = null;

/**
 * The one socket.io connection of the tab, created on first use. Same origin, the session cookie
 * authenticates it and the server puts it in the user's room. Events only speed things up: pages still read
 * the api for the truth.
 */
export function getSocket(): AppSocket {
  if (!socket) {
    socket = io({ path: SOCKET_PATH, transports: ['websocket'], withCredentials: true });
  } else if (!socket.active) {
    // The server dropped it (for example it was opened before sign-in): try again with the current cookie.
    socket.connect();
  }
  return socket;
}

/** Drops the connection (sign-out): the next getSocket() connects again with the new session. */
export function closeSocket(): void {
  socket?.disconnect();
  socket = null;
}
