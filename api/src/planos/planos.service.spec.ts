import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import {
  anoPhrase,
  generatePlanoSchema,
  LIMITS,
  planosListQuerySchema,
  MSG,
  updatePlanoSchema,
  type GeneratePlanoInput,
  type UpdatePlanoInput,
} from '@planejador/contracts';
import type { AulaEdits, CreditsRepository, FairnessRepository, PlanoComAulas, PlanoEdits, PlanoListRow, PlanosListRepository, PlanosRepository, TurmasRepository } from '@planejador/db';
import { jobIds, jobPriority, type JobProducer } from '@planejador/queue';
import { fakeDatabase, mockOf, refusal, skillScopeOf } from '../../test/service-fakes';
import type { CalendarioService } from '../calendario/calendario.service';
import { decodeCursor, PlanosService } from './planos.service';

const USER = randomUUID();
const TURMA = randomUUID();
const PLAN = randomUUID();

beforeAll(() => Logger.overrideLogger(false));

function setup() {
  const planos = mockOf<PlanosRepository>();
  const turmas = mockOf<TurmasRepository>();
  const credits = mockOf<CreditsRepository>();
  const fairness = mockOf<FairnessRepository>();
  const producer = mockOf<JobProducer>();
  const calendario = mockOf<CalendarioService>();
  const planosList = mockOf<PlanosListRepository>();
  turmas.findTurmaAno.mockResolvedValue({ ano: '5', etapa: 'fundamental' });
  credits.chargeCredits.mockResolvedValue(true);
  credits.admitGeneration.mockResolvedValue('admitted');
  planos.findPlanoIdByIdempotencyKey.mockResolvedValue(null);
  planos.insertPlanoWithAulas.mockResolvedValue(PLAN);
  fairness.teacherBacklog.mockResolvedValue(0);
  // The calendar places a plan in the 2nd trimestre of 2026 unless the body names a period.
  calendario.place.mockImplementation(async (_user, _day, pedido) => {
    const named = pedido.periodo ?? pedido.trimestre;
    return { ano: 2026, tipo: 'trimestre', periodo: named ?? 2, escolhido: named !== undefined };
  });
  const service = new PlanosService(
    fakeDatabase(),
    planos,
    planosList,
    turmas,
    credits,
    fairness,
    producer,
    skillScopeOf(),
    calendario,
  );
  return { service, planos, planosList, turmas, credits, fairness, producer, calendario };
}

const request = (over: Partial<GeneratePlanoInput> = {}) =>
  generatePlanoSchema.parse({
    temaPrincipal: 'Frações na cozinha',
    turmaId: TURMA,
    materiaGeral: 'matematica',
    aulas: [
      { numeroAula: 1, materia: 'matematica', prompt: 'Receita de bolo com frações', habilidadesFixadas: ['EF05MA03'] },
      { numeroAula: 2, materia: 'matematica', prompt: 'Pizza dividida em partes iguais' },
    ],
    ...over,
  });

describe('PlanosService.generate', () => {
  it("charges the plan's cost, stores it with each lesson's subject and pins, and queues it behind the teacher's other plans", async () => {
    const { service, planos, credits, fairness, producer } = setup();
    fairness.teacherBacklog.mockResolvedValue(2);

    expect(await service.generate(USER, request(), 'chave-0001')).toEqual({ id: PLAN, created: true });

    expect(credits.chargeCredits).toHaveBeenCalledWith(USER, LIMITS.planCost);
    expect(planos.insertPlanoWithAulas).toHaveBeenCalledWith(
      expect.objectContaining({ userId: USER, turmaId: TURMA, temaPrincipal: 'Frações na cozinha', periodo: 2, ano: 2026, periodoTipo: 'trimestre', trimestreEscolhido: false, idempotencyKey: 'chave-0001' }),
      [
        { materia: 'matematica', prompt: 'Receita de bolo com frações', habilidadesFixadas: ['EF05MA03'] },
        { materia: 'matematica', prompt: 'Pizza dividida em partes iguais', habilidadesFixadas: [] },
      ],
    );
    expect(producer.enqueue).toHaveBeenCalledWith('generate-plan', { planId: PLAN, userId: USER }, jobIds.generatePlan(PLAN), {
      priority: jobPriority('first-generation', 2),
    });
    expect(planos.markPlanEnqueued).toHaveBeenCalledWith(PLAN);
  });

  it("keeps the teacher's trimestre instead of the calendar's", async () => {
    const { service, planos, calendario } = setup();
    await service.generate(USER, request({ trimestre: 3 }), null);
    expect(planos.insertPlanoWithAulas).toHaveBeenCalledWith(expect.objectContaining({ periodo: 3, trimestreEscolhido: true }), expect.anything());
    expect(calendario.place).toHaveBeenCalledWith(USER, expect.any(String), { trimestre: 3, periodo: undefined });
  });

  it('answers a repeated Idempotency-Key with the same plan, charging and queueing nothing', async () => {
    const { service, planos, credits, producer } = setup();
    planos.findPlanoIdByIdempotencyKey.mockResolvedValue(PLAN);
    expect(await service.generate(USER, request(), 'chave-0001')).toEqual({ id: PLAN, created: false });
    expect(credits.chargeCredits).not.toHaveBeenCalled();
    expect(producer.enqueue).not.toHaveBeenCalled();
  });

  it('answers the loser of two concurrent requests with one key with the winner’s plan (unique index), queueing nothing', async () => {
    const { service, planos, producer } = setup();
    planos.findPlanoIdByIdempotencyKey.mockResolvedValueOnce(null).mockResolvedValueOnce(PLAN);
    planos.insertPlanoWithAulas.mockRejectedValue(Object.assign(new Error('duplicate key'), { code: '23505' }));
    expect(await service.generate(USER, request(), 'chave-0001')).toEqual({ id: PLAN, created: false });
    expect(producer.enqueue).not.toHaveBeenCalled();
  });

  it('refuses with 402 and the spec message when the credit cannot be taken: nothing stored or queued', async () => {
    const { service, planos, credits, producer } = setup();
    credits.chargeCredits.mockResolvedValue(false);
    expect(await refusal(service.generate(USER, request(), null))).toEqual({ status: 402, message: MSG.insufficientCredits });
    expect(planos.insertPlanoWithAulas).not.toHaveBeenCalled();
    expect(producer.enqueue).not.toHaveBeenCalled();
  });

  it.each([
    ['failed', MSG.generationsFailed],
    ['in-flight', MSG.generationsInFlight],
    ['per-minute', MSG.generationsPerMinute],
    ['per-hour', MSG.generationsPerHour],
  ] as const)('refuses with 429 when the per-user bound %s holds: nothing charged, stored or queued', async (bound, message) => {
    const { service, planos, credits, producer } = setup();
    credits.admitGeneration.mockResolvedValue(bound);
    expect(await refusal(service.generate(USER, request(), null))).toEqual({ status: 429, message });
    expect(credits.admitGeneration).toHaveBeenCalledWith(USER, 'plano', {
      inFlightMax: LIMITS.generationsInFlightMax,
      perMinute: LIMITS.generationsPerMinute,
      perHour: LIMITS.generationsPerHour,
      failedPerHour: LIMITS.generationsFailedPerHour,
    });
    expect(credits.chargeCredits).not.toHaveBeenCalled();
    expect(planos.insertPlanoWithAulas).not.toHaveBeenCalled();
    expect(producer.enqueue).not.toHaveBeenCalled();
  });

  it("answers another user's (or a missing) class with 404 before anything is charged", async () => {
    const { service, turmas, credits } = setup();
    turmas.findTurmaAno.mockResolvedValue(null);
    expect(await refusal(service.generate(USER, request(), null))).toEqual({ status: 404, message: MSG.turmaNotFound });
    expect(credits.chargeCredits).not.toHaveBeenCalled();
  });

  it('answers 404 when the class is deleted between its read and the insert (its foreign key refuses the plan), queueing nothing', async () => {
    const { service, planos, producer } = setup();
    planos.insertPlanoWithAulas.mockRejectedValue(Object.assign(new Error('violates foreign key constraint'), { code: '23503' }));
    expect(await refusal(service.generate(USER, request(), null))).toEqual({ status: 404, message: MSG.turmaNotFound });
    expect(producer.enqueue).not.toHaveBeenCalled();
  });

  it("refuses a subject without skills in the class's year, and a pin of another year, with 400 and nothing charged", async () => {
    const { service, credits } = setup();
    const ingles = request({ materiaGeral: 'ingles', aulas: [{ numeroAula: 1, materia: 'ingles', prompt: 'Cores' }] });
    expect(await refusal(service.generate(USER, ingles, null))).toEqual({
      status: 400,
      message: MSG.semHabilidadesBncc('Inglês', anoPhrase('5', 'fundamental', 'para')),
    });
    const pinned = request({ aulas: [{ numeroAula: 1, materia: 'matematica', prompt: 'Frações', habilidadesFixadas: ['EF06MA07'] }] });
    expect(await refusal(service.generate(USER, pinned, null))).toEqual({
      status: 400,
      message: MSG.habilidadeForaDoEscopo('EF06MA07', anoPhrase('5', 'fundamental', 'de'), 'Matemática'),
    });
    expect(credits.chargeCredits).not.toHaveBeenCalled();
  });

  it('keeps a plan it could not queue (Redis down) for the sweeper: the request succeeds, the plan is not marked queued', async () => {
    const { service, planos, credits, producer } = setup();
    producer.enqueue.mockRejectedValue(new Error('Connection is closed.'));
    expect(await service.generate(USER, request(), null)).toEqual({ id: PLAN, created: true });
    expect(credits.chargeCredits).toHaveBeenCalledTimes(1);
    expect(planos.markPlanEnqueued).not.toHaveBeenCalled();
  });
});

/** A stored lesson as the repository gives it (the fields update and toPlanoDto read). */
function lessonEntity(numeroAula: number, over: Record<string, unknown> = {}) {
  return {
    id: randomUUID(),
    planoId: PLAN,
    numeroAula,
    materia: 'matematica',
    prompt: 'Frações',
    titulo: `Frações ${numeroAula}`,
    habilidades: '(EF05MA03) Identificar e representar frações.',
    objetivos: 'Reconhecer metades e quartos.',
    objetosConhecimento: 'Frações',
    experiencias: 'Dividir uma pizza de papel.',
    evidencias: 'Registro no caderno.',
    verificacao: null,
    dua: null,
    habilidadeCodes: ['EF05MA03'],
    generationState: 'done',
    generationError: null,
    versao: 1,
    habilidadesFixadas: [],
    avisos: [],
    regeneracoes: 0,
    createdAt: new Date('2026-03-02T12:00:00Z'),
    updatedAt: new Date('2026-03-02T12:00:00Z'),
    ...over,
  };
}
type LessonEntity = ReturnType<typeof lessonEntity>;

function planEntity(aulas: LessonEntity[], over: Record<string, unknown> = {}): PlanoComAulas {
  const turma = { id: TURMA, numero: '51', escola: 'E.E.F. Mário Quintana', etapa: 'fundamental', ano: '5', nomeProfessor: 'Ana', estado: 'RS', instituicao: 'Estadual', barreiras: [] };
  return {
    id: PLAN,
    temaPrincipal: 'Frações',
    temaAutomatico: false,
    materiaGeral: 'matematica',
    userId: USER,
    turmaId: TURMA,
    status: 'gerado',
    limitOneSkill: true,
    preferirSeduc: true,
    nivelDetalhamento: 3,
    generator: 'offline',
    trimestre: 1,
    periodo: 1,
    ano: 2026,
    periodoTipo: 'trimestre',
    trimestreEscolhido: false,
    dataInicio: null,
    dataFim: null,
    duracaoAulaMin: null,
    generationState: 'done',
    generationError: null,
    creditRefunded: false,
    createdAt: new Date('2026-03-02T12:00:00Z'),
    updatedAt: new Date('2026-03-02T12:00:00Z'),
    aulas,
    turma,
    ...over,
  } as unknown as PlanoComAulas;
}

/** The PUT body for a lesson as the page sends it: every text, with these changes. */
const lessonInput = (aula: LessonEntity, over: Record<string, unknown> = {}) => ({
  id: aula.id,
  habilidades: aula.habilidades,
  objetivos: aula.objetivos,
  objetosConhecimento: aula.objetosConhecimento,
  experiencias: aula.experiencias,
  evidencias: aula.evidencias,
  ...over,
});
const edit = (body: UpdatePlanoInput) => updatePlanoSchema.parse(body);

describe('PlanosService.update', () => {
  function withPlan(plano: PlanoComAulas | null) {
    const ctx = setup();
    ctx.planos.lockPlanoWithAulas.mockResolvedValue(plano);
    ctx.planos.findPlanoWithAulas.mockResolvedValue(plano);
    // The save writes what it is given: the plan read after it (findPlanoWithAulas) is the plan as now stored.
    ctx.planos.savePlanoEdits.mockImplementation(async (_id: string, edits: PlanoEdits, aulas: readonly AulaEdits[]) => {
      Object.assign(plano!, edits);
      for (const { id, avisos, content } of aulas) Object.assign(plano!.aulas.find((a) => a.id === id)!, { avisos }, content);
    });
    return ctx;
  }

  it("answers another user's (or a missing) plan with 404 and saves nothing", async () => {
    const { service, planos } = withPlan(null);
    expect(await refusal(service.update(USER, PLAN, edit({ status: 'salvo' })))).toEqual({ status: 404, message: MSG.planoNotFound });
    expect(planos.lockPlanoWithAulas).toHaveBeenCalledWith(USER, PLAN);
    expect(planos.savePlanoEdits).not.toHaveBeenCalled();
  });

  it('refuses a plan still being generated with 409', async () => {
    const aula = lessonEntity(1);
    const { service, planos } = withPlan(planEntity([aula], { generationState: 'running' }));
    expect(await refusal(service.update(USER, PLAN, edit({ aulas: [lessonInput(aula, { objetivos: 'Novo' })] })))).toEqual({
      status: 409,
      message: MSG.planoGenerating,
    });
    expect(planos.savePlanoEdits).not.toHaveBeenCalled();
  });

  it('saves only the lessons whose content changed, each one version up, and answers the plan as now stored', async () => {
    const [first, second] = [lessonEntity(1), lessonEntity(2)];
    const { service, planos } = withPlan(planEntity([first, second]));
    const plano = await service.update(USER, PLAN, edit({ status: 'salvo', aulas: [lessonInput(first, { objetivos: 'Comparar frações.' }), lessonInput(second)] }));
    expect(planos.savePlanoEdits).toHaveBeenCalledWith(PLAN, expect.objectContaining({ status: 'salvo' }), [
      { id: first.id, avisos: [], content: expect.objectContaining({ objetivos: 'Comparar frações.', versao: 2 }) },
    ]);
    expect(plano.status).toBe('salvo');
    expect(plano.aulas.map((a) => [a.numeroAula, a.objetivos, a.versao])).toEqual([
      [1, 'Comparar frações.', 2],
      [2, second.objetivos, 1],
    ]);
  });

  it('writes the official text of skill codes the teacher picked, and refuses a code of another year with 400', async () => {
    const aula = lessonEntity(1);
    const { service } = withPlan(planEntity([aula]));
    const plano = await service.update(USER, PLAN, edit({ aulas: [lessonInput(aula, { habilidadeCodes: ['EF05MA04'] })] }));
    expect(plano.aulas[0]).toMatchObject({ habilidadeCodes: ['EF05MA04'], habilidades: '(EF05MA04) Identificar frações equivalentes.', versao: 2 });

    const other = lessonEntity(1);
    const { service: again, planos } = withPlan(planEntity([other]));
    expect(await refusal(again.update(USER, PLAN, edit({ aulas: [lessonInput(other, { habilidadeCodes: ['EF06MA07'] })] })))).toEqual({
      status: 400,
      message: MSG.habilidadeForaDoEscopo('EF06MA07', anoPhrase('5', 'fundamental', 'de'), 'Matemática'),
    });
    expect(planos.savePlanoEdits).not.toHaveBeenCalled();
  });

  it('changes nothing when one lesson was edited on an older version (409 naming it) or is not of the plan (404)', async () => {
    const [first, second] = [lessonEntity(1), lessonEntity(2, { versao: 3 })];
    const { service, planos } = withPlan(planEntity([first, second]));
    const stale = edit({ aulas: [lessonInput(first, { objetivos: 'Novo' }), lessonInput(second, { objetivos: 'Outro', versao: 2 })] });
    expect(await refusal(service.update(USER, PLAN, stale))).toEqual({ status: 409, message: MSG.aulaVersaoConflict(2) });
    const foreign = edit({ aulas: [lessonInput(lessonEntity(1), { objetivos: 'Novo' })] });
    expect(await refusal(service.update(USER, PLAN, foreign))).toEqual({ status: 404, message: MSG.aulaNotFound });
    expect(first.objetivos).toBe('Reconhecer metades e quartos.');
    expect(planos.savePlanoEdits).not.toHaveBeenCalled();
  });

  it('refuses to change a lesson being regenerated (409)', async () => {
    const aula = lessonEntity(1, { generationState: 'queued' });
    const { service, planos } = withPlan(planEntity([aula]));
    expect(await refusal(service.update(USER, PLAN, edit({ aulas: [lessonInput(aula, { objetivos: 'Novo' })] })))).toEqual({
      status: 409,
      message: MSG.aulaEditWhileRegenerating,
    });
    expect(planos.savePlanoEdits).not.toHaveBeenCalled();
  });

  it("renames the plan (the teacher's title no longer follows the lessons) and moves a derived trimestre with its start date", async () => {
    const { service, calendario } = withPlan(planEntity([lessonEntity(1)], { temaAutomatico: true }));
    calendario.place.mockResolvedValue({ ano: 2026, tipo: 'trimestre', periodo: 3, escolhido: false });
    const plano = await service.update(USER, PLAN, edit({ temaPrincipal: 'Frações na feira', dataInicio: '2026-09-14' }));
    expect(plano).toMatchObject({ temaPrincipal: 'Frações na feira', periodo: 3, ano: 2026, dataInicio: '2026-09-14' });
    expect(calendario.place).toHaveBeenCalledWith(USER, '2026-09-14', {});
  });
});

describe('PlanosService.get and remove', () => {
  it("answer another user's (or a missing) plan with 404", async () => {
    const { service, planos } = setup();
    planos.findPlanoWithAulas.mockResolvedValue(null);
    planos.deletePlano.mockResolvedValue(false);
    expect(await refusal(service.get(USER, PLAN))).toEqual({ status: 404, message: MSG.planoNotFound });
    expect(await refusal(service.remove(USER, PLAN))).toEqual({ status: 404, message: MSG.planoNotFound });
    expect(planos.deletePlano).toHaveBeenCalledWith(USER, PLAN);
  });

  it("deletes the user's own plan", async () => {
    const { service, planos } = setup();
    planos.deletePlano.mockResolvedValue(true);
    await expect(service.remove(USER, PLAN)).resolves.toBeUndefined();
  });
});

describe('PlanosService.list', () => {
  const row = (n: number, total: number): PlanoListRow => ({
    id: randomUUID(),
    temaPrincipal: `Plano ${n}`,
    materiaGeral: 'matematica',
    createdAt: new Date('2026-03-02T12:00:00Z'),
    updatedAt: new Date('2026-03-02T12:00:00Z'),
    status: 'gerado',
    turmaId: TURMA,
    numero: '51',
    escola: 'E.E.F. Mário Quintana',
    ano: '5',
    generationState: 'running',
    generationError: null,
    creditRefunded: false,
    generator: 'offline',
    trimestre: 1,
    periodo: 1,
    anoPlano: 2026,
    periodoTipo: 'trimestre',
    cursorAt: `2026-03-02T12:00:0${n}.000000Z`,
    total,
    aulas: `1 done ${randomUUID()} matematica 2 queued ${randomUUID()} portugues`,
  });

  it("gives a page of the user's plans with their progress, and the cursor of the next page when one follows", async () => {
    const { service, planosList } = setup();
    const rows = [row(3, 5), row(2, 5), row(1, 5)];
    planosList.listPlanosPage.mockResolvedValue(rows);
    const page = await service.list(USER, planosListQuerySchema.parse({ limit: 2, turma: '51' }));
    expect(planosList.listPlanosPage).toHaveBeenCalledWith(USER, expect.objectContaining({ turma: '51', after: null }), 3);
    expect(page.total).toBe(5);
    expect(page.planos.map((p) => p.temaPrincipal)).toEqual(['Plano 3', 'Plano 2']);
    expect(page.planos[0]).toMatchObject({ turma: { numero: '51', ano: '5' }, generation: { state: 'running', done: 1, total: 2 } });
    expect(page.planos[0].aulas.map((a) => a.materia)).toEqual(['matematica', 'portugues']);
    expect(decodeCursor(page.nextCursor!)).toEqual({ createdAt: rows[1].cursorAt, id: rows[1].id });
  });

  it('refuses a cursor this api did not make with 400', async () => {
    const { service, planosList } = setup();
    expect(await refusal(service.list(USER, planosListQuerySchema.parse({ cursor: 'bm90LWEtY3Vyc29y' })))).toEqual({ status: 400, message: MSG.cursorInvalid });
    expect(planosList.listPlanosPage).not.toHaveBeenCalled();
  });
});
