import { io, type Socket } from 'socket.io-client';
import { RUBRICA_NIVEIS, type AssessmentProgressEvent, type AssessmentSkillEvent, type Avaliacao, type ServerToClientEvents } from '@planejador/contracts';
import { startSharedStack, teacherWithTurma, waitFor, type FakeAi, type TestClient, type TestStack } from '@planejador/testing';

/**
 * Issue 36: an assessment writes its skills side by side (bounded like a plan's lessons), each skill's text reaching
 * its owner's page as it is written ('assessment:skill' deltas), and takes about as long as its slowest skill.
 */

/** The fake AI's answer for every skill: 2 multiple-choice questions and the 4 descriptors. */
const AI_ANSWER = {
  questoes: [
    { tipo: 'multipla', enunciado: 'Qual fração representa a parte pintada de uma pizza cortada em 4 com 1 pedaço pintado?', alternativas: ['1/4', '1/2', '3/4', '4/1'], correta: 0, respostaEsperada: '1 de 4 partes iguais.' },
    { tipo: 'multipla', enunciado: 'Qual número fica entre 0 e 1 na reta numérica?', alternativas: ['2', '3/2', '1/3', '5'], correta: 2, respostaEsperada: '1/3 é menor que 1.' },
  ],
  rubrica: { naoDesenvolveu: 'Não reconhece frações.', emDesenvolvimento: 'Reconhece com apoio.', desenvolveu: 'Representa frações sozinho.', desenvolveuPlenamente: 'Representa e explica frações na reta.' },
};

const CODES = ['EF05MA01', 'EF05MA02', 'EF05MA03', 'EF05MA04'];

type Received<T> = T & { receivedAt: number };

describe('an assessment written side by side, streamed (fake AI streaming, real worker, socket.io through Redis)', () => {
  let api: TestStack;
  let ai: FakeAi;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    // The streaming profile (as streaming.int-spec.ts): a first token after 150 ms, then 160 tokens a second.
    api = await startSharedStack({ ai: 'fake', aiLatencyMs: 150, aiTokensPerSecond: 160, env: { AI_RETRY_BASE_MS: '10' } });
    ai = api.ai!;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await api?.close();
  });

  /** A teacher's live socket, collecting her assessment events with the time each arrived. */
  async function listen(client: TestClient) {
    const socket: Socket<ServerToClientEvents> = io(api.url, { transports: ['websocket'], extraHeaders: { cookie: client.cookieHeader }, reconnection: false });
    sockets.push(socket);
    const skill: Received<AssessmentSkillEvent>[] = [];
    const progress: Received<AssessmentProgressEvent>[] = [];
    socket.on('assessment:skill', (event) => skill.push({ ...event, receivedAt: Date.now() }));
    socket.on('assessment:progress', (event) => progress.push({ ...event, receivedAt: Date.now() }));
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', () => resolve());
      socket.on('connect_error', reject);
    });
    return { skill, progress };
  }

  it("asks the AI for every skill at once, streams each skill's questions to its owner only before done, and stores the same shape as before", async () => {
    const owner = await teacherWithTurma(api, { ano: '5' });
    const stranger = await teacherWithTurma(api, { ano: '5' });
    const events = await listen(owner.client);
    const strangers = await listen(stranger.client);
    ai.script({ match: 'para avaliar a habilidade', times: 100, content: AI_ANSWER });

    const res = await owner.client.post<{ id: string }>(`/api/turmas/${owner.turma.id}/avaliacoes`, { trimestre: 1, materia: 'matematica', habilidades: CODES });
    expect(res.status).toBe(202);
    const id = res.body.id;
    const done = await waitFor(
      async () => {
        const a = (await owner.client.get<Avaliacao>(`/api/avaliacoes/${id}`)).body;
        return a.generation.state === 'done' || a.generation.state === 'failed' ? a : null;
      },
      { what: 'assessment ended', timeoutMs: 60000, intervalMs: 100 },
    );
    expect(done.generation.state).toBe('done');

    // Side by side: every skill's call was received before any of them had finished.
    const calls = CODES.map((code) => ai.calls.find((c) => c.text.includes(`avaliar a habilidade ${code}`))!);
    expect(calls.every((c) => c && c.outcome === 'answer' && c.finishedAt !== undefined)).toBe(true);
    expect(Math.max(...calls.map((c) => c.receivedAt))).toBeLessThan(Math.min(...calls.map((c) => c.finishedAt!)));
    expect(calls.every((c) => (c.body as { stream?: boolean }).stream === true)).toBe(true);

    // Each skill's text reached the page as it was written, before its skill-done and before the assessment's done.
    const doneEvent = await waitFor(() => events.progress.find((e) => e.avaliacaoId === id && e.type === 'done'), { what: "the 'done' event" });
    for (const code of CODES) {
      const deltas = events.skill.filter((e) => e.avaliacaoId === id && e.code === code);
      expect(deltas.length).toBeGreaterThanOrEqual(2);
      const skillDone = events.progress.find((e) => e.type === 'skill-done' && e.code === code)!;
      expect(deltas.every((d) => d.receivedAt <= skillDone.receivedAt && d.receivedAt <= doneEvent.receivedAt)).toBe(true);
      // Readable text: the first question's statement as it grows, the start of the stored one.
      const stored = done.habilidades.find((h) => h.code === code)!;
      for (const delta of deltas) {
        expect(delta.type).toBe('delta');
        const first = delta.parcial.questoes[0];
        if (first) expect(stored.questoes[0].enunciado.startsWith(first.enunciado)).toBe(true);
      }
      expect(deltas[deltas.length - 1].parcial.questoes.length).toBeGreaterThan(0);
    }
    // "k de N": each skill counted once, whatever the order they ended in.
    const skillDone = events.progress.filter((e) => e.avaliacaoId === id && e.type === 'skill-done');
    expect(skillDone.map((e) => e.done)).toEqual([1, 2, 3, 4]);
    expect(new Set(skillDone.map((e) => e.code))).toEqual(new Set(CODES));
    // To the owner only.
    expect(strangers.skill).toEqual([]);
    expect(strangers.progress).toEqual([]);

    // The same result as before: every skill's questions and rubric, in the order asked.
    expect(done.habilidades.map((h) => h.code)).toEqual(CODES);
    for (const h of done.habilidades) {
      expect(h.questoes).toEqual(AI_ANSWER.questoes.map((q) => ({ tipo: 'multipla', enunciado: q.enunciado, alternativas: q.alternativas, correta: q.correta, habilidade: h.code })));
      expect(h.rubrica).toEqual(RUBRICA_NIVEIS.map((nivel, i) => ({ nivel, descritor: Object.values(AI_ANSWER.rubrica)[i] })));
    }
    expect(done.generation).toMatchObject({ done: 4, total: 4 });
  }, 120000);
});
