import { Queue } from 'bullmq';
import type { Avaliacao, PublicUser } from '@planejador/contracts';
import { jobIds, QUEUES } from '@planejador/queue';
import { spawnWorker, startFakeAi, teacherWithTurma, waitFor, type FakeAi, type ManagedProcess, type TestClient } from '@planejador/testing';
import { startApi } from './api-harness';

/**
 * Issue 26: an assessment survives its worker's crash (kill -9 of the worker process; the api runs in process) and a
 * lost job, written once, one credit.
 */

const AI_ANSWER = {
  questoes: [
    { tipo: 'multipla', enunciado: 'Quanto é metade de 10?', alternativas: ['2', '5', '10', '20'], correta: 1, respostaEsperada: '10 dividido por 2.' },
    { tipo: 'aberta', enunciado: 'Explique como você dividiu.', alternativas: [], correta: 0, respostaEsperada: 'Em duas partes iguais.' },
  ],
  rubrica: { naoDesenvolveu: 'Não divide.', emDesenvolvimento: 'Divide com apoio.', desenvolveu: 'Divide sozinho.', desenvolveuPlenamente: 'Divide e explica.' },
};

// JOB_LOCK_MS 2 s: a killed worker's job is taken over within seconds (see faults.int-spec.ts).
const aiEnv = (ai: FakeAi) => ({ OPENAI_API_KEY: 'k', OPENAI_BASE_URL: ai.url, OPENAI_TIMEOUT_MS: '30000', JOB_LOCK_MS: '2000', SWEEP_INTERVAL_MS: '1000' });

function assessmentQueue() {
  const { hostname, port } = new URL(process.env.REDIS_URL!);
  return new Queue(QUEUES.assessment, { connection: { host: hostname, port: Number(port), maxRetriesPerRequest: null }, prefix: process.env.QUEUE_PREFIX });
}

const read = async (client: TestClient, id: string) => (await client.get<Avaliacao>(`/api/avaliacoes/${id}`)).body;
const credits = async (client: TestClient) => (await client.get<PublicUser>('/api/auth/user')).body.credits;
// A whole answer: 'answer' once streamed to its end (the writer streams, issue 36), 'content' when sent whole.
const answersFor = (ai: FakeAi, code: string) => ai.calls.filter((c) => (c.outcome === 'answer' || c.outcome === 'content') && c.text.includes(`avaliar a habilidade ${code}`)).length;

describe('assessment faults: a crash or a lost job loses no skill and no credit', () => {
  let ai: FakeAi;
  beforeAll(async () => {
    ai = await startFakeAi({ latencyMs: 50 });
  });
  afterAll(() => ai?.close());

  it('kill -9 of the worker mid-assessment: after the restart it resumes, each skill written once, one credit', async () => {
    const env = aiEnv(ai);
    const api = await startApi(env);
    const first = await spawnWorker(env);
    let second: ManagedProcess | undefined;
    try {
      const { client, turma } = await teacherWithTurma(api, { ano: '5' });
      const start = await credits(client);
      // The second skill's answer is held until the worker is dead; every other call answers at once.
      ai.script({ match: 'avaliar a habilidade EF05MA02', hold: true, content: AI_ANSWER }, { match: 'para avaliar a habilidade', times: 100, content: AI_ANSWER });
      const res = await client.post<{ id: string }>(`/api/turmas/${turma.id}/avaliacoes`, { trimestre: 1, materia: 'matematica', habilidades: ['EF05MA01', 'EF05MA02', 'EF05MA03'] });
      expect(res.status).toBe(202);
      // The skills are written side by side (issue 36): the first and the third are stored while the second is held.
      const before = await waitFor(async () => {
        const a = await read(client, res.body.id);
        const held = ai.calls.some((c) => c.text.includes('avaliar a habilidade EF05MA02'));
        return a.generation.done === 2 && held ? a : null;
      }, { what: 'first and third skills written, second asked' });
      expect(before.generation.state).toBe('running');
      await first.stop('SIGKILL');
      ai.release();
      second = await spawnWorker(env);
      const after = await waitFor(async () => {
        const a = await read(client, res.body.id);
        return a.generation.state === 'done' ? a : null;
      }, { what: 'assessment done after the crash', timeoutMs: 60000 });
      expect(after.habilidades.map((h) => [h.code, h.questoes.length, h.rubrica.length])).toEqual([
        ['EF05MA01', 2, 4],
        ['EF05MA02', 2, 4],
        ['EF05MA03', 2, 4],
      ]);
      // The skills written before the crash kept their first answer and were never asked again.
      expect(after.habilidades[0]).toEqual(before.habilidades[0]);
      expect(after.habilidades[2]).toEqual(before.habilidades[2]);
      expect(answersFor(ai, 'EF05MA01')).toBe(1);
      expect(answersFor(ai, 'EF05MA03')).toBe(1);
      expect(await credits(client)).toBe(start - 1);
    } finally {
      ai.reset();
      await second?.stop();
      await first.stop('SIGKILL');
      await api.close();
    }
  }, 150000);

  it('an assessment whose job was lost (Redis emptied, worker down) is queued again by the sweeper and written', async () => {
    const env = aiEnv(ai);
    const api = await startApi(env);
    const queue = assessmentQueue();
    let worker: ManagedProcess | undefined;
    try {
      const { client, turma } = await teacherWithTurma(api, { ano: '5' });
      ai.script({ match: 'para avaliar a habilidade', times: 100, content: AI_ANSWER });
      const res = await client.post<{ id: string }>(`/api/turmas/${turma.id}/avaliacoes`, { trimestre: 1, materia: 'matematica', habilidades: ['EF05MA04'] });
      expect(res.status).toBe(202);
      // No worker yet: the job waits in Redis; take it away.
      expect(await queue.remove(jobIds.generateAssessment(res.body.id))).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 1200)); // past the sweeper's grace period
      worker = await spawnWorker(env);
      const done = await waitFor(async () => {
        const a = await read(client, res.body.id);
        return a.generation.state === 'done' ? a : null;
      }, { what: 'assessment written after the sweep', timeoutMs: 60000 });
      expect(done.habilidades[0].questoes).toHaveLength(2);
      expect(answersFor(ai, 'EF05MA04')).toBe(1);
    } finally {
      ai.reset();
      await worker?.stop();
      await queue.close();
      await api.close();
    }
  }, 150000);
});
