import { randomUUID } from 'node:crypto';
import {
  citedSkillsByTurma,
  citedSkillsOfTurma,
  countPlanosByTurma,
  countTurmas,
  findTurmaAno,
  findTurmaAnoPrepared,
  listTurmas,
  lockUserTurmas,
} from './turmas';
import { createTestDatabase, type TestDatabase } from './__tests__/test-database';

/** Classes are ordered by creation time: a pause keeps two of them apart. */
const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('turmas repository (PostgreSQL)', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase('turmas');
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
    const list = await listTurmas(db.pool, user.id);
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
    const em = db.orm.em.fork();
    expect(await countTurmas(em, user.id, { escola: '  escola CENTRAL ', numero: ' 61 ' }, null)).toEqual({ total: 2, same: 1 });
    expect(await countTurmas(em, user.id, { escola: 'Escola Central', numero: '61' }, turma.id)).toEqual({ total: 2, same: 0 });
    expect(await countTurmas(em, user.id, { escola: 'Escola Central', numero: '62' }, null)).toEqual({ total: 2, same: 0 });
  });

  it('lockUserTurmas makes a second transaction of the same user wait until the first ends', async () => {
    const user = await db.user();
    const order: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const first = db.orm.em.fork().transactional(async (tx) => {
      await lockUserTurmas(tx, user.id);
      locked();
      await held;
      order.push('first');
    });
    await new Promise<void>((resolve) => (locked = resolve));
    const second = db.orm.em.fork().transactional(async (tx) => {
      await lockUserTurmas(tx, user.id);
      order.push('second');
    });
    // Another user's lock is another lock.
    await db.orm.em.fork().transactional((tx) => lockUserTurmas(tx, randomUUID()));
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
    expect(await countPlanosByTurma(db.orm.em.fork(), [a.id, b.id])).toEqual(new Map([[a.id, 1]]));
    expect(await countPlanosByTurma(db.orm.em.fork(), [])).toEqual(new Map());
  });

  it('findTurmaAno and findTurmaAnoPrepared give the year of the user’s class only', async () => {
    const user = await db.user();
    const turma = await db.turma(user.id, { ano: '7' });
    const other = await db.user();
    expect(await findTurmaAno(db.orm.em.fork(), user.id, turma.id)).toBe('7');
    expect(await findTurmaAno(db.orm.em.fork(), other.id, turma.id)).toBeNull();
    expect(await findTurmaAnoPrepared(db.pool, user.id, turma.id)).toBe('7');
    expect(await findTurmaAnoPrepared(db.pool, other.id, turma.id)).toBeNull();
  });

  it('citedSkillsOfTurma and citedSkillsByTurma read the skills cited by finished plans only', async () => {
    const user = await db.user();
    const turma = await db.turma(user.id, { ano: '5' });
    await tick();
    const empty = await db.turma(user.id, { numero: '99' });
    const first = await db.plano(user.id, turma.id, { generationState: 'done', trimestre: 2, temaPrincipal: 'B' });
    const second = await db.plano(user.id, turma.id, { generationState: 'done', trimestre: 1, temaPrincipal: 'A' });
    const running = await db.plano(user.id, turma.id, { generationState: 'running', trimestre: 3 });
    await db.aula(first.id, { habilidadeCodes: ['EF05MA01', 'EF05MA02'] });
    await db.aula(second.id, { habilidadeCodes: ['EF05MA01'] });
    await db.aula(running.id, { habilidadeCodes: ['EF05MA09'] });
    const cited = (await citedSkillsOfTurma(db.pool, user.id, turma.id)).sort((x, y) => x.code.localeCompare(y.code));
    expect(cited.map((c) => [c.code, c.trimestres])).toEqual([
      ['EF05MA01', [1, 2]],
      ['EF05MA02', [2]],
    ]);
    expect(cited[0].planos).toEqual(
      expect.arrayContaining([
        { id: first.id, temaPrincipal: 'B', trimestre: 2 },
        { id: second.id, temaPrincipal: 'A', trimestre: 1 },
      ]),
    );
    expect(await citedSkillsOfTurma(db.pool, (await db.user()).id, turma.id)).toEqual([]);
    const resumo = await citedSkillsByTurma(db.pool, user.id);
    expect(resumo.map((r) => [r.id, r.ano, [...r.codes].sort()])).toEqual([
      [turma.id, '5', ['EF05MA01', 'EF05MA02']],
      [empty.id, '5', []],
    ]);
  });
});
