import type {
  Avaliacao, AvaliacaoGerador, AvaliacaoHabilidade, AvaliacaoResultado, AvaliacaoResumo, GenerationState, Materia, PeriodoTipo, Questao, RubricaNivel,
} from '@planejador/contracts';
import { Repository } from '../database';

/** Assessments by skill (issue 26), in SQL: one row per assessment, its skills' questions and rubrics as jsonb. */

interface AvaliacaoRow {
  id: string;
  user_id: string;
  turma_id: string;
  trimestre: number | null;
  periodo: number;
  /** The assessment's calendar year (aliased: the class's `ano` is read beside it). */
  ano_letivo: number;
  periodo_tipo: PeriodoTipo;
  materia: Materia;
  questoes_por_habilidade: number;
  habilidades: AvaliacaoHabilidade[];
  generation_state: GenerationState;
  generation_error: string | null;
  generator: AvaliacaoGerador | null;
  credit_refunded: boolean;
  created_at: Date | string;
  updated_at: Date | string;
}

/** An assessment with its class (what the worker and the export need beside the payload). */
export interface AvaliacaoRecord extends Avaliacao {
  userId: string;
  turma: { ano: string; etapa: string; numero: string; escola: string; nomeProfessor: string | null };
}

const COLUMNS = `a.id, a.user_id, a.turma_id, a.trimestre, a.periodo, a.ano as ano_letivo, a.periodo_tipo, a.materia, a.questoes_por_habilidade, a.habilidades, a.generation_state,
  a.generation_error, a.generator, a.credit_refunded, a.created_at, a.updated_at`;

/** A skill is written once its questions are stored. */
const written = (h: AvaliacaoHabilidade) => h.questoes.length > 0;

function toAvaliacao(row: AvaliacaoRow): Omit<Avaliacao, 'resultados'> {
  const habilidades = row.habilidades ?? [];
  return {
    id: row.id,
    turmaId: row.turma_id,
    trimestre: row.trimestre,
    periodo: row.periodo,
    ano: row.ano_letivo,
    periodoTipo: row.periodo_tipo,
    materia: row.materia,
    questoesPorHabilidade: row.questoes_por_habilidade,
    generation: {
      state: row.generation_state,
      done: habilidades.filter(written).length,
      total: habilidades.length,
      error: row.generation_error,
      creditRefunded: row.credit_refunded,
    },
    gerador: row.generator,
    habilidades,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

/** Its queries, each one method, on the process's Database (injected by class in the api and the worker). */
export class AvaliacoesRepository extends Repository {
  /**
   * The skill codes cited by lessons of the class's plans of that period of that year (generation done, not deleted),
   * in code order: an assessment's default skills (the caller keeps those of its subject and year).
   */
  async coveredSkillCodes(turmaId: string, ano: number, periodo: number): Promise<string[]> {
    const rows = await this.em.execute<{ code: string }[]>(
      `select distinct c.code
         from planos_aula p
         join aulas a on a.plano_id = p.id
         cross join lateral jsonb_array_elements_text(a.habilidade_codes) as c(code)
        where p.turma_id = ? and p.generation_state = 'done' and p.ano = ? and p.periodo = ?
        order by c.code`,
      [turmaId, ano, periodo],
    );
    return rows.map((r) => r.code);
  }

  /** Stores a new assessment, 'queued', its skills not yet written (the caller took the credit in `tx`). */
  async insertAvaliacao(
    data: {
      id: string; userId: string; turmaId: string; periodo: number; ano: number; periodoTipo: PeriodoTipo; materia: string;
      questoesPorHabilidade: number; habilidades: { code: string; description: string }[];
    },
  ): Promise<void> {
    const habilidades: AvaliacaoHabilidade[] = data.habilidades.map((h) => ({ code: h.code, description: h.description, questoes: [], rubrica: [] }));
    await this.em.execute(
      `insert into avaliacoes (id, user_id, turma_id, trimestre, periodo, ano, periodo_tipo, materia, questoes_por_habilidade, habilidades)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb)`,
      [
        data.id, data.userId, data.turmaId, data.periodoTipo === 'trimestre' ? data.periodo : null, data.periodo, data.ano, data.periodoTipo,
        data.materia, data.questoesPorHabilidade, JSON.stringify(habilidades),
      ],
    );
  }

  /** The assessment was queued now. */
  async markAvaliacaoEnqueued(id: string): Promise<void> {
    await this.em.execute(`update avaliacoes set enqueued_at = now(), updated_at = now() where id = ?`, [id]);
  }

  /** The assessment with its class; with `userId`, only when it is that user's (another's answers like a missing one). */
  async findAvaliacao(id: string, userId?: string): Promise<AvaliacaoRecord | null> {
    const rows = await this.em.execute<(AvaliacaoRow & { ano: string; etapa: string; numero: string; escola: string; nome_professor: string | null })[]>(
      `select ${COLUMNS}, t.ano, t.etapa, t.numero, t.escola, t.nome_professor
         from avaliacoes a join turmas t on t.id = a.turma_id
        where a.id = ? ${userId ? 'and a.user_id = ?' : ''}`,
      userId ? [id, userId] : [id],
    );
    const row = rows[0];
    if (!row) return null;
    const resultados = await this.resultadosOf(row.id, (row.habilidades ?? []).map((h) => h.code));
    return { ...toAvaliacao(row), resultados, userId: row.user_id, turma: { ano: row.ano, etapa: row.etapa, numero: row.numero, escola: row.escola, nomeProfessor: row.nome_professor } };
  }

  /**
   * The class's finished assessments of a period of a school year (of one subject when given), oldest first, each with
   * its results: what the period's hand-in prints.
   */
  async findPeriodAvaliacoes(userId: string, turmaId: string, ano: number, periodo: number, materia?: string): Promise<Avaliacao[]> {
    const rows = await this.em.execute<AvaliacaoRow[]>(
      `select ${COLUMNS} from avaliacoes a
        where a.turma_id = ? and a.user_id = ? and a.ano = ? and a.periodo = ? and a.generation_state = 'done' ${materia ? 'and a.materia = ?' : ''}
        order by a.created_at, a.id`,
      materia ? [turmaId, userId, ano, periodo, materia] : [turmaId, userId, ano, periodo],
    );
    return Promise.all(rows.map(async (row) => ({ ...toAvaliacao(row), resultados: await this.resultadosOf(row.id, (row.habilidades ?? []).map((h) => h.code)) })));
  }

  /** The assessment's results, in the order of `codes` (its skills). */
  private async resultadosOf(id: string, codes: readonly string[]): Promise<AvaliacaoResultado[]> {
    const rows = await this.em.execute<{ code: string; nao_desenvolveu: number; em_desenvolvimento: number; desenvolveu: number; desenvolveu_plenamente: number }[]>(
      `select code, nao_desenvolveu, em_desenvolvimento, desenvolveu, desenvolveu_plenamente from avaliacao_resultados where avaliacao_id = ?`,
      [id],
    );
    const order = new Map(codes.map((code, i) => [code, i]));
    return rows
      .map((r) => ({
        code: r.code,
        niveis: { naoDesenvolveu: r.nao_desenvolveu, emDesenvolvimento: r.em_desenvolvimento, desenvolveu: r.desenvolveu, desenvolveuPlenamente: r.desenvolveu_plenamente },
      }))
      .sort((a, b) => (order.get(a.code) ?? codes.length) - (order.get(b.code) ?? codes.length) || a.code.localeCompare(b.code));
  }

  /** The class's assessments, newest first, without their questions; null unless the class is the user's. */
  async listAvaliacoes(userId: string, turmaId: string): Promise<AvaliacaoResumo[] | null> {
    const em = this.em;
    const owned = await em.execute<{ id: string }[]>(`select id from turmas where id = ? and user_id = ?`, [turmaId, userId]);
    if (!owned.length) return null;
    const rows = await em.execute<AvaliacaoRow[]>(
      `select ${COLUMNS} from avaliacoes a where a.turma_id = ? and a.user_id = ? order by a.created_at desc, a.id`,
      [turmaId, userId],
    );
    return rows.map((row) => {
      const avaliacao = toAvaliacao(row);
      return { ...avaliacao, habilidades: avaliacao.habilidades.map((h) => ({ code: h.code, description: h.description })) };
    });
  }

  /** The job started (or resumed): 'running', unless the assessment already ended. */
  async markAvaliacaoRunning(id: string): Promise<boolean> {
    const rows = await this.em.execute<{ id: string }[]>(
      `update avaliacoes set generation_state = 'running', updated_at = now() where id = ? and generation_state in ('queued', 'running') returning id`,
      [id],
    );
    return rows.length > 0;
  }

  /**
   * Stores one skill's questions and rubric, only while that skill is not written yet and the assessment is running
   * (a resumed job never writes a skill twice). Returns whether it stored them.
   */
  async storeAvaliacaoSkill(
    id: string,
    code: string,
    content: { questoes: Questao[]; rubrica: RubricaNivel[] },
  ): Promise<boolean> {
    const rows = await this.em.execute<{ id: string }[]>(
      `update avaliacoes set updated_at = now(),
              habilidades = (select jsonb_agg(case when h.value->>'code' = ? and jsonb_array_length(h.value->'questoes') = 0
                                                   then h.value || ?::jsonb else h.value end order by h.ord)
                               from jsonb_array_elements(habilidades) with ordinality as h(value, ord))
        where id = ? and generation_state = 'running'
          and exists (select 1 from jsonb_array_elements(habilidades) as h(value)
                       where h.value->>'code' = ? and jsonb_array_length(h.value->'questoes') = 0)
        returning id`,
      [code, JSON.stringify({ questoes: content.questoes, rubrica: content.rubrica }), id, code],
    );
    return rows.length > 0;
  }

  /** Ends a running assessment whose every skill is written as done, by `generator`; false when nothing changed. */
  async markAvaliacaoDone(id: string, generator: AvaliacaoGerador): Promise<boolean> {
    const rows = await this.em.execute<{ id: string }[]>(
      `update avaliacoes set generation_state = 'done', generation_error = null, generator = ?, finished_at = now(), updated_at = now()
        where id = ? and generation_state in ('queued', 'running')
          and not exists (select 1 from jsonb_array_elements(habilidades) as h(value) where jsonb_array_length(h.value->'questoes') = 0)
        returning id`,
      [generator, id],
    );
    return rows.length > 0;
  }

  /**
   * Ends an assessment as failed and marks its credit refunded, unless it is done or already refunded (the condition
   * makes it happen once; the caller refunds in the same transaction). The owner and skill counts, or null.
   */
  async markAvaliacaoFailedForRefund(
    id: string,
    reason: string,
  ): Promise<{ userId: string; done: number; total: number } | null> {
    const rows = await this.em.execute<{ user_id: string; habilidades: AvaliacaoHabilidade[] }[]>(
      // The failure is recorded with the refund, once (generation_requests: the user's bound on failed generations).
      `with failed as (
         update avaliacoes set generation_state = 'failed', generation_error = ?, credit_refunded = true, finished_at = now(), updated_at = now()
          where id = ? and credit_taken and not credit_refunded and generation_state <> 'done'
          returning user_id, habilidades
       ), noted as (insert into generation_requests (user_id, kind) select user_id, 'falha' from failed)
       select user_id, habilidades from failed`,
      [reason, id],
    );
    if (!rows.length) return null;
    const habilidades = rows[0].habilidades ?? [];
    return { userId: rows[0].user_id, done: habilidades.filter(written).length, total: habilidades.length };
  }

  /** One AI call from the assessment's budget (`max` in all, kept in PostgreSQL across attempts and restarts). */
  async takeAvaliacaoAiCall(id: string, max: number): Promise<boolean> {
    const rows = await this.em.execute<{ id: string }[]>(`update avaliacoes set ai_calls = ai_calls + 1 where id = ? and ai_calls < ? returning id`, [id, max]);
    return rows.length > 0;
  }

  /** Assessments still queued or running and untouched for `graceSeconds`, oldest first, at most 500: the sweeper looks at their jobs. */
  async findStaleAvaliacoes(graceSeconds: number): Promise<{ id: string }[]> {
    return this.em.execute<{ id: string }[]>(
      `select id from avaliacoes
        where generation_state in ('queued', 'running') and updated_at < now() - make_interval(secs => ?)
        order by created_at limit 500`,
      [graceSeconds],
    );
  }

  /**
   * Locks the user's assessment for a change of its skills (in the caller's transaction): 'missing' when it is not the
   * user's, 'not-done' unless it is done, 'outside' (with the code) for a named skill it does not hold; else its skills.
   */
  private async lockDone(
    userId: string,
    id: string,
    named: readonly { code: string }[],
  ): Promise<{ result: 'ok'; habilidades: AvaliacaoHabilidade[] } | { result: 'missing' } | { result: 'not-done' } | { result: 'outside'; code: string }> {
    const rows = await this.em.execute<{ generation_state: string; habilidades: AvaliacaoHabilidade[] }[]>(
      `select generation_state, habilidades from avaliacoes where id = ? and user_id = ? for update`,
      [id, userId],
    );
    const row = rows[0];
    if (!row) return { result: 'missing' };
    if (row.generation_state !== 'done') return { result: 'not-done' };
    const own = new Set(row.habilidades.map((h) => h.code));
    const outside = named.find((n) => !own.has(n.code));
    if (outside) return { result: 'outside', code: outside.code };
    return { result: 'ok', habilidades: row.habilidades };
  }

  /**
   * The teacher's edit of the questions and rubrics: every skill of the assessment (matched by code). 'missing' when
   * it is not the user's, 'generating' while it is not done, 'outside' (with the code) for a skill it does not hold.
   */
  async updateAvaliacaoHabilidades(
    userId: string,
    id: string,
    edits: readonly { code: string; questoes: Questao[]; rubrica: RubricaNivel[] }[],
  ): Promise<{ result: 'ok' } | { result: 'missing' | 'generating' } | { result: 'outside'; code: string }> {
    const em = this.em;
    const row = await this.lockDone(userId, id, edits);
    if (row.result === 'not-done') return { result: 'generating' };
    if (row.result !== 'ok') return row;
    const byCode = new Map(edits.map((e) => [e.code, e]));
    const habilidades = row.habilidades.map((h) => {
      const edit = byCode.get(h.code);
      return edit ? { ...h, questoes: edit.questoes, rubrica: edit.rubrica } : h;
    });
    await em.execute(`update avaliacoes set habilidades = ?::jsonb, updated_at = now() where id = ?`, [JSON.stringify(habilidades), id]);
    return { result: 'ok' };
  }

  /**
   * The teacher's counts per level for the skills she names (each replaces that skill's results; the others stay).
   * 'missing' when it is not the user's, 'not-done' unless it is done, 'outside' (with the code) for a skill it does
   * not hold; nothing is written then.
   */
  async saveAvaliacaoResultados(
    userId: string,
    id: string,
    resultados: readonly AvaliacaoResultado[],
  ): Promise<{ result: 'ok' } | { result: 'missing' | 'not-done' } | { result: 'outside'; code: string }> {
    const em = this.em;
    const row = await this.lockDone(userId, id, resultados);
    if (row.result !== 'ok') return row;
    await em.execute(
      `insert into avaliacao_resultados (avaliacao_id, code, nao_desenvolveu, em_desenvolvimento, desenvolveu, desenvolveu_plenamente)
       select ?, r.code, r.nao, r.em, r.des, r.plena
         from jsonb_to_recordset(?::jsonb) as r(code text, nao int, em int, des int, plena int)
       on conflict (avaliacao_id, code) do update set
         nao_desenvolveu = excluded.nao_desenvolveu, em_desenvolvimento = excluded.em_desenvolvimento,
         desenvolveu = excluded.desenvolveu, desenvolveu_plenamente = excluded.desenvolveu_plenamente, updated_at = now()`,
      [
        id,
        JSON.stringify(
          resultados.map((r) => ({ code: r.code, nao: r.niveis.naoDesenvolveu, em: r.niveis.emDesenvolvimento, des: r.niveis.desenvolveu, plena: r.niveis.desenvolveuPlenamente })),
        ),
      ],
    );
    // The assessment's updated_at stays: it versions the questions and rubrics (the page's edits, the export).
    return { result: 'ok' };
  }

  /**
   * Deletes the user's assessment with its results, unless the worker may still write it: 'missing' when it is not
   * hers, 'generating' while queued or running (nothing deleted).
   */
  async deleteAvaliacao(userId: string, id: string): Promise<'ok' | 'missing' | 'generating'> {
    const em = this.em;
    const rows = await em.execute<{ generation_state: string }[]>(`select generation_state from avaliacoes where id = ? and user_id = ? for update`, [id, userId]);
    const row = rows[0];
    if (!row) return 'missing';
    if (row.generation_state === 'queued' || row.generation_state === 'running') return 'generating';
    await em.execute(`delete from avaliacoes where id = ?`, [id]);
    return 'ok';
  }
}
