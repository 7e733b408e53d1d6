import { randomUUID } from 'node:crypto';
import type { LessonContent } from '@planejador/contracts';
import { toAulaDto } from '../serializers';
import { type StoreRequest } from './lesson-content';
import { LessonContentRepository } from './lesson-content';
import { AulasRepository } from './aulas';
import { createTestDatabase, type TestDatabase } from './__tests__/test-database';

/** What a lesson holds and what each of its versions keeps, read back with SQL. */
interface LessonRow {
  versao: number;
  generation_state: string;
  generation_error: string | null;
  habilidades: string | null;
  habilidade_codes: string[];
  avisos: string[];
  titulo: string | null;
  verificacao: LessonContent['verificacao'];
  objetivos: string | null;
  objetos_conhecimento: string | null;
  experiencias: string | null;
  evidencias: string | null;
  regeneration_charged: boolean;
  regeneration_previous_state: string | null;
}
type VersionRow = Omit<LessonRow, 'generation_state' | 'generation_error' | 'avisos' | 'regeneration_charged' | 'regeneration_previous_state'> & {
  origem: string;
  instrucao: string | null;
  campo: string | null;
};

const draft = (tag: string, overrides: Partial<LessonContent> = {}): LessonContent => ({
  titulo: `Título ${tag}`,
  verificacao: {
    questoes: [1, 2, 3].map((n) => ({ tipo: 'aberta' as const, enunciado: `Pergunta ${n} ${tag}`, respostaEsperada: `Resposta ${n}`, habilidade: `EF05MA0${tag.length}` })),
  },
  habilidadeCodes: [`EF05MA0${tag.length}`],
  habilidades: `habilidades ${tag}`,
  objetivos: `objetivos ${tag}`,
  objetosConhecimento: `objetos ${tag}`,
  experiencias: `experiencias ${tag}`,
  evidencias: `evidencias ${tag}`,
  ...overrides,
});

describe('storeLessonContent: a lesson\'s new content and its version, in one statement (PostgreSQL)', () => {
  let db: TestDatabase;
  let aulasRepo: AulasRepository;
  let lessonContentRepo: LessonContentRepository;

  beforeAll(async () => {
    db = await createTestDatabase('lesson_content');
    aulasRepo = new AulasRepository(db.database);
    lessonContentRepo = new LessonContentRepository(db.database);
  });
  afterAll(async () => {
    await db?.close();
  });

  /** The version stored, or null. */
  const store = async (request: StoreRequest) => (await lessonContentRepo.storeLessonContent(request))?.versao ?? null;

  /** A lesson of a plan of its own, as the plan's generation queued it (or in the given state). */
  async function lesson(state: 'queued' | 'running' | 'done' | 'failed' = 'queued') {
    const user = await db.user();
    const turma = await db.turma(user.id);
    const plano = await db.plano(user.id, turma.id);
    const aula = await db.aula(plano.id, { generationState: state });
    return aula.id;
  }
  const row = async (aulaId: string) =>
    (await db.pool.query<LessonRow>(
      `select versao, generation_state, generation_error, titulo, verificacao, habilidades, habilidade_codes, avisos, objetivos, objetos_conhecimento,
              experiencias, evidencias, regeneration_charged, regeneration_previous_state
         from aulas where id = $1`,
      [aulaId],
    )).rows[0];
  const versions = async (aulaId: string) =>
    (await db.pool.query<VersionRow>(
      `select versao, origem, titulo, verificacao, habilidades, habilidade_codes, objetivos, objetos_conhecimento, experiencias, evidencias, instrucao, campo
         from aula_versoes where aula_id = $1 order by versao`,
      [aulaId],
    )).rows;
  /** The columns of a stored content, as `draft` gave them. */
  const content = (d: LessonContent) => ({
    titulo: d.titulo,
    verificacao: d.verificacao,
    habilidades: d.habilidades,
    habilidade_codes: d.habilidadeCodes,
    objetivos: d.objetivos,
    objetos_conhecimento: d.objetosConhecimento,
    experiencias: d.experiencias,
    evidencias: d.evidencias,
  });
  /** A regeneration in flight, as queueLessonRegeneration leaves the lesson. */
  const regenerating = (aulaId: string, jobId: string, state: 'queued' | 'running' = 'queued') =>
    db.pool.query(
      `update aulas set generation_state = $2, regeneration_job_id = $3, regeneration_charged = true, regeneration_previous_state = 'done',
              generation_error = 'anterior'
        where id = $1`,
      [aulaId, state, jobId],
    );

  it('first generation: the whole content, version 0 -> 1, kept as version 1 (geracao)', async () => {
    const aulaId = await lesson('running');
    const first = draft('um', { avisos: ['habilidade-a-confirmar'] });
    expect(await store({ aulaId, draft: first, origem: 'geracao', onlyIfNotDone: true })).toBe(1);
    expect(await row(aulaId)).toEqual({
      versao: 1,
      generation_state: 'done',
      generation_error: null,
      ...content(first),
      avisos: ['habilidade-a-confirmar'],
      regeneration_charged: false,
      regeneration_previous_state: null,
    });
    expect(await versions(aulaId)).toEqual([{ versao: 1, origem: 'geracao', ...content(first), instrucao: null, campo: null }]);
  });

  it('first generation is written once: a resumed job (or two at once) finds the lesson done and changes nothing', async () => {
    const aulaId = await lesson();
    const [a, b] = await Promise.all([
      store({ aulaId, draft: draft('a'), origem: 'geracao', onlyIfNotDone: true }),
      store({ aulaId, draft: draft('b'), origem: 'geracao', onlyIfNotDone: true }),
    ]);
    expect([a, b].sort()).toEqual([1, null]);
    const winner = (await row(aulaId)).objetivos === 'objetivos a' ? draft('a') : draft('b');
    expect(await store({ aulaId, draft: draft('again'), origem: 'geracao', onlyIfNotDone: true })).toBeNull();
    expect(await row(aulaId)).toMatchObject({ versao: 1, ...content(winner) });
    expect(await versions(aulaId)).toEqual([{ versao: 1, origem: 'geracao', ...content(winner), instrucao: null, campo: null }]);
  });

  it('a failed lesson written by a retry of its generation; no warnings stores an empty list', async () => {
    const aulaId = await lesson('failed');
    await db.pool.query(`update aulas set generation_error = 'IA fora do ar', avisos = '["habilidade-a-confirmar"]'::jsonb where id = $1`, [aulaId]);
    expect(await store({ aulaId, draft: draft('retry'), origem: 'geracao', onlyIfNotDone: true })).toBe(1);
    expect(await row(aulaId)).toMatchObject({ generation_state: 'done', generation_error: null, avisos: [] });
  });

  it('regenerating one field: only that field changes, the version goes up by one and keeps the whole lesson as it now is', async () => {
    const aulaId = await lesson();
    const first = draft('um');
    await store({ aulaId, draft: first, origem: 'geracao', onlyIfNotDone: true });
    const jobId = `regen-${randomUUID()}`;
    await regenerating(aulaId, jobId);
    const second = draft('dois', { habilidadeCodes: ['EF05MA99'], avisos: ['habilidade-a-confirmar'] });
    expect(await store({ aulaId, draft: second, origem: 'regeneracao', campo: 'objetivos', instrucao: 'Mais curta', jobId })).toBe(2);
    // Only objetivos came from the draft: the codes, warnings and other fields are the first generation's.
    const now = { ...content(first), objetivos: second.objetivos };
    expect(await row(aulaId)).toEqual({
      versao: 2,
      generation_state: 'done',
      generation_error: null,
      ...now,
      avisos: [],
      regeneration_charged: false,
      regeneration_previous_state: null,
    });
    expect(await versions(aulaId)).toEqual([
      { versao: 1, origem: 'geracao', ...content(first), instrucao: null, campo: null },
      { versao: 2, origem: 'regeneracao', ...now, instrucao: 'Mais curta', campo: 'objetivos' },
    ]);
  });

  it("regenerating 'habilidades' changes the text, the codes and the warnings together, nothing else", async () => {
    const aulaId = await lesson();
    const first = draft('um');
    await store({ aulaId, draft: first, origem: 'geracao', onlyIfNotDone: true });
    const jobId = `regen-${randomUUID()}`;
    await regenerating(aulaId, jobId, 'running');
    const second = draft('dois', { habilidadeCodes: ['EF05MA01', 'EF05MA02'], avisos: ['habilidade-a-confirmar'] });
    expect(await store({ aulaId, draft: second, origem: 'regeneracao', campo: 'habilidades', jobId })).toBe(2);
    expect(await row(aulaId)).toMatchObject({
      ...content(first),
      habilidades: second.habilidades,
      habilidade_codes: ['EF05MA01', 'EF05MA02'],
      avisos: ['habilidade-a-confirmar'],
    });
  });

  it("regenerating 'verificacao' changes only the check of learning, and the version keeps it with the title", async () => {
    const aulaId = await lesson();
    const first = draft('um');
    await store({ aulaId, draft: first, origem: 'geracao', onlyIfNotDone: true });
    const jobId = `regen-${randomUUID()}`;
    await regenerating(aulaId, jobId, 'running');
    const second = draft('dois');
    expect(await store({ aulaId, draft: second, origem: 'regeneracao', campo: 'verificacao', jobId })).toBe(2);
    const now = { ...content(first), verificacao: second.verificacao };
    expect(await row(aulaId)).toMatchObject(now);
    expect((await versions(aulaId)).map((v) => ({ versao: v.versao, titulo: v.titulo, verificacao: v.verificacao }))).toEqual([
      { versao: 1, titulo: first.titulo, verificacao: first.verificacao },
      { versao: 2, titulo: first.titulo, verificacao: second.verificacao },
    ]);
  });

  it("a regeneration's warnings follow the codes the fields cite: 'campos-com-habilidade-antiga' while one cites a code the lesson no longer has", async () => {
    const aulaId = await lesson();
    // (No check of learning here: its questions' skills are fields that cite codes too.)
    const cites = (code: string) => ({ objetivos: `Objetivo (${code})`, experiencias: `Atividade da ${code}`, verificacao: null });
    await store({ aulaId, draft: draft('um', { habilidadeCodes: ['EF05MA03'], ...cites('EF05MA03') }), origem: 'geracao', onlyIfNotDone: true });
    const regenerate = async (d: LessonContent, campo?: StoreRequest['campo']) => {
      const jobId = `regen-${randomUUID()}`;
      await regenerating(aulaId, jobId, 'running');
      const stored = await lessonContentRepo.storeLessonContent({ aulaId, draft: d, origem: 'regeneracao', campo, jobId });
      expect(stored!.avisos).toEqual((await row(aulaId)).avisos);
      return (await row(aulaId)).avisos;
    };
    // The skills change (field regeneration): the other fields still cite EF05MA03.
    expect(await regenerate(draft('dois', { habilidadeCodes: ['EF05MA04'], avisos: ['habilidade-a-confirmar'] }), 'habilidades')).toEqual([
      'habilidade-a-confirmar',
      'campos-com-habilidade-antiga',
    ]);
    // One field rewritten for the new code, another still citing the old one: the warning stays.
    expect(await regenerate(draft('tres', cites('EF05MA04')), 'objetivos')).toEqual(['habilidade-a-confirmar', 'campos-com-habilidade-antiga']);
    // Rewritten too: no field cites the old code, the warning goes (the other warning stays).
    expect(await regenerate(draft('quatro', cites('EF05MA04')), 'experiencias')).toEqual(['habilidade-a-confirmar']);
    // A whole rewrite with the new code pinned: the draft's warnings, and none for an old code.
    await regenerate(draft('cinco', { habilidadeCodes: ['EF05MA03'], verificacao: null }), 'habilidades');
    expect((await row(aulaId)).avisos).toEqual(['campos-com-habilidade-antiga']);
    expect(await regenerate(draft('seis', { habilidadeCodes: ['EF05MA03'], ...cites('EF05MA03') }))).toEqual([]);
  });

  it('regenerating the whole lesson replaces every field; each later version is kept beside the earlier ones', async () => {
    const aulaId = await lesson();
    await store({ aulaId, draft: draft('um'), origem: 'geracao', onlyIfNotDone: true });
    for (const [n, tag] of [[2, 'dois'], [3, 'tres']] as const) {
      const jobId = `regen-${randomUUID()}`;
      await regenerating(aulaId, jobId);
      expect(await store({ aulaId, draft: draft(tag), origem: 'regeneracao', jobId })).toBe(n);
    }
    expect(await row(aulaId)).toMatchObject({ versao: 3, ...content(draft('tres')) });
    expect((await versions(aulaId)).map((v) => [v.versao, v.origem, v.objetivos, v.campo])).toEqual([
      [1, 'geracao', 'objetivos um', null],
      [2, 'regeneracao', 'objetivos dois', null],
      [3, 'regeneracao', 'objetivos tres', null],
    ]);
  });

  it('a regeneration no longer the lesson\'s (another job id, no job id, or the lesson not queued or running) writes nothing', async () => {
    const aulaId = await lesson();
    await store({ aulaId, draft: draft('um'), origem: 'geracao', onlyIfNotDone: true });
    const jobId = `regen-${randomUUID()}`;
    await regenerating(aulaId, jobId);
    const before = await row(aulaId);
    expect(await store({ aulaId, draft: draft('x'), origem: 'regeneracao', jobId: 'regen-other' })).toBeNull();
    expect(await store({ aulaId, draft: draft('x'), origem: 'regeneracao' })).toBeNull();
    // The same job once the lesson has left 'queued'/'running' (a cancelled or ended regeneration).
    await db.pool.query(`update aulas set generation_state = 'done' where id = $1`, [aulaId]);
    expect(await store({ aulaId, draft: draft('x'), origem: 'regeneracao', jobId })).toBeNull();
    expect(await row(aulaId)).toEqual({ ...before, generation_state: 'done' });
    expect(await versions(aulaId)).toHaveLength(1);
    expect(await store({ aulaId: randomUUID(), draft: draft('x'), origem: 'geracao', onlyIfNotDone: true })).toBeNull();
  });

  it('answers the lesson as now stored, exactly as a read of it gives it (the lesson of the regeneration\'s event)', async () => {
    const aulaId = await lesson();
    await store({ aulaId, draft: draft('um'), origem: 'geracao', onlyIfNotDone: true });
    const jobId = `regen-${randomUUID()}`;
    await regenerating(aulaId, jobId, 'running');
    // The entity manager already holds the lesson (as the worker's does): the answer is what was stored, not that.
    await aulasRepo.getAula(aulaId);
    const stored = await lessonContentRepo.storeLessonContent({ aulaId, draft: draft('dois', { avisos: ['habilidade-a-confirmar'] }), origem: 'regeneracao', campo: 'objetivos', jobId });
    expect(stored).not.toBeNull();
    const read = toAulaDto(await aulasRepo.getAula(aulaId));
    expect(toAulaDto(stored!)).toEqual(read);
    expect(read).toMatchObject({ versao: 2, objetivos: 'objetivos dois', experiencias: 'experiencias um', generation: { state: 'done', error: null } });
  });

  it('the content and its version go together: when the version cannot be kept, the lesson is not changed', async () => {
    const aulaId = await lesson();
    await store({ aulaId, draft: draft('um'), origem: 'geracao', onlyIfNotDone: true });
    const jobId = `regen-${randomUUID()}`;
    await regenerating(aulaId, jobId);
    // A version 2 already there (aula_id, versao is unique): storing the next one fails as a whole.
    await db.pool.query(
      `insert into aula_versoes (id, aula_id, versao, origem) values ($1, $2, 2, 'edicao')`,
      [randomUUID(), aulaId],
    );
    const before = await row(aulaId);
    await expect(store({ aulaId, draft: draft('dois'), origem: 'regeneracao', jobId })).rejects.toThrow(/aula_versoes_aula_id_versao_unique/);
    expect(await row(aulaId)).toEqual(before);
  });
});
