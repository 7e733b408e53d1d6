import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Plano } from '@planejador/contracts';
import { freePort, spawnApi, spawnWorker, TestClient, waitFor } from '@planejador/testing';
import { findRedisServer, startRedis } from '../../scripts/src/redis-server';

const PASSWORD = 'senha-segura-123';

describe('faults: Redis restarts during an export (issue 16)', () => {
  const binary = findRedisServer();
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'planejador-redis-export-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('an export caught by the restart answers cleanly (never hangs), and the next export works', async () => {
    if (!binary) throw new Error('redis-server not found on PATH');
    let redis = await startRedis(binary, dir);
    const port = await freePort();
    const env = { OPENAI_API_KEY: '', REDIS_URL: redis.url, EXPORT_TIMEOUT_MS: '8000', SWEEP_INTERVAL_MS: '1000' };
    const api = await spawnApi(port, env);
    const worker = await spawnWorker(env);
    try {
      const client = new TestClient(`http://127.0.0.1:${port}`);
      const email = `exporta.${Date.now().toString(36)}@escola.rs.gov.br`;
      expect((await client.post('/api/register', { email, password: PASSWORD, confirmPassword: PASSWORD })).status).toBe(201);
      const turma = await client.post<{ id: string }>('/api/turmas', {
        nomeProfessor: 'Ana', numero: '51', escola: 'EEEF Tiradentes', ano: '5', estado: 'RS', instituicao: 'SEDUC-RS_2025',
      });
      const gen = await client.post<{ id: string }>('/api/planos/generate', {
        temaPrincipal: 'Matemática',
        turmaId: turma.body.id,
        materiaGeral: 'matematica',
        aulas: [1, 2, 3].map((n) => ({ numeroAula: n, materia: 'matematica', prompt: `Frações, parte ${n}` })),
      });
      await waitFor(async () => (await client.get<Plano>(`/api/planos/${gen.body.id}`)).body.generation.state === 'done', {
        what: 'plan done',
        timeoutMs: 30000,
      });
      expect((await client.get(`/api/planos/${gen.body.id}/export`)).status).toBe(200);

      // An export in flight while Redis goes away and comes back.
      const started = Date.now();
      const during = client.get(`/api/planos/${gen.body.id}/export`);
      await redis.server.stop(10000);
      await new Promise((r) => setTimeout(r, 1000));
      redis = await startRedis(binary, dir, Number(new URL(redis.url).port));
      const answer = await during;
      expect([200, 503, 504]).toContain(answer.status);
      expect(Date.now() - started).toBeLessThan(20000);

      const after = await waitFor(
        async () => {
          const res = await client.get<Buffer>(`/api/planos/${gen.body.id}/export`);
          return res.status === 200 ? res : null;
        },
        { what: 'an export after the restart', timeoutMs: 30000 },
      );
      expect(after.body.subarray(0, 2).toString()).toBe('PK');
    } finally {
      await worker.stop();
      await api.stop();
      await redis.server.stop(10000);
    }
  }, 120000);

  it('SIGTERM of the worker with an export in flight: it finishes or hands the job back, exits in its grace period, and nothing is lost', async () => {
    if (!binary) throw new Error('redis-server not found on PATH');
    const redis = await startRedis(binary, dir);
    const port = await freePort();
    const env = { OPENAI_API_KEY: '', REDIS_URL: redis.url, EXPORT_TIMEOUT_MS: '15000', SWEEP_INTERVAL_MS: '1000' };
    const api = await spawnApi(port, env);
    let worker = await spawnWorker(env);
    try {
      const client = new TestClient(`http://127.0.0.1:${port}`);
      const email = `sigterm.${Date.now().toString(36)}@escola.rs.gov.br`;
      expect((await client.post('/api/register', { email, password: PASSWORD, confirmPassword: PASSWORD })).status).toBe(201);
      const turma = await client.post<{ id: string }>('/api/turmas', {
        nomeProfessor: 'Ana', numero: '51', escola: 'EEEF Tiradentes', ano: '5', estado: 'RS', instituicao: 'SEDUC-RS_2025',
      });
      const gen = await client.post<{ id: string }>('/api/planos/generate', {
        temaPrincipal: 'Matemática',
        turmaId: turma.body.id,
        materiaGeral: 'matematica',
        aulas: Array.from({ length: 15 }, (_, i) => ({ numeroAula: i + 1, materia: 'matematica', prompt: `Frações, parte ${i + 1}` })),
      });
      await waitFor(async () => (await client.get<Plano>(`/api/planos/${gen.body.id}`)).body.generation.state === 'done', {
        what: 'plan done',
        timeoutMs: 60000,
      });
      const during = client.get(`/api/planos/${gen.body.id}/export`);
      await new Promise((r) => setTimeout(r, 20));
      const stopping = Date.now();
      await worker.stop('SIGTERM');
      expect(Date.now() - stopping).toBeLessThan(10000);
      // Nest closes the app on SIGTERM and then re-raises the signal: a graceful exit ends by SIGTERM (or 0).
      expect(worker.proc.exitCode === 0 || worker.proc.signalCode === 'SIGTERM').toBe(true);
      // Handed back (not yet taken) or finished before exiting; a new worker serves whatever is left.
      worker = await spawnWorker(env);
      expect([200, 504]).toContain((await during).status);
      const after = await client.get<Buffer>(`/api/planos/${gen.body.id}/export`);
      expect(after.status).toBe(200);
      expect(after.body.subarray(0, 2).toString()).toBe('PK');
    } finally {
      await worker.stop();
      await api.stop();
      await redis.server.stop(10000);
    }
  }, 120000);
});
