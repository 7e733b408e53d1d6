import { readdirSync, readFileSync } from 'node:fs';
import { io, type Socket } from 'socket.io-client';
import type { PlanProgressEvent } from '@planejador/contracts';
import { freePort, signUpTeacher, spawnApi, spawnWorker, uniqueEmail, waitFor, type ManagedProcess } from '@planejador/testing';

/** The api processes the supervisor forked (its live children). */
function children(pid: number): number[] {
  return readdirSync(`/proc/${pid}/task`).flatMap((tid) =>
    readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number),
  );
}

/** pids that logged a finished request to `path` (pino-http's line, LOG_LEVEL info). */
function pidsServing(output: string[], path: string): Set<number> {
  const pids = new Set<number>();
  for (const line of output) {
    if (!line.includes(`"url":"${path}"`) || !line.includes('request completed')) continue;
    try {
      pids.add((JSON.parse(line) as { pid: number }).pid);
    } catch {
      // not a JSON line
    }
  }
  return pids;
}

describe('API_PROCESSES=2: one port, two api processes under a supervisor', () => {
  let api: ManagedProcess;
  let worker: ManagedProcess;
  let url: string;
  let socket: Socket | undefined;

  beforeAll(async () => {
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    // Healthy once one process listens; the test below waits until both serve requests.
    api = await spawnApi(port, { API_PROCESSES: '2', OPENAI_API_KEY: '' });
    worker = await spawnWorker({ OPENAI_API_KEY: '' });
  });
  afterAll(async () => {
    socket?.close();
    await worker?.stop();
    await api?.stop();
  });

  it('serves sessions, plans and their progress from both processes, and replaces one that dies', async () => {
    const first = children(api.proc.pid!);
    expect(first).toHaveLength(2);

    const { client, email } = await signUpTeacher(url, { email: uniqueEmail('cluster') });
    // New connections each time: the supervisor hands them to both processes (as soon as each listens); the session
    // (in PostgreSQL) works on both.
    await waitFor(
      async () => {
        const me = await client.get<{ email: string }>('/api/auth/user', { connection: 'close' });
        expect(me.status).toBe(200);
        expect(me.body.email).toBe(email);
        return pidsServing(api.output, '/api/auth/user').size === 2;
      },
      { intervalMs: 20, what: 'both processes to serve /api/auth/user' },
    );
    expect([...pidsServing(api.output, '/api/auth/user')].sort()).toEqual([...first].sort());
    // Both listen by now: the supervisor has said so.
    await waitFor(() => api.output.some((l) => /API ouvindo na porta \d+ \(2 processos\)/.test(l)), { what: "the supervisor's 'API ouvindo' line" });

    // Progress reaches the socket whichever process holds it (WebSocket only, as the web app connects; rooms in Redis).
    socket = io(url, { transports: ['websocket'], extraHeaders: { cookie: client.cookieHeader }, reconnection: false });
    const events: PlanProgressEvent[] = [];
    socket.on('plan:progress', (e: PlanProgressEvent) => events.push(e));
    await new Promise<void>((resolve, reject) => {
      socket!.on('connect', () => resolve());
      socket!.on('connect_error', reject);
    });
    const turma = await client.post<{ id: string }>('/api/turmas', { nomeProfessor: 'Ana', numero: '81', escola: 'EEEF Bento Gonçalves', ano: '8' });
    expect(turma.status).toBe(201);
    const plan = await client.post<{ id: string }>('/api/planos/generate', {
      temaPrincipal: 'Ciências',
      turmaId: turma.body.id,
      materiaGeral: 'ciencias',
      aulas: [{ numeroAula: 1, materia: 'ciencias', prompt: 'Ciclo da água com um terrário na sala' }],
    });
    expect(plan.status).toBe(202);
    await waitFor(() => events.some((e) => e.planId === plan.body.id && e.type === 'done'), { what: 'the done event on the socket', timeoutMs: 30000 });

    // kill -9 one process: the other keeps answering, and the supervisor starts a new one.
    const [victim, survivor] = first;
    process.kill(victim, 'SIGKILL');
    await waitFor(() => !children(api.proc.pid!).includes(victim), { what: 'the killed process to be gone' });
    for (let i = 0; i < 10; i++) {
      expect((await client.get('/api/auth/user', { connection: 'close' })).status).toBe(200);
    }
    const replaced = await waitFor(
      () => {
        const now = children(api.proc.pid!);
        return now.length === 2 && !now.includes(victim) && now.includes(survivor) ? now : null;
      },
      { what: 'a new api process in place of the killed one', timeoutMs: 20000 },
    );
    const newcomer = replaced.find((pid) => pid !== survivor)!;
    // The newcomer serves as soon as it listens: new connections until one reaches it.
    await waitFor(
      async () => {
        const list = await client.get<unknown[]>('/api/planos', { connection: 'close' });
        expect(list.status).toBe(200);
        expect(list.body).toHaveLength(1);
        return pidsServing(api.output, '/api/planos').has(newcomer);
      },
      { intervalMs: 20, what: 'the new api process to serve /api/planos' },
    );
  });

  it('stops both processes on SIGTERM', async () => {
    const pids = children(api.proc.pid!);
    await api.stop();
    expect(api.proc.exitCode).toBe(0);
    for (const pid of pids) expect(() => process.kill(pid, 0)).toThrow();
  });
});
