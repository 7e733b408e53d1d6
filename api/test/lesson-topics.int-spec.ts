import { bankQuestionsFor } from '@planejador/curriculum';
import {
  questionsOutsideSkills,
  verificacaoQuestionCount,
  verificacaoSchema,
  type Aula,
  type Plano,
} from '@planejador/contracts';
import { generateRequest, messagesText, requestPlan, startSharedStack, teacherWithTurma, waitFor, waitForPlan, type FakeAi, type FakeAiCall, type TestClient, type TestStack } from '@planejador/testing';

/**
 * Lessons that teach (issue 23), through the api, the queue, a worker process and the fake AI server: each lesson's
 * request is about its own description and lists the plan's lessons; its skill ranking does not depend on another
 * lesson; the stored lesson's objects, title and check of learning follow the contract; offline, every lesson gets
 * its own title and open questions.
 */
const TABUADA = 'Tabuada do 2 e do 5 com jogo de cartas em duplas';
const GRAFICO = 'Gráfico de barras com as frutas preferidas da turma';

/** The skill codes offered to the model in one request, in the order they are ranked. */
function rankedCodes(call: FakeAiCall): string[] {
  const body = call.body as { response_format: { json_schema: { schema: { properties: { habilidades: { items: { enum: string[] } } } } } } };
  return body.response_format.json_schema.schema.properties.habilidades.items.enum;
}

/** The lesson description a request is about: the first quoted text of its user message. */
const topicOf = (call: FakeAiCall) => /"""\s*([\s\S]*?)\s*"""/u.exec(messagesText(call.body))?.[1];

async function objectsOf(api: TestStack, codes: string[]): Promise<Set<string>> {
  const rows = await api.orm.em.fork().getConnection().execute<{ knowledge_objects: string[] }[]>(
    'select knowledge_objects from curriculum_skills where code in (?)',
    [codes],
  );
  return new Set(rows.flatMap((r) => r.knowledge_objects));
}

function expectTeachingLesson(aula: Aula, nivel: number, objects: Set<string>) {
  expect(aula.titulo?.length).toBeGreaterThanOrEqual(3);
  expect(aula.titulo!.length).toBeLessThanOrEqual(80);
  const listed = (aula.objetosConhecimento ?? '').split('\n').filter(Boolean);
  expect(listed.length).toBeGreaterThanOrEqual(1);
  expect(listed.length).toBeLessThanOrEqual(3);
  for (const object of listed) expect(objects).toContain(object);
  const verificacao = verificacaoSchema.parse(aula.verificacao);
  // A check drawn from the question bank (offline) holds the level's count where the bank has that many, else all the
  // cited skills' bank questions, never fewer than 3; any other check, the level's count.
  const bank = new Set(aula.habilidadeCodes.flatMap((code) => bankQuestionsFor(code).map((q) => q.enunciado)));
  const fromBank = bank.size > 0 && verificacao.questoes.every((q) => bank.has(q.enunciado));
  expect(verificacao.questoes).toHaveLength(fromBank ? Math.min(verificacaoQuestionCount(nivel), Math.max(3, bank.size)) : verificacaoQuestionCount(nivel));
  expect(questionsOutsideSkills(verificacao, aula.habilidadeCodes)).toEqual([]);
}

describe('lessons that teach: with an AI (fake server)', () => {
  let api: TestStack;
  let ai: FakeAi;

  beforeAll(async () => {
    api = await startSharedStack({ ai: 'fake' });
    ai = api.ai!;
  });
  afterAll(() => api?.close());

  it("writes lesson N from its own description, lists the plan's lessons, and ranks its skills the same whatever lesson 1 is", async () => {
    const { client, turma } = await teacherWithTurma(api, { ano: '3' });
    const first = await waitForPlan(client, await requestPlan(client, generateRequest(turma.id, ['Frações com pizza: metade e terça parte', TABUADA, GRAFICO], { nivelDetalhamento: 4 })));
    expect(first.generation.state).toBe('done');
    const calls = ai.calls.filter((c) => c.path.endsWith('/chat/completions'));
    const tabuada = calls.find((c) => topicOf(c) === TABUADA)!;
    const text = messagesText(tabuada.body);
    expect(text).toContain('Aula 2 (a que você escreve)');
    expect(text).toContain('Aulas do plano (3, em ordem). Você escreve somente a Aula 2');
    expect(text).toContain('- Aula 1: Frações com pizza: metade e terça parte');
    expect(text).toContain(`- Aula 2 (esta aula): ${TABUADA}`);
    expect(text).toContain(`- Aula 3: ${GRAFICO}`);
    expect(text).not.toContain('Tema principal');
    // The plan's title or lesson 1 never ranks lesson 2's skills: the order offered to the model depends on lesson 2 alone.
    const ranked = rankedCodes(tabuada);
    ai.reset();
    await waitForPlan(client, await requestPlan(client, generateRequest(turma.id, ['Medidas de comprimento com palmos e passos', TABUADA, GRAFICO], { nivelDetalhamento: 4, temaPrincipal: 'Outro tema' })));
    const again = ai.calls.find((c) => topicOf(c) === TABUADA)!;
    expect(messagesText(again.body)).toContain('- Aula 1: Medidas de comprimento com palmos e passos');
    expect(rankedCodes(again)).toEqual(ranked);
    expect(ranked.slice(0, 3)).not.toContain('EF03MA09');

    for (const aula of first.aulas) expectTeachingLesson(aula, 4, await objectsOf(api, aula.habilidadeCodes));
    const positions = first.aulas.flatMap((a) => a.verificacao!.questoes.map((q) => (q.tipo === 'multipla' ? q.correta : -1)));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect(new Set(positions).size).toBeGreaterThan(1);
  });

  it("regenerates only the check of learning, showing the model the current questions, and keeps the version", async () => {
    const { client, turma } = await teacherWithTurma(api, { ano: '3' });
    const plan = await waitForPlan(client, await requestPlan(client, generateRequest(turma.id, [TABUADA, GRAFICO], { nivelDetalhamento: 2 })));
    const lesson = plan.aulas[1];
    ai.reset();
    const res = await client.post(`/api/planos/${plan.id}/aulas/${lesson.id}/regenerar`, { campo: 'verificacao' });
    expect(res.status).toBe(202);
    const after = await waitForVersion(client, plan.id, lesson.id, 2);
    const request = messagesText(ai.calls.find((c) => topicOf(c) === GRAFICO)!.body);
    expect(request).toContain('[Verificação da aprendizagem atual]');
    expect(request).toContain(lesson.verificacao!.questoes[0].enunciado);
    expect(request).toContain('Reescreva somente a verificação da aprendizagem');
    expect(request).toContain(`- Aula 1: ${TABUADA}`);
    for (const field of ['titulo', 'habilidades', 'objetivos', 'objetosConhecimento', 'experiencias', 'evidencias'] as const) expect(after[field]).toBe(lesson[field]);
    expectTeachingLesson(after, 2, await objectsOf(api, after.habilidadeCodes));
    const versions = (await client.get<{ versao: number; verificacao?: unknown }[]>(`/api/planos/${plan.id}/aulas/${lesson.id}/versoes`)).body;
    expect(versions.map((v) => v.versao)).toEqual([2, 1]);
  });
});

async function waitForVersion(client: TestClient, planId: string, aulaId: string, versao: number): Promise<Aula> {
  return waitFor(
    async () => {
      const aula = (await client.get<Plano>(`/api/planos/${planId}`)).body.aulas.find((a) => a.id === aulaId)!;
      return aula.versao >= versao && aula.generation.state === 'done' ? aula : null;
    },
    { timeoutMs: 60000, intervalMs: 150, what: `lesson ${aulaId} v${versao}` },
  );
}

describe('lessons that teach: offline (no AI key)', () => {
  let api: TestStack;

  beforeAll(async () => {
    api = await startSharedStack({ ai: 'offline' });
  });
  afterAll(() => api?.close());

  it('gives every lesson its own title, objects of its own skills and open exit questions, and no other lesson\'s text', async () => {
    const { client, turma } = await teacherWithTurma(api, { ano: '7' });
    const prompts = [
      'Cadeia alimentar no pátio da escola: observar seres vivos da horta e montar a teia',
      'Placas tectônicas: por que a América do Sul e a África se encaixam',
      'Efeito estufa e aquecimento global com um experimento de garrafas',
    ];
    const plan = await waitForPlan(client, await requestPlan(client, generateRequest(turma.id, prompts.map((prompt) => ({ prompt, materia: 'ciencias' })), { materiaGeral: 'ciencias', nivelDetalhamento: 3 })));
    expect(plan.generator).toBe('offline');
    expect(plan.aulas.map((a) => a.titulo)).toEqual(['Cadeia alimentar no pátio da escola', 'Placas tectônicas', 'Efeito estufa e aquecimento global']);
    for (const aula of plan.aulas) {
      expectTeachingLesson(aula, 3, await objectsOf(api, aula.habilidadeCodes));
      // Offline, nothing invented: the cited skills' bank questions as written there, else open questions.
      for (const q of aula.verificacao!.questoes) {
        const bank = bankQuestionsFor(q.habilidade).map((b) => b.enunciado);
        expect(bank.length ? bank.includes(q.enunciado) : q.tipo === 'aberta').toBe(true);
      }
      const text = [aula.objetivos, aula.experiencias, aula.evidencias, JSON.stringify(aula.verificacao)].join('\n');
      for (const other of prompts.filter((p) => p !== aula.prompt)) expect(text).not.toContain(other.split(':')[0]);
    }
    expect(plan.aulas[1].objetosConhecimento).not.toContain('Composição do ar');
  });
});
