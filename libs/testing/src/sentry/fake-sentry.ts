import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { waitFor } from '../wait';

export interface SentryEnvelopeItem {
  type: string;
  payload: Record<string, unknown>;
}

export interface FakeSentry {
  /** A DSN pointing here (project 1), for SENTRY_DSN. */
  dsn: string;
  /** Every event item received (type 'event'), parsed. */
  events: Record<string, unknown>[];
  /** The raw bodies, to check what never left the server. */
  raw: string[];
  waitForEvent(predicate: (event: Record<string, unknown>) => boolean, timeoutMs?: number): Promise<Record<string, unknown>>;
  close(): Promise<void>;
}

function body(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** Splits a Sentry envelope (newline-delimited JSON: envelope header, then item header and payload pairs). */
export function parseEnvelope(text: string): SentryEnvelopeItem[] {
  const lines = text.split('\n').filter((l) => l.trim());
  const items: SentryEnvelopeItem[] = [];
  for (let i = 1; i + 1 < lines.length; i += 2) {
    const header = JSON.parse(lines[i]) as { type: string };
    items.push({ type: header.type, payload: JSON.parse(lines[i + 1]) as Record<string, unknown> });
  }
  return items;
}

/** A real HTTP server that takes Sentry envelopes (POST /api/{project}/envelope/), for tests of error reporting. */
export async function startFakeSentry(): Promise<FakeSentry> {
  const events: Record<string, unknown>[] = [];
  const raw: string[] = [];
  const server = createServer((req, res) => {
    void body(req).then((buffer) => {
      const text = (req.headers['content-encoding'] === 'gzip' ? gunzipSync(buffer) : buffer).toString('utf8');
      if (req.method === 'POST' && /\/api\/\d+\/envelope\/?/.test(req.url ?? '')) {
        raw.push(text);
        for (const item of parseEnvelope(text)) if (item.type === 'event') events.push(item.payload);
      }
      res.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    dsn: `http://publickey@127.0.0.1:${port}/1`,
    events,
    raw,
    waitForEvent: (predicate, timeoutMs = 15000) =>
      waitFor(async () => events.find(predicate) ?? null, { timeoutMs, what: 'a Sentry event' }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
