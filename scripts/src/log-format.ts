/** Turns one pino JSON line of the api or worker into a short readable line; other lines pass unchanged. */

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
// Fields that every pino line carries, or that get their own rendering.
const SKIPPED = new Set(['level', 'time', 'pid', 'hostname', 'name', 'context', 'msg', 'req', 'res', 'responseTime', 'err', 'error']);

interface PinoLine {
  level?: number;
  time?: number;
  context?: string;
  msg?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  err?: { message?: string; stack?: string; type?: string };
  [key: string]: unknown;
}

function clock(time: number | undefined): string {
  const date = typeof time === 'number' ? new Date(time) : new Date();
  return date.toTimeString().slice(0, 8);
}

function extras(line: PinoLine): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(line)) {
    if (SKIPPED.has(key) || value === undefined) continue;
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    parts.push(`${key}=${text.length > 120 ? `${text.slice(0, 117)}...` : text}`);
  }
  return parts.length ? ` ${parts.join(' ')}` : '';
}

export function formatLogLine(raw: string): string {
  if (!raw.startsWith('{')) return raw;
  let line: PinoLine;
  try {
    line = JSON.parse(raw) as PinoLine;
  } catch {
    return raw;
  }
  if (typeof line.level !== 'number' || typeof line.msg !== 'string') return raw;
  const level = (LEVELS[line.level] ?? String(line.level)).padEnd(5);
  const context = line.context ? `${line.context}: ` : '';
  let message = line.msg;
  if (line.req?.method && line.res?.statusCode !== undefined) {
    const took = typeof line.responseTime === 'number' ? ` ${line.responseTime} ms` : '';
    message = `${line.req.method} ${line.req.url ?? ''} ${line.res.statusCode}${took}`;
  }
  const error = line.err ?? (line.error as PinoLine['err']);
  const errorText = error?.stack ? `\n${error.stack}` : error?.message ? ` (${error.message})` : '';
  return `${clock(line.time)} ${level} ${context}${message}${extras(line)}${errorText}`;
}
