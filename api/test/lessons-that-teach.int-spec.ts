import {
  anoPhrase,
  materiaLabel,
  MSG,
  planTitleFromLessons,
  type Aula,
  type AulaVersao,
  type Cobertura,
  type Plano,
  type Questao,
} from '@planejador/contracts';
import { createPlan, startSharedStack, teacherWithTurma, waitFor, type TestClient, type TestStack } from '@planejador/testing';

/**
 * Issue 23 (decisions.md, "Lessons that teach" and "Plans"), offline drafter and a real worker: the plan's title, a
 * lesson's title and check of learning saved by PUT and kept in versions, skill codes typed into the Habilidades
 * text, and the outdated-skill warning.
 */
describe('lessons that teach: titles, verificação, skills that follow through (api, worker, offline)', () => {
  let api: TestStack;

  beforeAll(async () => {
    api = await startSharedStack({ ai: 'offline' });
  });
  afterAll(() => api?.close());

  const TEXTS = ['habilidades', 'objetivos', 'objetosConhecimento', 'experiencias', 'evidencias'] as const;
  /** The lesson as PUT takes it: its id and five texts, with what the test changes. */
  const input = (aula: Aula, changes: Record<string, unknown> = {}) => ({
    id: aula.id,
    ...Object.fromEntries(TEXTS.map((field) => [field, aula[field] ?? ''])),
    ...changes,
  });
  const put = (client: TestClient, planId: string, body: Record<string, unknown>) =>
    client.put<Plano & { message: string }>(`/api/planos/${planId}`, { status: 'salvo', ...body });
  const open = (habilidade: string, n: number): Questao => ({
    tipo: 'aberta',
    enunciado: `Explique o que aprendeu (${n}).`,
    respostaEsperada: 'Que frações equivalentes representam a mesma parte.',
    habilidade,
  });
  const multipla = (habilidade: string, alternativas = ['1/2', '2/4', '3/4', '4/4']): Questao => ({
    tipo: 'multipla',
    enunciado: 'Qual fração é equivalente a 1/2?',
    alternativas: alternativas as [string, string, string, string],
    correta: 1,
    habilidade,
  });
  const temaAutomatico = async (planId: string) =>
    (await api.orm.em.fork().getConnection().execute<{ tema_automatico: boolean }[]>(`select tema_automatico from planos_aula where id = ?`, [planId]))[0]
      .tema_automatico;

  async function waitForLesson(client: TestClient, planId: string, aulaId: string, versao: number): Promise<Aula> {
    return waitFor(
      async () => {
        const aula = (await client.get<Plano>(`/api/planos/${planId}`)).body.aulas.find((a) => a.id === aulaId)!;
        return aula.generation.state === 'done' && aula.versao >= versao ? aula : null;
      },
      { timeoutMs: 60000, intervalMs: 150, what: `lesson ${aulaId} at version ${versao}` },
    );
  }

  it('names an untitled plan after its lessons’ titles; PUT renames it, saves a lesson’s title and check, versions keep them', async () => {
    const { client, turma } = await teacherWithTurma(api, { ano: '5' });
    const plan = await createPlan(
      client,
      turma.id,
      [
        { prompt: 'Frações equivalentes com tiras de papel', habilidadesFixadas: ['EF05MA04'] },
        { prompt: 'Medidas de comprimento com trena no pátio', habilidadesFixadas: ['EF05MA19'] },
      ],
      { timeoutMs: 60000 },
    );
    // Left at the subject's name: the server named it after the lessons' titles (not lesson 1's description alone).
    const titles = plan.aulas.map((a) => a.titulo);
    expect(titles.every((t) => t && t.length >= 3)).toBe(true);
    expect(plan.temaPrincipal).toBe(planTitleFromLessons(titles, 'Matemática'));
    expect(plan.temaPrincipal).toContain(titles[1]!);
    expect(await temaAutomatico(plan.id)).toBe(true);
    const own = await createPlan(client, turma.id, ['Frações na cozinha'], { overrides: { temaPrincipal: 'Receitas e frações' } });
    expect(own.temaPrincipal).toBe('Receitas e frações');
    expect(await temaAutomatico(own.id)).toBe(false);

    // Renamed alone (no lessons): the teacher's title from then on.
    const renamed = await put(client, plan.id, { temaPrincipal: '  Frações e medidas no 5º ano ' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.temaPrincipal).toBe('Frações e medidas no 5º ano');
    expect(await temaAutomatico(plan.id)).toBe(false);
    expect((await put(client, plan.id, { temaPrincipal: 'ab' })).body.message).toBe(MSG.temaPrincipalLength);

    const [first] = plan.aulas;
    const verificacao = { questoes: [multipla('EF05MA04'), open('ef05ma04', 2), open('EF05MA04', 3)] };
    const saved = await put(client, plan.id, { aulas: [input(first, { titulo: 'Tiras de papel e frações', verificacao, versao: first.versao })] });
    expect(saved.status).toBe(200);
    const lesson = saved.body.aulas.find((a) => a.id === first.id)!;
    expect(lesson.titulo).toBe('Tiras de papel e frações');
    expect(lesson.verificacao).toEqual({ questoes: [multipla('EF05MA04'), open('EF05MA04', 2), open('EF05MA04', 3)] });
    expect(lesson.versao).toBe(first.versao + 1);

    // A question on a skill the lesson does not cite: 400 naming lesson and question, and nothing changes.
    const outside = await put(client, plan.id, {
      temaPrincipal: 'Outro título',
      aulas: [input(lesson, { titulo: 'Outro', verificacao: { questoes: [open('EF05MA04', 1), open('EF05MA19', 2), open('EF05MA04', 3)] } })],
    });
    expect(outside.status).toBe(400);
    expect(outside.body.message).toBe(MSG.questaoHabilidadeForaDaAula(1, 2));
    // Schema errors name the question.
    const repeated = await put(client, plan.id, {
      aulas: [input(lesson, { verificacao: { questoes: [open('EF05MA04', 1), multipla('EF05MA04', ['1/2', '1/2', '3/4', '4/4']), open('EF05MA04', 3)] } })],
    });
    expect(repeated.status).toBe(400);
    expect(repeated.body.message).toBe(MSG.questaoAlternativasDistintas(2));
    const unchanged = (await client.get<Plano>(`/api/planos/${plan.id}`)).body;
    expect(unchanged.temaPrincipal).toBe('Frações e medidas no 5º ano');
    expect(unchanged.aulas[0]).toMatchObject({ titulo: 'Tiras de papel e frações', versao: lesson.versao, verificacao: lesson.verificacao });

    // The same question on the lesson's new code is fine once the same request changes the code.
    const moved = await put(client, plan.id, {
      aulas: [input(lesson, { habilidadeCodes: ['EF05MA03'], verificacao: { questoes: [open('EF05MA03', 1), open('EF05MA03', 2), open('EF05MA03', 3)] } })],
    });
    expect(moved.status).toBe(200);
    expect(moved.body.aulas[0]).toMatchObject({ habilidadeCodes: ['EF05MA03'], titulo: 'Tiras de papel e frações' });

    // Versions: each carries its title and check; restoring the generation's brings them back, and the edit's too.
    const versions = (await client.get<AulaVersao[]>(`/api/planos/${plan.id}/aulas/${first.id}/versoes`)).body;
    expect(versions.map((v) => [v.versao, v.origem, v.titulo])).toEqual([
      [3, 'edicao', 'Tiras de papel e frações'],
      [2, 'edicao', 'Tiras de papel e frações'],
      [1, 'geracao', first.titulo],
    ]);
    expect(versions[1].verificacao).toEqual(lesson.verificacao);
    expect(versions[2].verificacao).toEqual(first.verificacao);
    const restored = await client.post<Aula>(`/api/planos/${plan.id}/aulas/${first.id}/versoes/1/restaurar`, {});
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ versao: 4, titulo: first.titulo, verificacao: first.verificacao, habilidadeCodes: ['EF05MA04'] });
    const back = await client.post<Aula>(`/api/planos/${plan.id}/aulas/${first.id}/versoes/2/restaurar`, {});
    expect(back.body).toMatchObject({ versao: 5, titulo: 'Tiras de papel e frações', verificacao: lesson.verificacao });
  });

  it('a code typed into the Habilidades text becomes the lesson’s code (coverage follows); a field left on the old code warns until it is rewritten', async () => {
    const { client, turma } = await teacherWithTurma(api, { ano: '5' });
    const plan = await createPlan(client, turma.id, [{ prompt: 'Frações equivalentes com tiras de papel', habilidadesFixadas: ['EF05MA04'] }], {
      overrides: { trimestre: 1 },
      timeoutMs: 60000,
    });
    const covered = async () => {
      const math = (await client.get<Cobertura>(`/api/turmas/${turma.id}/cobertura`)).body.materias.find((m) => m.materia === 'matematica')!;
      return new Map(math.habilidades.map((h) => [h.code, h.planos]));
    };
    expect((await covered()).get('EF05MA04')!.map((p) => p.id)).toEqual([plan.id]);
    const lessonNow = async () => (await client.get<Plano>(`/api/planos/${plan.id}`)).body.aulas[0];
    const warning = 'campos-com-habilidade-antiga';

    // The teacher's own texts, citing the lesson's code: no warning (the skills did not change).
    let aula = (
      await put(client, plan.id, {
        aulas: [
          input(plan.aulas[0], {
            objetivos: 'Reconhecer frações equivalentes (EF05MA04).',
            objetosConhecimento: 'Frações',
            experiencias: 'Dobrar tiras de papel (EF05MA04) e comparar as partes.',
            evidencias: 'Registro no caderno.',
            verificacao: { questoes: [open('EF05MA04', 1), open('EF05MA04', 2), open('EF05MA04', 3)] },
          }),
        ],
      })
    ).body.aulas[0];
    expect(aula.avisos).not.toContain(warning);

    // A code outside the class's year and the lesson's subject: 400 naming it, nothing changes.
    const wrong = await put(client, plan.id, { aulas: [input(aula, { habilidades: '(EF06MA01) Comparar números naturais' })] });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(MSG.habilidadeForaDoEscopo('EF06MA01', anoPhrase('5', 'fundamental', 'de'), materiaLabel('matematica')));
    expect(await lessonNow()).toMatchObject({ habilidadeCodes: ['EF05MA04'], versao: aula.versao });

    // EF05MA03 typed into the text: the lesson's code, its official text; coverage counts it, with the lesson.
    const typed = await put(client, plan.id, { aulas: [input(aula, { habilidades: 'Trabalhar a ef05ma03 com as tiras' })] });
    expect(typed.status).toBe(200);
    aula = typed.body.aulas[0];
    expect(aula.habilidadeCodes).toEqual(['EF05MA03']);
    expect(aula.habilidades).toMatch(/^\(EF05MA03\) Identificar e representar frações/);
    expect(aula.habilidades).not.toContain('\n');
    let coverage = await covered();
    expect(coverage.get('EF05MA04')).toEqual([]);
    expect(coverage.get('EF05MA03')).toEqual([
      { id: plan.id, temaPrincipal: plan.temaPrincipal, trimestre: 1, periodo: 1, ano: plan.ano, aulas: [{ id: aula.id, numeroAula: 1, titulo: aula.titulo }] },
    ]);
    // Objetivos, Experiências and the questions still cite EF05MA04.
    expect(aula.avisos).toContain(warning);

    // Objetivos and the questions rewritten by hand: Experiências still cites it, the warning stays.
    aula = (
      await put(client, plan.id, {
        aulas: [
          input(aula, {
            objetivos: 'Representar frações (EF05MA03).',
            verificacao: { questoes: [open('EF05MA03', 1), open('EF05MA03', 2), open('EF05MA03', 3)] },
          }),
        ],
      })
    ).body.aulas[0];
    expect(aula.avisos).toContain(warning);
    // A field regeneration of Experiências (the lesson's codes pinned): no field cites EF05MA04, the warning goes.
    const field = await client.post(`/api/planos/${plan.id}/aulas/${aula.id}/regenerar`, { campo: 'experiencias' });
    expect(field.status).toBe(202);
    aula = await waitForLesson(client, plan.id, aula.id, aula.versao + 1);
    expect(aula.experiencias).not.toContain('EF05MA04');
    expect(aula.avisos).not.toContain(warning);

    // The picker changes the skill back: the fields citing EF05MA03 warn; "Reescrever" with the new code pinned clears it.
    aula = (await put(client, plan.id, { aulas: [input(aula, { habilidadeCodes: ['EF05MA04'] })] })).body.aulas[0];
    expect(aula.habilidadeCodes).toEqual(['EF05MA04']);
    expect(aula.avisos).toContain(warning);
    coverage = await covered();
    expect(coverage.get('EF05MA03')).toEqual([]);
    expect(coverage.get('EF05MA04')!.map((p) => p.id)).toEqual([plan.id]);
    const rewrite = await client.post(`/api/planos/${plan.id}/aulas/${aula.id}/regenerar`, { habilidadesFixadas: ['EF05MA04'] });
    expect(rewrite.status).toBe(202);
    aula = await waitForLesson(client, plan.id, aula.id, aula.versao + 1);
    expect(aula.habilidadeCodes).toEqual(['EF05MA04']);
    expect(aula.avisos).not.toContain(warning);
    expect([aula.objetivos, aula.experiencias, aula.evidencias].join('\n')).not.toContain('EF05MA03');
  });
});
