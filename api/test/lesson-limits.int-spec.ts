import { LIMITS, MSG, type Aula, type Avaliacao, type Plano, type PublicUser } from '@planejador/contracts';
import { createPlan, PASSWORD, startSharedStack, teacherWithTurma, uniqueEmail, waitFor, type TestClient, type TestStack } from '@planejador/testing';

/**
 * Issue 34, what a teacher may write: each text field of a lesson at most 20,000 characters and 300 lines (400
 * naming the field, nothing changed) on every route that writes lesson text (PUT plan, restore, adaptation,
 * assessment PUT), at most 40 plans in a hand-in (else ?materia=), and first names without links, e-mails or digits.
 */
describe('lesson text caps, hand-in size and first names (api, offline worker)', () => {
  let api: TestStack;

  beforeAll(async () => {
    api = await startSharedStack({ ai: 'offline' });
  });
  afterAll(() => api?.close());

  const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => api.orm.em.fork().getConnection().execute<T[]>(text, params);
  const tooManyLines = '1. Passo.\n'.repeat(LIMITS.lessonFieldLinesMax + 1);
  const lessonOf = async (client: TestClient, planId: string) => (await client.get<Plano>(`/api/planos/${planId}`)).body.aulas[0];

  it('PUT refuses a field past 300 lines or 20,000 characters, naming it; nothing changes', async () => {
    const { client, turma } = await teacherWithTurma(api, { ano: '5' });
    const plan = await createPlan(client, turma.id, ['Frações com receitas'], { timeoutMs: 30000 });
    const [aula] = plan.aulas;
    for (const [field, text, label] of [
      ['experiencias', tooManyLines, 'Experiências de Aprendizagem'],
      ['objetivos', 'a'.repeat(LIMITS.lessonFieldMax + 1), 'Objetivos de Aprendizagem'],
    ] as const) {
      const res = await client.put<{ message: string; issues: { path: string; message: string }[] }>(`/api/planos/${plan.id}`, { aulas: [{ ...aula, [field]: text }] });
      expect(res.status).toBe(400);
      expect(res.body.issues.map((i) => i.message)).toContain(MSG.lessonFieldTooLong(label));
    }
    const after = await lessonOf(client, plan.id);
    expect(after).toMatchObject({ versao: aula.versao, experiencias: aula.experiencias, objetivos: aula.objetivos });
  });

  it('a restore of a version past the caps (kept from before them) is refused naming the field; nothing changes', async () => {
    const { client, turma } = await teacherWithTurma(api, { ano: '5' });
    const plan = await createPlan(client, turma.id, ['Medidas de comprimento'], { timeoutMs: 30000 });
    const [aula] = plan.aulas;
    expect((await client.put(`/api/planos/${plan.id}`, { aulas: [{ ...aula, objetivos: 'Medir com a régua.' }] })).status).toBe(200);
    await sql(`update aula_versoes set experiencias = ? where aula_id = ? and versao = 1`, [tooManyLines, aula.id]);
    const res = await client.post<{ message: string }>(`/api/planos/${plan.id}/aulas/${aula.id}/versoes/1/restaurar`);
    expect(res).toMatchObject({ status: 400, body: { message: MSG.versaoTooLong('Experiências de Aprendizagem') } });
    expect(await lessonOf(client, plan.id)).toMatchObject({ versao: 2, objetivos: 'Medir com a régua.', experiencias: aula.experiencias });
  });

  it('an adaptation whose text would pass the caps is not stored: the lesson keeps its text and says why; its note stays out of the fields', async () => {
    const { client, turma } = await teacherWithTurma(api, { ano: '5', barreiras: ['leitura'] });
    const plan = await createPlan(client, turma.id, ['Frações no mercado'], { timeoutMs: 30000 });
    const [aula] = plan.aulas;
    // An adaptation of a short text is stored, its note apart from the text.
    expect((await client.post(`/api/planos/${plan.id}/aulas/${aula.id}/adaptar`, { barreira: 'leitura' })).status).toBe(202);
    const adapted = await waitFor(async () => {
      const lesson = await lessonOf(client, plan.id);
      return lesson.versao === 2 && lesson.generation.state === 'done' ? lesson : null;
    }, { timeoutMs: 30000, what: 'the adaptation' });
    expect(adapted.nota).toBe('Adaptação para Leitura, feita sem IA. Revise antes de usar.');
    expect(adapted.experiencias).not.toContain('sem IA');

    // 299 lines: within the caps, but the adaptation adds its supports past them.
    const long = '1. Passo.\n'.repeat(LIMITS.lessonFieldLinesMax - 2) + '2. Fim.';
    expect((await client.put(`/api/planos/${plan.id}`, { aulas: [{ ...adapted, experiencias: long }] })).status).toBe(200);
    expect((await client.post(`/api/planos/${plan.id}/aulas/${aula.id}/adaptar`, { barreira: 'leitura' })).status).toBe(202);
    const kept = await waitFor(async () => {
      const lesson: Aula = await lessonOf(client, plan.id);
      return lesson.generation.state === 'done' && lesson.generation.error ? lesson : null;
    }, { timeoutMs: 30000, what: 'the refused adaptation' });
    expect(kept).toMatchObject({ versao: 3, experiencias: long });
    expect(kept.generation.error).toContain(MSG.generatedTooLong('Experiências de Aprendizagem'));
  });

  it('the assessment PUT refuses a rubric descritor past 300 lines naming it, stores rubrics as parsed; nothing else changes', async () => {
    const { client, turma } = await teacherWithTurma(api, { ano: '5' });
    const created = await client.post<{ id: string }>(`/api/turmas/${turma.id}/avaliacoes`, { trimestre: 1, materia: 'matematica', habilidades: ['EF05MA03'], questoesPorHabilidade: 1 });
    expect(created.status).toBe(202);
    const done = await waitFor(async () => {
      const res = await client.get<Avaliacao>(`/api/avaliacoes/${created.body.id}`);
      return res.body.generation.state === 'done' ? res.body : null;
    }, { timeoutMs: 30000, what: 'the assessment' });
    const [skill] = done.habilidades;
    const long = { ...skill, rubrica: skill.rubrica.map((r, i) => (i === 0 ? { ...r, descritor: `a${'\n'.repeat(LIMITS.lessonFieldLinesMax)}a` } : r)) };
    const refused = await client.put<{ message: string; issues: { message: string }[] }>(`/api/avaliacoes/${done.id}`, { habilidades: [long] });
    expect(refused.status).toBe(400);
    expect(refused.body.issues.map((i) => i.message)).toContain(MSG.avaliacaoQuestaoProblema('EF05MA03', MSG.lessonFieldTooLong('Descritor da rubrica')));
    expect((await client.get<Avaliacao>(`/api/avaliacoes/${done.id}`)).body.habilidades).toEqual(done.habilidades);

    const padded = { ...skill, rubrica: skill.rubrica.map((r) => ({ ...r, descritor: `  ${r.descritor}  `, cor: 'vermelho' })) };
    const saved = await client.put<Avaliacao>(`/api/avaliacoes/${done.id}`, { habilidades: [padded] });
    expect(saved.status).toBe(200);
    expect(saved.body.habilidades[0].rubrica).toEqual(skill.rubrica);
  });

  it('a hand-in of more than 40 plans answers 400 saying to hand in by subject; ?materia= hands in that subject only', async () => {
    const { client, turma } = await teacherWithTurma(api, { ano: '5' });
    const plan = await createPlan(client, turma.id, ['Geometria plana'], { timeoutMs: 30000, overrides: { trimestre: 1 } });
    // 40 more finished plans of the class in that trimestre: copies of the first.
    const [{ columns }] = await sql<{ columns: string }>(
      `select string_agg(quote_ident(column_name), ', ') as columns from information_schema.columns
        where table_schema = current_schema() and table_name = 'planos_aula' and column_name not in ('id', 'idempotency_key')`,
    );
    await sql(`insert into planos_aula (id, ${columns}) select gen_random_uuid(), ${columns} from planos_aula, generate_series(1, 40) where id = ?`, [plan.id]);
    const url = `/api/turmas/${turma.id}/trimestres/1/export`;
    expect(await client.get<{ message: string }>(url)).toMatchObject({ status: 400, body: { message: MSG.handinPlanosMax(41) } });
    expect(await client.get<{ message: string }>(`${url}?materia=matematica`)).toMatchObject({ status: 400, body: { message: MSG.handinPlanosMax(41) } });
    // Another subject holds none of them: it is handed in alone (here, nothing to hand in).
    expect(await client.get<{ message: string }>(`${url}?materia=ciencias`)).toMatchObject({ status: 409, body: { message: MSG.handinSemPlanos(1) } });
    expect((await client.get<{ message: string }>(`${url}?materia=alquimia`)).status).toBe(400);
  });

  it('a first name with a link, an e-mail address or a run of digits is refused at sign-up and in the profile; nothing changes', async () => {
    const guest = api.client();
    const email = uniqueEmail('nome');
    const signUp = await guest.post<{ message: string }>('/api/register', { email, password: PASSWORD, confirmPassword: PASSWORD, firstName: 'Ana www.promo.com' });
    expect(signUp).toMatchObject({ status: 400, body: { message: MSG.firstNameInvalid } });
    expect(await sql(`select 1 from users where email = ?`, [email])).toEqual([]);

    const { client } = await teacherWithTurma(api);
    const before = (await client.get<PublicUser>('/api/auth/user')).body;
    for (const firstName of ['ana@exemplo.com', 'Ana 51999998888', 'https://exemplo.com']) {
      expect(await client.request<{ message: string }>('PATCH', '/api/auth/user', { firstName })).toMatchObject({ status: 400, body: { message: MSG.firstNameInvalid } });
    }
    expect((await client.get<PublicUser>('/api/auth/user')).body.firstName).toBe(before.firstName);
  });
});
