import { formatLogLine } from './log-format';

describe('readable child log lines', () => {
  const at = new Date(2026, 10, 22, 11, 21, 58).getTime();

  it('shows time, level, context and message of a pino line, with its own fields', () => {
    const raw = JSON.stringify({ level: 30, time: at, pid: 1, hostname: 'vm', name: 'worker', context: 'Worker', concurrency: 4, ai: 'offline', msg: 'worker pronto' });
    expect(formatLogLine(raw)).toBe('11:21:58 INFO  Worker: worker pronto concurrency=4 ai=offline');
  });

  it('shows a request as method, path, status and time', () => {
    const raw = JSON.stringify({ level: 30, time: at, req: { id: 2, method: 'GET', url: '/api/auth/user', headers: {} }, res: { statusCode: 401, headers: {} }, responseTime: 3, msg: 'request completed' });
    expect(formatLogLine(raw)).toBe('11:21:58 INFO  GET /api/auth/user 401 3 ms');
  });

  it('keeps the stack of an error', () => {
    const raw = JSON.stringify({ level: 50, time: at, context: 'Job', err: { message: 'boom', stack: 'Error: boom\n    at x' }, msg: 'job failed' });
    expect(formatLogLine(raw)).toBe('11:21:58 ERROR Job: job failed\nError: boom\n    at x');
  });

  it('passes other lines unchanged', () => {
    expect(formatLogLine('Migrações aplicadas: nenhuma')).toBe('Migrações aplicadas: nenhuma');
    expect(formatLogLine('{not json')).toBe('{not json');
  });
});
