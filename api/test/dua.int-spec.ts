import { MSG, type Aula, type AulaVersao, type Plano, type RegenerateAulaResponse, type Turma } from '@planejador/contracts';
import { createPlan, signUpTeacher, startSharedStack, teacherWithTurma, waitFor, type ApiClient, type FakeAi, type TestStack } from '@planejador/testing';

/**
 * Issue 28, Inclusion (DUA) without personal data: a class's barreiras, each lesson's DUA strategies (generated,
 * edited, regenerated as a field, exported) and the adaptation of a lesson's activities for one barreira, which
 * keeps the lesson's skills and adds a version that Desfazer (restore) undoes.
 */

const PRINCIPIOS = ['representacao', 'acaoExpressao', 'engajamento'] as const;

function expectDua(aula: Aula): void {
  expect(aula.dua).not.toBeNull();
  for (const p of PRINCIPIOS) {
    expect(aula.dua![p].length).toBeGreaterThanOrEqual(1);
    for (const s of aula.dua![p]) expect(s.trim().length).toBeGreaterThan(0);
  }
}

async function lessonAt(client: ApiClient, planId: string, aulaId: string, versao: number): Promise<Aula> {
  return waitFor(
    async () => {
      const aula = (await client.get<Plano>(`/api/planos/${planId}`)).body.aulas.find((a) => a.id === aulaId)!;
      return aula.versao >= versao && aula.generation.state === 'done' ? aula : null;
    },
    { timeoutMs: 30000 },
  );
}

describe('DUA offline (no AI key, real worker)', () => {
  let api: TestStack;

  beforeAll(async () => {
    api = await startSharedStack({ ai: 'offline' });
  });
  afterAll(() => api?.close());

  it('a class keeps its barreiras; an unknown tag answers a Portuguese 400 naming it and changes nothing', async () => {
    const { client, turma } = await teacherWithTurma(api, { ano: '3', barreiras: ['atencao', 'leitura', 'leitura'] });
    expect(turma.barreiras).toEqual(['leitura', 'atencao']);
    expect((await client.get<Turma[]>('/api/turmas')).body[0].barreiras).toEqual(['leitura', 'atencao']);

    const bad = await client.put<{ message: string }>(`/api/turmas/${turma.id}`, { ...turma, barreiras: ['leitura', 'dislexia'] });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(MSG.barreiraInvalid('dislexia'));
    const created = await client.post<{ message: string }>('/api/turmas', { nomeProfessor: 'Ana', numero: '99', escola: 'E', ano: '3', barreiras: ['TEA'] });
    expect(created.status).toBe(400);
    expect(created.body.message).toContain('"TEA"');
    const list = (await client.get<Turma[]>('/api/turmas')).body;
    expect(list).toHaveLength(1);
    expect(list[0].barreiras).toEqual(['leitura', 'atencao']);

    const ok = await client.put<Turma>(`/api/turmas/${turma.id}`, { ...turma, barreiras: ['audicao-libras'] });
    expect(ok.status).toBe(200);
    expect(ok.body.barreiras).toEqual(['audicao-libras']);
  });

  it('every lesson of a class with barreiras gets dua; edited by PUT, regenerated as a field; a class without has none', async () => {
    const { client, turma } = await teacherWithTurma(api, { ano: '4', barreiras: ['leitura', 'audicao-libras'] });
    const plan = await createPlan(client, turma.id, ['Leitura de problemas de multiplicação em duplas', 'Vídeo sobre medidas de comprimento'], { timeoutMs: 30000 });
    expect(plan.turma.barreiras).toEqual(['leitura', 'audicao-libras']);
    for (const aula of plan.aulas) {
      expectDua(aula);
      expect(aula.dua!.representacao.some((s) => s.startsWith('Leitura:'))).toBe(true);
      expect(aula.dua!.representacao.some((s) => s.startsWith('Audição e Libras:'))).toBe(true);
    }
    const [first] = plan.aulas;

    // Edit: saved as a new version that keeps it; an empty principle is refused naming it, nothing changes.
    const edited = { representacao: ['Cartaz com as etapas desenhadas.'], acaoExpressao: ['Resposta por desenho.'], engajamento: ['Desafio em dupla.'] };
    const empty = await client.put<{ message: string }>(`/api/planos/${plan.id}`, { aulas: [{ ...first, dua: { ...edited, engajamento: [] } }] });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(MSG.duaPrincipioVazio('Engajamento'));
    expect((await client.get<Plano>(`/api/planos/${plan.id}`)).body.aulas[0].dua).toEqual(first.dua);
    const saved = await client.put<Plano>(`/api/planos/${plan.id}`, { aulas: [{ ...first, dua: edited }] });
    expect(saved.status).toBe(200);
    expect(saved.body.aulas[0].dua).toEqual(edited);
    expect(saved.body.aulas[0].versao).toBe(first.versao + 1);
    const versions = (await client.get<AulaVersao[]>(`/api/planos/${plan.id}/aulas/${first.id}/versoes`)).body;
    expect(versions[0]).toMatchObject({ origem: 'edicao', dua: edited });

    // Regenerated as a field: only dua changes, as a new version.
    const res = await client.post<RegenerateAulaResponse>(`/api/planos/${plan.id}/aulas/${first.id}/regenerar`, { campo: 'dua' });
    expect(res.status).toBe(202);
    const regenerated = await lessonAt(client, plan.id, first.id, first.versao + 2);
    expectDua(regenerated);
    expect(regenerated.dua).not.toEqual(edited);
    expect(regenerated.experiencias).toBe(first.experiencias);
    expect(regenerated.habilidadeCodes).toEqual(first.habilidadeCodes);

    // A class without barreiras: no dua, and none to regenerate.
    const plain = await client.post<Turma>('/api/turmas', { nomeProfessor: 'Ana', numero: '41B', escola: 'Escola', ano: '4' });
    const plainPlan = await createPlan(client, plain.body.id, ['Frações com pizza'], { timeoutMs: 30000 });
    expect(plainPlan.aulas[0].dua).toBeNull();
    const refused = await client.post<{ message: string }>(`/api/planos/${plainPlan.id}/aulas/${plainPlan.aulas[0].id}/regenerar`, { campo: 'dua' });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(MSG.duaSemBarreiras);
  });

  it('adapting a lesson for leitura keeps its skills, adds a version (Desfazer restores), is free offline; bad or foreign answers 400/404', async () => {
    const { client, turma } = await teacherWithTurma(api, { ano: '2', barreiras: ['leitura'] });
    const plan = await createPlan(client, turma.id, ['Leitura de uma parlenda e contagem das rimas, em grupos, com registro no caderno'], { timeoutMs: 30000 });
    const [aula] = plan.aulas;
    const credits = async () => (await client.get<{ credits: number }>('/api/auth/user')).body.credits;
    const before = await credits();

    const bad = await client.post<{ message: string }>(`/api/planos/${plan.id}/aulas/${aula.id}/adaptar`, { barreira: 'dislexia' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(MSG.barreiraInvalid('dislexia'));
    const missing = await client.post<{ message: string }>(`/api/planos/${plan.id}/aulas/${aula.id}/adaptar`, {});
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(MSG.barreiraRequired);
    const stranger = await signUpTeacher(api);
    expect((await stranger.client.post(`/api/planos/${plan.id}/aulas/${aula.id}/adaptar`, { barreira: 'leitura' })).status).toBe(404);
    expect((await client.get<Plano>(`/api/planos/${plan.id}`)).body.aulas[0].versao).toBe(aula.versao);

    const res = await client.post<RegenerateAulaResponse>(`/api/planos/${plan.id}/aulas/${aula.id}/adaptar`, { barreira: 'leitura' });
    expect(res.status).toBe(202);
    const adapted = await lessonAt(client, plan.id, aula.id, aula.versao + 1);
    expect(adapted.habilidadeCodes).toEqual(aula.habilidadeCodes);
    expect(adapted.habilidades).toBe(aula.habilidades);
    expect(adapted.objetivos).toBe(aula.objetivos);
    expect(adapted.experiencias).not.toBe(aula.experiencias);
    // How it was made is the lesson's note, never inside its fields (issue 34).
    expect(adapted.nota).toContain('Adaptação para Leitura');
    expect(adapted.experiencias).toContain('Apoios para Leitura');
    expect(adapted.experiencias).toContain('Glossário');
    expect(await credits()).toBe(before);

    const versions = (await client.get<AulaVersao[]>(`/api/planos/${plan.id}/aulas/${aula.id}/versoes`)).body;
    expect(versions[0]).toMatchObject({ versao: adapted.versao, origem: 'adaptacao', campo: 'experiencias', instrucao: 'Adaptação para Leitura' });

    // Desfazer: the version before comes back, as a new version.
    const undo = await client.post<Aula>(`/api/planos/${plan.id}/aulas/${aula.id}/versoes/${aula.versao}/restaurar`, {});
    expect(undo.status).toBe(200);
    expect(undo.body.experiencias).toBe(aula.experiencias);
    expect(undo.body.habilidadeCodes).toEqual(aula.habilidadeCodes);
  });
});

describe('DUA with the fake AI server', () => {
  let api: TestStack;
  let ai: FakeAi;

  beforeAll(async () => {
    api = await startSharedStack({ ai: 'fake' });
    ai = api.ai!;
  });
  afterAll(() => api?.close());

  it('asks for dua only for a class with barreiras, stores it on every lesson; an adaptation keeps the skills and its wish leaves redacted', async () => {
    const { client, turma } = await teacherWithTurma(api, { ano: '5', barreiras: ['visao'] });
    const plan = await createPlan(client, turma.id, ['Frações com receitas', 'Gráficos de barras'], { timeoutMs: 60000 });
    for (const aula of plan.aulas) expectDua(aula);
    const asked = ai.calls.filter((c) => c.text.includes('Barreiras da turma'));
    expect(asked.length).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(asked[0].body)).toContain('"dua"');

    const [aula] = plan.aulas;
    // The wish goes out redacted, like every text a teacher writes (the stored version keeps it as she wrote it).
    const res = await client.post<RegenerateAulaResponse>(`/api/planos/${plan.id}/aulas/${aula.id}/adaptar`, {
      barreira: 'audicao-libras',
      instrucao: 'com imagens para o Enzo Gabriel',
    });
    expect(res.status).toBe(202);
    const adapted = await lessonAt(client, plan.id, aula.id, aula.versao + 1);
    expect(adapted.habilidadeCodes).toEqual(aula.habilidadeCodes);
    expect(adapted.habilidades).toBe(aula.habilidades);
    const adaptation = ai.calls.filter((c) => c.text.includes('para a barreira Audição e Libras'));
    expect(adaptation.length).toBeGreaterThanOrEqual(1);
    for (const call of ai.calls) expect(JSON.stringify(call.body)).not.toContain('Enzo');
    expect(adaptation[0].text).toContain('[nome]');
    const versions = (await client.get<AulaVersao[]>(`/api/planos/${plan.id}/aulas/${aula.id}/versoes`)).body;
    expect(versions[0]).toMatchObject({ origem: 'adaptacao', campo: 'experiencias', instrucao: 'Adaptação para Audição e Libras: com imagens para o Enzo Gabriel' });

    // Without barreiras the request has no dua.
    const plain = await client.post<Turma>('/api/turmas', { nomeProfessor: 'Ana', numero: '52', escola: 'Escola', ano: '5' });
    const calls = ai.calls.length;
    const plainPlan = await createPlan(client, plain.body.id, ['Frações com receitas'], { timeoutMs: 60000 });
    expect(plainPlan.aulas[0].dua).toBeNull();
    for (const call of ai.calls.slice(calls)) expect(JSON.stringify(call.body)).not.toContain('"dua"');
  });
});
