import { Logger } from '@nestjs/common';
import { OnGatewayConnection, WebSocketGateway, WebSocketServer } from '@nestjs/websockets';
import type { Request } from 'express';
import type { Server, Socket } from 'socket.io';
import { userRoom, type ClientToServerEvents, type PublicUser, type ServerToClientEvents } from '@planejador/contracts';

/** Each signed-in socket joins its owner's room; the worker emits plan progress to that room only. */
@WebSocketGateway({ cors: false })
export class ProgressGateway implements OnGatewayConnection {
  private readonly logger = new Logger(ProgressGateway.name);

  @WebSocketServer()
  server!: Server<ClientToServerEvents, ServerToClientEvents>;

  handleConnection(socket: Socket): void {
    const user = (socket.request as Request).user as PublicUser | undefined;
    if (!user) {
      socket.emit('error' as never, { message: 'unauthorized' } as never);
      socket.disconnect(true);
      return;
    }
    void socket.join(userRoom(user.id));
    this.logger.debug({ userId: user.id, socketId: socket.id }, 'socket connected');
  }

  /** Closes every socket of a user, in every api process (the Redis adapter carries the request): at logout. */
  disconnectUser(userId: string): void {
    this.server?.in(userRoom(userId)).disconnectSockets(true);
  }
}
