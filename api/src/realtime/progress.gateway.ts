import { createHash } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { OnGatewayConnection, WebSocketGateway, WebSocketServer } from '@nestjs/websockets';
import type { Request } from 'express';
import type { Server, Socket } from 'socket.io';
import { userRoom, type ClientToServerEvents, type PublicUser, type ServerToClientEvents } from '@planejador/contracts';

/**
 * The room of the sockets opened with one session: named by a digest of the session id (the id is what the cookie
 * keeps secret, and room names travel through Redis between api processes).
 */
const sessionRoom = (sessionId: string) => `session:${createHash('sha256').update(sessionId).digest('base64url')}`;

/**
 * Each signed-in socket joins its owner's room, where the worker emits plan progress, and its session's room, so
 * that the end of one session closes that session's sockets only (a logout on one device leaves the others live).
 */
@WebSocketGateway({ cors: false })
export class ProgressGateway implements OnGatewayConnection {
  private readonly logger = new Logger(ProgressGateway.name);

  @WebSocketServer()
  server!: Server<ClientToServerEvents, ServerToClientEvents>;

  handleConnection(socket: Socket): void {
    const req = socket.request as Request;
    const user = req.user as PublicUser | undefined;
    if (!user || !req.sessionID) {
      socket.emit('error' as never, { message: 'unauthorized' } as never);
      socket.disconnect(true);
      return;
    }
    void socket.join([userRoom(user.id), sessionRoom(req.sessionID)]);
    this.logger.debug({ userId: user.id, socketId: socket.id }, 'socket connected');
  }

  /**
   * Closes the sockets of one session, in every api process (the Redis adapter carries the request): at its
   * logout, or when a sign-in replaces it.
   */
  disconnectSession(sessionId: string): void {
    this.server?.in(sessionRoom(sessionId)).disconnectSockets(true);
  }

  /** Closes every socket of a user, in every api process: when all of the user's sessions end (password reset). */
  disconnectUser(userId: string): void {
    this.server?.in(userRoom(userId)).disconnectSockets(true);
  }
}
