import { STATUS_CODES, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { MSG } from '@planejador/contracts';

/**
 * Requests that Node's HTTP parser refuses before the app sees them (headers or URL over 16 KB, malformed
 * request lines) answer JSON like every other error, instead of an empty 431/400.
 */
export function answerClientErrorsWithJson(server: Server): void {
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    if (err.code === 'ECONNRESET' || !socket.writable) return void socket.destroy();
    const status = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
    const body = JSON.stringify({ message: status === 431 ? 'Cabeçalhos ou endereço muito grandes.' : MSG.validationFailed });
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}
