import { MSG, type Plano, type PublicUser, type RegenerateAulaResponse } from '@planejador/contracts';
import { createPlan, startSharedStack, teacherWithTurma, waitFor, type TestStack } from '@planejador/testing';

/** Issue 23: with no AI configured a regeneration costs nothing, and a wish is kept as a note, said so to the page. */
describe('offline regenerations (no AI key, real worker)', () => {
  let api: TestStack;

  beforeAll(async () => {
    api = await startSharedStack({ ai: 'offline' });
  });
  afterAll(() => api?.close());

  it('costs no credit even past the free ones, answers the note, and the lesson keeps the wish as a note', async () => {
    const { client, turma } = await teacherWithTurma(api, { ano: '5' });
    const plan = await createPlan(client, turma.id, ['Frações com receitas de bolo'], { timeoutMs: 30000 });
    const [aula] = plan.aulas;
    // Its free regenerations already spent: with an AI the next one would cost a credit.
    await api.orm.em.fork().getConnection().execute(`update aulas set regeneracoes = 3 where id = ?`, [aula.id]);
    const before = (await client.get<PublicUser>('/api/auth/user')).body.credits;

    const res = await client.post<RegenerateAulaResponse>(`/api/planos/${plan.id}/aulas/${aula.id}/regenerar`, { instrucao: 'mais prática, com jogo' });
    expect(res.status).toBe(202);
    expect(res.body.nota).toBe(MSG.regenerationOfflineNote);
    const done = await waitFor(async () => {
      const lesson = (await client.get<Plano>(`/api/planos/${plan.id}`)).body.aulas[0];
      return lesson.versao === 2 && lesson.generation.state === 'done' ? lesson : null;
    }, { timeoutMs: 30000 });
    expect((await client.get<PublicUser>('/api/auth/user')).body.credits).toBe(before);
    // The note lives in the lesson's `nota` (shown on the page), never inside its fields (issue 34).
    expect(done.nota).toContain('Nota do professor (registrada sem IA');
    expect(done.nota?.toLowerCase()).toContain('mais prática, com jogo');
    expect(done.experiencias).not.toContain('Nota do professor');

    // Without a wish there is nothing to note.
    const plain = await client.post<RegenerateAulaResponse>(`/api/planos/${plan.id}/aulas/${aula.id}/regenerar`, { campo: 'objetivos' });
    expect(plain.status).toBe(202);
    expect(plain.body.nota).toBeUndefined();
  });
});
