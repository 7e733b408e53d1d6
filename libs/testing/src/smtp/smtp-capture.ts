import type { ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import type { AddressInfo, Socket } from 'node:net';

export interface CapturedMail {
  envelope: { from: string; to: string[] };
  parsed: ParsedMail;
  raw: string;
}

export interface SmtpCapture {
  url: string;
  port: number;
  messages: CapturedMail[];
  /** Makes the next n deliveries fail with the given SMTP code (4xx transient, 5xx permanent). */
  failNext(n: number, code?: number): void;
  failAlways(code?: number): void;
  /**
   * Makes the next n sessions lose their connection (the server drops it, with no reply) at a point of the SMTP
   * transaction: 'mail', at MAIL FROM, before anything was handed over; 'data', once the whole message has been
   * received (kept in `messages`: the server has it) but before the reply that would confirm it.
   */
  dropNext(n: number, at: 'mail' | 'data'): void;
  waitFor(predicate: (m: CapturedMail) => boolean, timeoutMs?: number): Promise<CapturedMail>;
  /** Forgets the messages and the scripted failures and drops (a shared capture between two test files). */
  reset(): void;
  close(): Promise<void>;
}

/**
 * A real SMTP server (smtp-server package) that keeps what it receives, for tests. `port`: 0 for any free port,
 * or the port of a capture that was closed, to bring "the same" server back (SMTP outage tests).
 */
export async function startSmtpCapture(options: Partial<SMTPServerOptions> = {}, port = 0): Promise<SmtpCapture> {
  const messages: CapturedMail[] = [];
  let failures = 0;
  let failCode = 451;
  let always = false;
  let drops = 0;
  let dropAt: 'mail' | 'data' = 'data';
  // The client sockets by port, so that a session's connection can be dropped.
  const sockets = new Map<number, Socket>();
  const drop = (session: { remotePort: number }) => {
    drops--;
    sockets.get(session.remotePort)?.destroy();
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onMailFrom(_address, session, callback) {
      if (drops > 0 && dropAt === 'mail') return drop(session);
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', async () => {
        const { simpleParser } = await import('mailparser');
        if (always || failures > 0) {
          if (!always) failures--;
          const err = new Error(failCode >= 500 ? 'Mailbox unavailable' : 'Try again later') as Error & { responseCode: number };
          err.responseCode = failCode;
          return callback(err);
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        const parsed = await simpleParser(raw);
        messages.push({
          envelope: {
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
          },
          parsed,
          raw,
        });
        if (drops > 0 && dropAt === 'data') return drop(session);
        callback();
      });
    },
    ...options,
  });
  server.server.on('connection', (socket: Socket) => {
    const remotePort = socket.remotePort;
    if (remotePort === undefined) return;
    sockets.set(remotePort, socket);
    socket.once('close', () => sockets.delete(remotePort));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  const listening = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${listening}`,
    port: listening,
    messages,
    failNext(n, code = 451) {
      failures = n;
      failCode = code;
    },
    failAlways(code = 451) {
      always = true;
      failCode = code;
    },
    dropNext(n, at) {
      drops = n;
      dropAt = at;
    },
    async waitFor(predicate, timeoutMs = 15000) {
      const start = Date.now();
      for (;;) {
        const found = messages.find(predicate);
        if (found) return found;
        if (Date.now() - start > timeoutMs) throw new Error(`no matching e-mail within ${timeoutMs} ms (received ${messages.length})`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    reset() {
      messages.length = 0;
      failures = 0;
      always = false;
      drops = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
