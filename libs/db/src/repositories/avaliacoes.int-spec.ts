import { randomUUID } from 'node:crypto';
import { RUBRICA_NIVEIS, type Questao } from '@planejador/contracts';
import { AvaliacoesRepository } from './avaliacoes';
import { createTestDatabase, type TestDatabase } from './__tests__/test-database';

describe('assessments by skill (PostgreSQL)', () => {
  let db: TestDatabase;
  let avaliacoesRepo: AvaliacoesRepository;

  beforeAll(async () => {
    db = await createTestDatabase('avaliacoes');
    avaliacoesRepo = new AvaliacoesRepository(db.database);
  });
  afterAll(async () => {
    await db?.close();
  });

  const questao = (code: string, enunciado = 'Explique.'): Questao => ({ tipo: 'aberta', enunciado, respostaEsperada: 'Algo.', habilidade: code });
  const rubrica = RUBRICA_NIVEIS.map((nivel) => ({ nivel, descritor: nivel }));

  async function assessment(codes: string[]) {
    const user = await db.user();
    const turma = await db.turma(user.id);
    const id = randomUUID();
    await avaliacoesRepo.insertAvaliacao({
      id,
      userId: user.id,
      turmaId: turma.id,
      periodo: 1,
      ano: 2026,
      periodoTipo: 'trimestre',
      materia: 'matematica',
      questoesPorHabilidade: 1,
      habilidades: codes.map((code) => ({ code, description: `(${code}) texto` })),
    });
    return { id, userId: user.id, turmaId: turma.id };
  }

  it('stores each skill once, only while running, and ends done only when every skill is written', async () => {
    const { id, userId, turmaId } = await assessment(['EF05MA01', 'EF05MA02']);
    expect(await avaliacoesRepo.storeAvaliacaoSkill(id, 'EF05MA01', { questoes: [questao('EF05MA01')], rubrica })).toBe(false); // still queued
    expect(await avaliacoesRepo.markAvaliacaoRunning(id)).toBe(true);
    expect(await avaliacoesRepo.storeAvaliacaoSkill(id, 'EF05MA01', { questoes: [questao('EF05MA01')], rubrica })).toBe(true);
    // A resumed job writing the same skill again changes nothing.
    expect(await avaliacoesRepo.storeAvaliacaoSkill(id, 'EF05MA01', { questoes: [questao('EF05MA01', 'Outra.')], rubrica })).toBe(false);
    expect(await avaliacoesRepo.markAvaliacaoDone(id, 'offline')).toBe(false);
    expect(await avaliacoesRepo.storeAvaliacaoSkill(id, 'EF05MA02', { questoes: [questao('EF05MA02')], rubrica })).toBe(true);
    expect(await avaliacoesRepo.markAvaliacaoDone(id, 'offline')).toBe(true);
    expect(await avaliacoesRepo.markAvaliacaoDone(id, 'offline')).toBe(false);
    const stored = (await avaliacoesRepo.findAvaliacao(id, userId))!;
    expect(stored.generation).toMatchObject({ state: 'done', done: 2, total: 2 });
    expect(stored.habilidades.map((h) => h.questoes[0].enunciado)).toEqual(['Explique.', 'Explique.']);
    expect(stored.gerador).toBe('offline');
    // A done assessment is never failed (nor refunded).
    expect(await avaliacoesRepo.markAvaliacaoFailedForRefund(id, 'x')).toBeNull();
    expect((await avaliacoesRepo.listAvaliacoes(userId, turmaId))!.map((a) => a.id)).toEqual([id]);
    expect(await avaliacoesRepo.findAvaliacao(id, randomUUID())).toBeNull();
    expect(await avaliacoesRepo.listAvaliacoes(randomUUID(), turmaId)).toBeNull();
  });

  it('skills written side by side (issue 36): stores landing at once on the same row keep every skill, each once; the budget holds under calls at once', async () => {
    const codes = ['EF05MA01', 'EF05MA02', 'EF05MA03', 'EF05MA04', 'EF05MA05', 'EF05MA06'];
    const { id, userId } = await assessment(codes);
    expect(await avaliacoesRepo.markAvaliacaoRunning(id)).toBe(true);
    const store = (code: string, enunciado = `Questão de ${code}.`) => avaliacoesRepo.storeAvaliacaoSkill(id, code, { questoes: [questao(code, enunciado)], rubrica });
    // Each store on its own connection, all at once, twice for every skill (a retried attempt racing the first).
    const stored = await Promise.all([...codes.map((code) => store(code)), ...codes.map((code) => store(code, 'Outra.'))]);
    expect(stored.filter(Boolean)).toHaveLength(codes.length);
    const read = (await avaliacoesRepo.findAvaliacao(id, userId))!;
    expect(read.generation).toMatchObject({ done: 6, total: 6 });
    expect(read.habilidades.map((h) => h.code)).toEqual(codes);
    expect(read.habilidades.map((h) => h.questoes).every((q) => q.length === 1)).toBe(true);
    expect(await avaliacoesRepo.markAvaliacaoDone(id, 'openai')).toBe(true);

    const other = await assessment(['EF05MA07']);
    const grants = await Promise.all(Array.from({ length: 10 }, () => avaliacoesRepo.takeAvaliacaoAiCall(other.id, 6)));
    expect(grants.filter(Boolean)).toHaveLength(6);
  });

  it('fails and marks the refund once; the AI budget holds; stale ones are found', async () => {
    const { id } = await assessment(['EF05MA03']);
    expect(await avaliacoesRepo.takeAvaliacaoAiCall(id, 2)).toBe(true);
    expect(await avaliacoesRepo.takeAvaliacaoAiCall(id, 2)).toBe(true);
    expect(await avaliacoesRepo.takeAvaliacaoAiCall(id, 2)).toBe(false);
    await db.pool.query(`update avaliacoes set updated_at = now() - interval '1 hour' where id = $1`, [id]);
    expect((await avaliacoesRepo.findStaleAvaliacoes(60)).map((a) => a.id)).toContain(id);
    expect(await avaliacoesRepo.markAvaliacaoFailedForRefund(id, 'falhou')).toMatchObject({ done: 0, total: 1 });
    expect(await avaliacoesRepo.markAvaliacaoFailedForRefund(id, 'falhou')).toBeNull();
    expect((await avaliacoesRepo.findStaleAvaliacoes(60)).map((a) => a.id)).not.toContain(id);
  });

  it("edits only a done assessment of the user, skill by skill, refusing a skill it does not hold", async () => {
    const { id, userId } = await assessment(['EF05MA04']);
    const edit = [{ code: 'EF05MA04', questoes: [questao('EF05MA04', 'Nova.')], rubrica }];
    expect(await avaliacoesRepo.updateAvaliacaoHabilidades(userId, id, edit)).toEqual({ result: 'generating' });
    await db.pool.query(`update avaliacoes set generation_state = 'done' where id = $1`, [id]);
    expect(await avaliacoesRepo.updateAvaliacaoHabilidades(randomUUID(), id, edit)).toEqual({ result: 'missing' });
    expect(await avaliacoesRepo.updateAvaliacaoHabilidades(userId, id, [{ ...edit[0], code: 'EF05MA05' }])).toEqual({ result: 'outside', code: 'EF05MA05' });
    expect(await avaliacoesRepo.updateAvaliacaoHabilidades(userId, id, edit)).toEqual({ result: 'ok' });
    expect((await avaliacoesRepo.findAvaliacao(id))!.habilidades[0].questoes[0].enunciado).toBe('Nova.');
  });
});
