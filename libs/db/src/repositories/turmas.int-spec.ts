import { randomUUID } from 'node:crypto';
import { schoolDate, type TurmaData } from '@planejador/contracts';
import { type CurriculumSkillRow } from './curriculum';
import { type CoberturaScope } from './turmas';
import { TurmasRepository } from './turmas';
import { CurriculumRepository } from './curriculum';
import { createTestDatabase, type TestDatabase } from './__tests__/test-database';

/** A plan made without a start date is of this year. */
const YEAR = Number(schoolDate().slice(0, 4));

/** Classes are ordered by creation time: a pause keeps two of them apart. */
const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('turmas repository (PostgreSQL)', () => {
  let db: TestDatabase;
  let curriculumRepo: CurriculumRepository;
  let turmasRepo: TurmasRepository;

  beforeAll(async () => {
    db = await createTestDatabase('turmas');
    curriculumRepo = new CurriculumRepository(db.database);
    turmasRepo = new TurmasRepository(db.database);
  });
  afterAll(async () => {
    await db?.close();
  });

  it('listTurmas gives the user’s classes newest first with their plan counts', async () => {
    const user = await db.user();
    const older = await db.turma(user.id, { numero: '51' });
    await tick();
    const newer = await db.turma(user.id, { numero: '52' });
    await db.turma((await db.user()).id);
    await db.plano(user.id, older.id);
    await db.plano(user.id, older.id);
    const list = await turmasRepo.listTurmas(user.id);
    expect(list.map((t) => [t.numero, t._count.planosAula])).toEqual([
      ['52', 0],
      ['51', 2],
    ]);
    expect(list[0]).toMatchObject({ id: newer.id, escola: 'Escola A', ano: '5', userId: user.id, nomeProfessor: 'Ana', observacoesAdicionais: null });
    expect(list[0].createdAt).toBe(newer.createdAt.toISOString());
  });

  it('countTurmas counts all classes and those of the same school and number (case and spaces aside), except the edited one', async () => {
    const user = await db.user();
    const turma = await db.turma(user.id, { escola: 'Escola Central', numero: '61' });
    await db.turma(user.id, { escola: 'Outra', numero: '61' });
    expect(await turmasRepo.countTurmas(user.id, { escola: '  escola CENTRAL ', numero: ' 61 ' }, null)).toEqual({ total: 2, same: 1 });
    expect(await turmasRepo.countTurmas(user.id, { escola: 'Escola Central', numero: '61' }, turma.id)).toEqual({ total: 2, same: 0 });
    expect(await turmasRepo.countTurmas(user.id, { escola: 'Escola Central', numero: '62' }, null)).toEqual({ total: 2, same: 0 });
  });

  it('lockUserTurmas makes a second transaction of the same user wait until the first ends', async () => {
    const user = await db.user();
    const order: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const first = db.database.transaction(async () => {
      await turmasRepo.lockUserTurmas(user.id);
      locked();
      await held;
      order.push('first');
    });
    await new Promise<void>((resolve) => (locked = resolve));
    const second = db.database.transaction(async () => {
      await turmasRepo.lockUserTurmas(user.id);
      order.push('second');
    });
    // Another user's lock is another lock.
    await db.database.transaction(() => turmasRepo.lockUserTurmas(randomUUID()));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(order).toEqual([]);
    release();
    await Promise.all([first, second]);
    expect(order).toEqual(['first', 'second']);
  });

  it('countPlanosByTurma counts the plans of the classes asked for', async () => {
    const user = await db.user();
    const a = await db.turma(user.id, { numero: '1' });
    const b = await db.turma(user.id, { numero: '2' });
    await db.plano(user.id, a.id);
    expect(await turmasRepo.countPlanosByTurma([a.id, b.id])).toEqual(new Map([[a.id, 1]]));
    expect(await turmasRepo.countPlanosByTurma([])).toEqual(new Map());
  });

  it('findTurmaAno gives the year and stage of the user’s class only', async () => {
    const user = await db.user();
    const turma = await db.turma(user.id, { ano: '7' });
    const other = await db.user();
    expect(await turmasRepo.findTurmaAno(user.id, turma.id)).toEqual({ ano: '7', etapa: 'fundamental' });
    expect(await turmasRepo.findTurmaAno(other.id, turma.id)).toBeNull();
  });

  it('findOwnedTurma and findLatestTurmaByNumero find the user’s class only (the newest of a repeated number)', async () => {
    const user = await db.user();
    const older = await db.turma(user.id, { numero: '71', escola: 'Escola A' });
    await tick();
    const newer = await db.turma(user.id, { numero: '71', escola: 'Escola B' });
    const other = await db.user();
    expect((await turmasRepo.findOwnedTurma(user.id, older.id))?.escola).toBe('Escola A');
    expect(await turmasRepo.findOwnedTurma(other.id, older.id)).toBeNull();
    expect(await turmasRepo.findOwnedTurma(user.id, randomUUID())).toBeNull();
    expect((await turmasRepo.findLatestTurmaByNumero(user.id, '71'))?.id).toBe(newer.id);
    expect(await turmasRepo.findLatestTurmaByNumero(other.id, '71')).toBeNull();
  });

  it('insertTurma stores a class of the user, updateTurma writes its new data and deleteTurma removes it with its plans', async () => {
    const user = await db.user();
    const data: TurmaData = { nomeProfessor: 'Bia', numero: '81', escola: 'Escola C', etapa: 'fundamental', ano: '4', estado: 'RS', instituicao: 'SEDUC-RS_2025', observacoesAdicionais: null, barreiras: ['leitura', 'atencao'] };
    const created = await db.database.transaction(() => turmasRepo.insertTurma(user.id, data));
    expect(await turmasRepo.listTurmas(user.id)).toEqual([expect.objectContaining({ id: created.id, ...data, userId: user.id })]);

    await db.database.transaction(async () => {
      const turma = await turmasRepo.findOwnedTurma(user.id, created.id);
      expect(await turmasRepo.updateTurma(turma!.id, { ...data, numero: '82', observacoesAdicionais: 'Turma da tarde' })).toMatchObject({ id: created.id, numero: '82', userId: user.id });
    });
    const [updated] = await turmasRepo.listTurmas(user.id);
    expect(updated).toMatchObject({ numero: '82', observacoesAdicionais: 'Turma da tarde' });
    expect(updated.updatedAt > updated.createdAt).toBe(true);

    await db.plano(user.id, created.id);
    expect(await turmasRepo.deleteTurma((await db.user()).id, created.id)).toBe(false);
    expect(await turmasRepo.deleteTurma(user.id, created.id)).toBe(true);
    expect(await turmasRepo.listTurmas(user.id)).toEqual([]);
    expect((await db.pool.query('select count(*)::int as n from planos_aula where turma_id = $1', [created.id])).rows[0].n).toBe(0);
  });

  it('citedSkillsByTurma reads the skills cited by finished plans only, per class', async () => {
    const user = await db.user();
    const turma = await db.turma(user.id, { ano: '5' });
    await tick();
    const empty = await db.turma(user.id, { numero: '99' });
    const first = await db.plano(user.id, turma.id, { generationState: 'done', trimestre: 2 });
    const second = await db.plano(user.id, turma.id, { generationState: 'done', trimestre: 1 });
    const running = await db.plano(user.id, turma.id, { generationState: 'running', trimestre: 3 });
    await db.aula(first.id, { habilidadeCodes: ['EF05MA01', 'EF05MA02'] });
    await db.aula(second.id, { habilidadeCodes: ['EF05MA01'] });
    await db.aula(running.id, { habilidadeCodes: ['EF05MA09'] });
    const resumo = await turmasRepo.citedSkillsByTurma(user.id);
    expect(resumo.map((r) => [r.id, r.ano, [...r.codes].sort()])).toEqual([
      [turma.id, '5', ['EF05MA01', 'EF05MA02']],
      [empty.id, '5', []],
    ]);
  });

  describe('turmaCobertura', () => {
    const skill = (code: string, component: string, years: number[], unit: string): CurriculumSkillRow => ({
      code, etapa: 'fundamental', component, bncc_component: component, years, unit, field: null, axis: null, knowledge_objects: [],
      description: `Texto oficial de ${code}`, source: 'bncc', expectativas: [],
    });
    // The app's subjects as the generate form lists them (an excerpt): musica is two units of Arte.
    const scopes: CoberturaScope[] = [
      { materia: 'matematica', etapa: 'fundamental', components: ['matematica'], units: null, byAno: true },
      { materia: 'artes', etapa: 'fundamental', components: ['artes'], units: null, byAno: true },
      { materia: 'ingles', etapa: 'fundamental', components: ['ingles'], units: null, byAno: true },
      { materia: 'musica', etapa: 'fundamental', components: ['artes'], units: ['Música', 'Artes integradas'], byAno: true },
    ];

    beforeAll(async () => {
      await curriculumRepo.upsertCurriculumSkills([
        skill('EF05MA01', 'matematica', [5], 'Números'),
        skill('EF05MA02', 'matematica', [5], 'Números'),
        skill('EF05MA17', 'matematica', [5], 'Geometria'),
        skill('EF04MA01', 'matematica', [4], 'Números'),
        skill('EF15AR01', 'artes', [1, 2, 3, 4, 5], 'Artes visuais'),
        skill('EF15AR13', 'artes', [1, 2, 3, 4, 5], 'Música'),
        skill('EF15AR23', 'artes', [1, 2, 3, 4, 5], 'Artes integradas'),
        skill('EF06LI01', 'ingles', [6], 'Oralidade'),
      ]);
    });

    it('lists every skill of each subject of the class’s year with the finished plans that cite it', async () => {
      const user = await db.user();
      const turma = await db.turma(user.id, { ano: '5' });
      const bola = await db.plano(user.id, turma.id, { generationState: 'done', trimestre: 2, temaPrincipal: 'Bola' });
      const agua = await db.plano(user.id, turma.id, { generationState: 'done', trimestre: 2, temaPrincipal: 'Água' });
      const first = await db.plano(user.id, turma.id, { generationState: 'done', trimestre: 1, temaPrincipal: 'Zebra' });
      const running = await db.plano(user.id, turma.id, { generationState: 'running', trimestre: 3 });
      const deleted = await db.plano(user.id, turma.id, { generationState: 'done', trimestre: 3 });
      // Two lessons of one plan citing the same skill list that plan once; a code of another year is ignored.
      const bola2 = await db.aula(bola.id, { numeroAula: 2, habilidadeCodes: ['EF05MA01', 'EF04MA01'], titulo: 'Chutes a gol' });
      const bola1 = await db.aula(bola.id, { numeroAula: 1, habilidadeCodes: ['EF05MA01', 'EF15AR13'], titulo: 'Bola e ritmo' });
      await db.aula(bola.id, { numeroAula: 3, habilidadeCodes: ['EF05MA17'], titulo: 'Formas da quadra' });
      const aguaAula = await db.aula(agua.id, { habilidadeCodes: ['EF05MA01'] });
      const firstAula = await db.aula(first.id, { habilidadeCodes: ['EF05MA01'], titulo: 'Listras' });
      await db.aula(running.id, { habilidadeCodes: ['EF05MA02'] });
      await db.aula(deleted.id, { habilidadeCodes: ['EF05MA17'] });
      await db.pool.query('delete from planos_aula where id = $1', [deleted.id]);

      const cobertura = await turmasRepo.turmaCobertura(user.id, turma.id, scopes);
      expect(cobertura).not.toBeNull();
      expect(cobertura!.turmaId).toBe(turma.id);
      expect(cobertura!.ano).toBe('5');
      // English has no skill in the 5º ano: it is left out; the others keep the scopes' order.
      expect(cobertura!.materias.map((m) => [m.materia, m.total, m.cobertas, m.habilidades.map((h) => h.code)])).toEqual([
        ['matematica', 3, 2, ['EF05MA01', 'EF05MA02', 'EF05MA17']],
        ['artes', 3, 1, ['EF15AR01', 'EF15AR13', 'EF15AR23']],
        ['musica', 2, 1, ['EF15AR13', 'EF15AR23']],
      ]);
      const [math, artes, musica] = cobertura!.materias;
      // Plans by trimestre, then by theme in Portuguese order ('Água' before 'Bola'); each with the lessons that
      // cite the skill, in lesson order (a lesson not yet titled has a null title).
      expect(math.habilidades[0]).toEqual({
        code: 'EF05MA01',
        description: 'Texto oficial de EF05MA01',
        unidade: 'Números',
        trimestres: [1, 2],
        periodos: [1, 2],
        planos: [
          { id: first.id, temaPrincipal: 'Zebra', trimestre: 1, periodo: 1, ano: YEAR, aulas: [{ id: firstAula.id, numeroAula: 1, titulo: 'Listras' }] },
          { id: agua.id, temaPrincipal: 'Água', trimestre: 2, periodo: 2, ano: YEAR, aulas: [{ id: aguaAula.id, numeroAula: 1, titulo: null }] },
          {
            id: bola.id,
            temaPrincipal: 'Bola',
            trimestre: 2,
            periodo: 2,
            ano: YEAR,
            aulas: [
              { id: bola1.id, numeroAula: 1, titulo: 'Bola e ritmo' },
              { id: bola2.id, numeroAula: 2, titulo: 'Chutes a gol' },
            ],
          },
        ],
        avaliada: false,
        resultado: null,
      });
      expect(math.habilidades[1]).toEqual({ code: 'EF05MA02', description: 'Texto oficial de EF05MA02', unidade: 'Números', trimestres: [], periodos: [], planos: [], avaliada: false, resultado: null });
      expect(math.habilidades[2]).toMatchObject({ code: 'EF05MA17', unidade: 'Geometria', trimestres: [2] });
      expect(math.habilidades[2].planos.map((p) => p.aulas.map((a) => a.titulo))).toEqual([['Formas da quadra']]);
      const music = {
        code: 'EF15AR13',
        description: 'Texto oficial de EF15AR13',
        unidade: 'Música',
        trimestres: [2],
        periodos: [2],
        planos: [{ id: bola.id, temaPrincipal: 'Bola', trimestre: 2, periodo: 2, ano: YEAR, aulas: [{ id: bola1.id, numeroAula: 1, titulo: 'Bola e ritmo' }] }],
        avaliada: false,
        resultado: null,
      };
      expect(artes.habilidades[1]).toEqual(music);
      expect(musica.habilidades[0]).toEqual(music);
    });

    it('marks a skill avaliada when a finished assessment of the class includes it (issue 26)', async () => {
      const user = await db.user();
      const turma = await db.turma(user.id, { ano: '5' });
      const other = await db.turma(user.id, { ano: '5', numero: '52' });
      const habilidades = (codes: string[]) => JSON.stringify(codes.map((code) => ({ code, description: code, questoes: [], rubrica: [] })));
      const insert = (turmaId: string, state: string, codes: string[]) =>
        db.pool.query(
          `insert into avaliacoes (id, user_id, turma_id, trimestre, materia, questoes_por_habilidade, habilidades, generation_state)
           values ($1, $2, $3, 1, 'matematica', 2, $4::jsonb, $5)`,
          [randomUUID(), user.id, turmaId, habilidades(codes), state],
        );
      await insert(turma.id, 'done', ['EF05MA01']);
      await insert(turma.id, 'running', ['EF05MA02']);
      await insert(turma.id, 'failed', ['EF05MA17']);
      await insert(other.id, 'done', ['EF05MA02', 'EF05MA17']);
      const cobertura = await turmasRepo.turmaCobertura(user.id, turma.id, scopes);
      const math = cobertura!.materias.find((m) => m.materia === 'matematica')!;
      expect(math.habilidades.map((h) => [h.code, h.avaliada])).toEqual([
        ['EF05MA01', true],
        ['EF05MA02', false],
        ['EF05MA17', false],
      ]);
    });

    it("gives each skill the results of the newest finished assessment of the class holding it with results", async () => {
      const user = await db.user();
      const turma = await db.turma(user.id, { ano: '5' });
      const other = await db.turma(user.id, { ano: '5', numero: '52' });
      const habilidades = (codes: string[]) => JSON.stringify(codes.map((code) => ({ code, description: code, questoes: [], rubrica: [] })));
      let minutes = 0;
      const insert = async (turmaId: string, state: string, codes: string[], results: Record<string, [number, number, number, number]>) => {
        const id = randomUUID();
        minutes += 1;
        await db.pool.query(
          `insert into avaliacoes (id, user_id, turma_id, trimestre, materia, questoes_por_habilidade, habilidades, generation_state, created_at)
           values ($1, $2, $3, 1, 'matematica', 2, $4::jsonb, $5, now() - make_interval(mins => 100 - $6::int))`,
          [id, user.id, turmaId, habilidades(codes), state, minutes],
        );
        for (const [code, [a, b, c, d]] of Object.entries(results)) {
          await db.pool.query(
            `insert into avaliacao_resultados (avaliacao_id, code, nao_desenvolveu, em_desenvolvimento, desenvolveu, desenvolveu_plenamente) values ($1, $2, $3, $4, $5, $6)`,
            [id, code, a, b, c, d],
          );
        }
      };
      await insert(turma.id, 'done', ['EF05MA01', 'EF05MA02'], { EF05MA01: [1, 1, 1, 1], EF05MA02: [0, 0, 0, 0] });
      // Newer, but without results for EF05MA01: the older results stand for it.
      await insert(turma.id, 'done', ['EF05MA01', 'EF05MA02'], { EF05MA02: [1, 2, 3, 4] });
      // Newer still, but not done, or of another class: ignored.
      await insert(turma.id, 'failed', ['EF05MA01'], { EF05MA01: [9, 9, 9, 9] });
      await insert(other.id, 'done', ['EF05MA01', 'EF05MA17'], { EF05MA01: [5, 5, 5, 5], EF05MA17: [5, 5, 5, 5] });
      const cobertura = await turmasRepo.turmaCobertura(user.id, turma.id, scopes);
      const math = new Map(cobertura!.materias.find((m) => m.materia === 'matematica')!.habilidades.map((h) => [h.code, h.resultado]));
      const niveis = (naoDesenvolveu: number, emDesenvolvimento: number, desenvolveu: number, desenvolveuPlenamente: number) => ({
        naoDesenvolveu,
        emDesenvolvimento,
        desenvolveu,
        desenvolveuPlenamente,
      });
      expect(math.get('EF05MA01')).toEqual({ niveis: niveis(1, 1, 1, 1), total: 4, desenvolveuOuMais: 0.5 });
      expect(math.get('EF05MA02')).toEqual({ niveis: niveis(1, 2, 3, 4), total: 10, desenvolveuOuMais: 0.7 });
      expect(math.get('EF05MA17')).toBeNull();
    });

    it('answers null for another user’s class or a missing one, and no subject for a year without skills', async () => {
      const user = await db.user();
      const turma = await db.turma(user.id, { ano: '5' });
      expect(await turmasRepo.turmaCobertura((await db.user()).id, turma.id, scopes)).toBeNull();
      expect(await turmasRepo.turmaCobertura(user.id, randomUUID(), scopes)).toBeNull();
      const primeiro = await db.turma(user.id, { ano: '1', numero: '11' });
      const cobertura = await turmasRepo.turmaCobertura(user.id, primeiro.id, scopes);
      expect(cobertura!.materias.map((m) => [m.materia, m.total, m.cobertas])).toEqual([
        ['artes', 3, 0],
        ['musica', 2, 0],
      ]);
    });

    it("counts a class's coverage in its own stage: an Ensino Médio class by área, whatever its série", async () => {
      const medio = (code: string, component: string): CurriculumSkillRow => ({ ...skill(code, component, [], 'Competência específica 1'), etapa: 'medio' });
      await curriculumRepo.upsertCurriculumSkills([medio('EM13MAT101', 'matematica'), medio('EM13MAT102', 'matematica'), medio('EM13LP01', 'portugues')]);
      const withMedio: CoberturaScope[] = [
        ...scopes,
        { materia: 'linguagens', etapa: 'medio', components: ['linguagens', 'portugues'], units: null, byAno: false },
        { materia: 'matematica', etapa: 'medio', components: ['matematica'], units: null, byAno: false },
      ];
      const user = await db.user();
      const terceira = await db.turma(user.id, { etapa: 'medio', ano: '3', numero: '301' });
      const plano = await db.plano(user.id, terceira.id, { generationState: 'done', trimestre: 1 });
      await db.aula(plano.id, { habilidadeCodes: ['EM13MAT102', 'EF05MA01'] });
      const cobertura = await turmasRepo.turmaCobertura(user.id, terceira.id, withMedio);
      expect(cobertura!.materias.map((m) => [m.materia, m.total, m.cobertas, m.habilidades.map((h) => h.code)])).toEqual([
        ['linguagens', 1, 0, ['EM13LP01']],
        ['matematica', 2, 1, ['EM13MAT101', 'EM13MAT102']],
      ]);
      // A class of the Ensino Fundamental of the same year number still sees only its stage's skills.
      const quinto = await db.turma(user.id, { ano: '3', numero: '31' });
      expect((await turmasRepo.turmaCobertura(user.id, quinto.id, withMedio))!.materias.map((m) => m.materia)).toEqual(['artes', 'musica']);
    });
  });
});
