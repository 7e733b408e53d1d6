import { redactClassNotes, type Plano, type Turma } from '@planejador/contracts';
import { generateRequest, requestPlan, startSharedStack, teacherWithTurma, waitForPlan, type FakeAi, type TestStack } from '@planejador/testing';

/**
 * Issue 28: nothing personal reaches the AI. A class's notes, the lesson descriptions and a regeneration's wish
 * that hold a name, a CPF, a date of birth and a CID code: the descriptions and the wish are stored as the teacher
 * wrote them, the notes redacted (issue 34), and every request the AI receives has them replaced by placeholders.
 */
describe('personal data never reaches the AI (fake AI server logs every request)', () => {
  let api: TestStack;
  let ai: FakeAi;

  beforeAll(async () => {
    api = await startSharedStack({ ai: 'fake' });
    ai = api.ai!;
  });
  afterAll(() => api?.close());

  const personal = ['Enzo Gabriel', 'Enzo', '529.982.247-25', '14/03/2016', 'F84.0', 'Maria Eduarda', '(51) 99876-5432', 'Yasmin'];

  it('sends the class notes, descriptions and wishes redacted, and keeps the teacher\'s lesson text stored', async () => {
    const notes = 'O aluno Enzo Gabriel (CPF 529.982.247-25, nasc. 14/03/2016) tem laudo CID F84.0; senta na frente.';
    const { client, turma } = await teacherWithTurma(api, { ano: '5', observacoesAdicionais: notes });
    const id = await requestPlan(
      client,
      generateRequest(turma.id, ['Frações com receitas: a Maria Eduarda traz a balança', 'Medidas: ligar para a mãe, (51) 99876-5432']),
    );
    const plan = await waitForPlan(client, id, { timeoutMs: 60000 }).catch((error: Error) => {
      throw new Error(`${error.message}; AI calls: ${JSON.stringify(ai.calls.map((c) => c.outcome))}; worker: ${api.worker.output.slice(-15).join("\n")}`);
    });
    expect(plan.generation.state).toBe('done');
    const lesson = plan.aulas[0];
    const res = await client.post<{ jobId: string }>(`/api/planos/${plan.id}/aulas/${lesson.id}/regenerar`, { instrucao: 'mais prática para a Yasmin' });
    expect(res.status).toBe(202);
    await waitForPlan(client, id, { timeoutMs: 30000, states: ['done'] });
    const regenerated = async () => (await client.get<Plano>(`/api/planos/${plan.id}`)).body.aulas[0].versao;
    for (let i = 0; i < 100 && (await regenerated()) < 2; i++) await new Promise((r) => setTimeout(r, 200));

    const sent = ai.calls.filter((c) => c.text.includes('[nome]'));
    // Both lessons and the regeneration went out, each with its placeholders.
    expect(sent.length).toBeGreaterThanOrEqual(3);
    // The whole request body, the plan's list of lessons included.
    for (const call of ai.calls) {
      for (const value of personal) expect(JSON.stringify(call.body)).not.toContain(value);
    }
    expect(sent.some((c) => c.text.includes('[CPF]') && c.text.includes('[data de nascimento]') && c.text.includes('[CID]'))).toBe(true);

    // The lesson's description is kept as she wrote it; the class notes are stored redacted.
    const stored = (await client.get<Turma[]>('/api/turmas')).body.find((t) => t.id === turma.id);
    expect(stored?.observacoesAdicionais).toBe(redactClassNotes(notes).text);
    for (const value of ['Enzo', '529.982.247-25', '14/03/2016', 'F84.0']) expect(stored?.observacoesAdicionais).not.toContain(value);
    expect((await client.get<Plano>(`/api/planos/${plan.id}`)).body.aulas[0].prompt).toContain('Maria Eduarda');
  });
});
