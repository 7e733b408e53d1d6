import { etapaOf, type Barreira, type Cobertura, type Etapa, type Turma as TurmaDto, type TurmaData } from '@planejador/contracts';
import { Turma } from '../entities';
import { Repository } from '../database';
import { turmaRecord, type TurmaRecord } from '../records';

/** The part of the curriculum an app subject covers in a stage (musica is two units of Arte): what the coverage reads. */
export interface CoberturaScope {
  materia: string;
  /** `curriculum_skills.etapa`. */
  etapa: string;
  /** `curriculum_skills.component` values. */
  components: readonly string[];
  /** Only these units; null for all. */
  units: readonly string[] | null;
  /** Whether the stage ties skills to the class's year (false in médio: every série has its area's whole set). */
  byAno: boolean;
}

/**
 * $1 the class, $2 its owner, $3 the subjects' scopes of every stage as JSON ([{ materia, etapa, components, units,
 * byAno }], in order): those of the class's stage count. The class's `ano` is one of its stage's years (a check
 * constraint), so it reads as the year number.
 */
export const TURMA_COBERTURA_SQL = `
  with turma as (
    select t.id, t.ano, t.etapa, t.ano::int as year
      from turmas t
     where t.id = $1 and t.user_id = $2
  ),
  skills as (
    select sc.ord, sc.materia, s.code, s.description, s.unit
      from turma t
      cross join rows from (jsonb_to_recordset($3::jsonb) as (materia text, etapa text, components jsonb, units jsonb, "byAno" boolean))
                 with ordinality as sc(materia, etapa, components, units, by_ano, ord)
      join curriculum_skills s on s.etapa = sc.etapa and sc.components ? s.component
     where sc.etapa = t.etapa
       and (not sc.by_ano or s.years @> to_jsonb(t.year))
       and (jsonb_typeof(sc.units) is distinct from 'array' or sc.units ? s.unit)
  ),
  cited as (
    select c.code, p.id, p.tema_principal, p.trimestre, p.periodo, p.ano,
           json_agg(json_build_object('id', a.id, 'numeroAula', a.numero_aula, 'titulo', a.titulo) order by a.numero_aula) as aulas
      from turma t
      join planos_aula p on p.turma_id = t.id and p.generation_state = 'done'
      join aulas a on a.plano_id = p.id
      cross join lateral jsonb_array_elements_text(a.habilidade_codes) as c(code)
     where c.code in (select code from skills)
     group by c.code, p.id, p.tema_principal, p.trimestre, p.periodo, p.ano
  ),
  covered as (
    select code,
           coalesce(json_agg(distinct trimestre order by trimestre) filter (where trimestre is not null), '[]'::json) as trimestres,
           json_agg(distinct periodo order by periodo) as periodos,
           json_agg(json_build_object('id', id, 'temaPrincipal', tema_principal, 'trimestre', trimestre, 'periodo', periodo, 'ano', ano,
                                      'aulas', aulas)
                    order by ano, periodo, tema_principal collate "pt-BR-x-icu", id) as planos
      from cited
     group by code
  ),
  assessed as (
    select distinct h.value->>'code' as code
      from turma t
      join avaliacoes av on av.turma_id = t.id and av.generation_state = 'done'
      cross join lateral jsonb_array_elements(av.habilidades) as h(value)
  ),
  resulted as (
    select distinct on (r.code) r.code,
           json_build_object('naoDesenvolveu', r.nao_desenvolveu, 'emDesenvolvimento', r.em_desenvolvimento,
                             'desenvolveu', r.desenvolveu, 'desenvolveuPlenamente', r.desenvolveu_plenamente) as niveis,
           (r.nao_desenvolveu + r.em_desenvolvimento + r.desenvolveu + r.desenvolveu_plenamente)::int as total,
           (r.desenvolveu + r.desenvolveu_plenamente)::int as acima
      from turma t
      join avaliacoes av on av.turma_id = t.id and av.generation_state = 'done'
      join avaliacao_resultados r on r.avaliacao_id = av.id
     order by r.code, av.created_at desc, av.id desc
  ),
  materias as (
    select k.ord, k.materia, count(*)::int as total, count(cv.code)::int as cobertas,
           json_agg(json_build_object('code', k.code, 'description', k.description, 'unidade', k.unit,
                                      'trimestres', coalesce(cv.trimestres, '[]'::json), 'periodos', coalesce(cv.periodos, '[]'::json),
                                      'planos', coalesce(cv.planos, '[]'::json),
                                      'avaliada', ad.code is not null,
                                      'resultado', case when rs.code is null then null
                                                        else json_build_object('niveis', rs.niveis, 'total', rs.total,
                                                                               'desenvolveuOuMais', case when rs.total = 0 then null
                                                                                                         else rs.acima::float8 / rs.total end) end)
                    order by k.code) as habilidades
      from skills k
      left join covered cv on cv.code = k.code
      left join assessed ad on ad.code = k.code
      left join resulted rs on rs.code = k.code
     group by k.ord, k.materia
  )
  select json_build_object(
           'turmaId', t.id, 'ano', t.ano,
           'materias', coalesce((select json_agg(json_build_object('materia', m.materia, 'total', m.total, 'cobertas', m.cobertas,
                                                                   'habilidades', m.habilidades) order by m.ord)
                                   from materias m), '[]'::json)) as cobertura
    from turma t`;

/** Its queries, each one method, on the process's Database (injected by class in the api and the worker). */
export class TurmasRepository extends Repository {
  /**
   * The user's classes with their plan counts, newest first: one prepared statement straight on the pool, no entity
   * hydration (the list is read on almost every page).
   */
  async listTurmas(userId: string): Promise<TurmaDto[]> {
    const { rows } = await this.pool.query<{
      id: string; nome_professor: string; numero: string; escola: string; etapa: string; ano: string; estado: string; instituicao: string;
      observacoes_adicionais: string | null; barreiras: Barreira[]; user_id: string; created_at: Date; updated_at: Date; planos: number;
    }>({
      name: 'turmas-list',
      text: `select t.id, t.nome_professor, t.numero, t.escola, t.etapa, t.ano, t.estado, t.instituicao, t.observacoes_adicionais,
                    t.barreiras, t.user_id, t.created_at, t.updated_at,
                    (select count(*)::int from planos_aula p where p.turma_id = t.id) as planos
               from turmas t where t.user_id = $1 order by t.created_at desc, t.id`,
      values: [userId],
    });
    return rows.map((t) => ({
      id: t.id,
      nomeProfessor: t.nome_professor,
      numero: t.numero,
      escola: t.escola,
      etapa: etapaOf(t.etapa),
      ano: t.ano,
      estado: t.estado,
      instituicao: t.instituicao,
      observacoesAdicionais: t.observacoes_adicionais,
      barreiras: t.barreiras ?? [],
      userId: t.user_id,
      createdAt: new Date(t.created_at).toISOString(),
      updatedAt: new Date(t.updated_at).toISOString(),
      _count: { planosAula: t.planos },
    }));
  }

  /** The class, if it is the user's (null otherwise: another user's class answers like a missing one). */
  async findOwnedTurma(userId: string, turmaId: string): Promise<TurmaRecord | null> {
    const turma = await this.em.findOne(Turma, { id: turmaId, user: userId });
    return turma && turmaRecord(turma);
  }

  /** The user's newest class with this number (numbers may repeat across schools), or null. */
  async findLatestTurmaByNumero(userId: string, numero: string): Promise<TurmaRecord | null> {
    const turma = await this.em.findOne(Turma, { numero, user: userId }, { orderBy: { createdAt: 'desc' } });
    return turma && turmaRecord(turma);
  }

  /** Stores a new class of the user (call it after checking the limits, in the same transaction). */
  async insertTurma(userId: string, data: TurmaData): Promise<TurmaRecord> {
    const em = this.em;
    const turma = em.create(Turma, { ...data, user: userId });
    await em.flush();
    return turmaRecord(turma);
  }

  /** Writes the class's new data (`updatedAt` follows); the class as now stored. */
  async updateTurma(turmaId: string, data: TurmaData): Promise<TurmaRecord> {
    const em = this.em;
    const turma = await em.findOneOrFail(Turma, { id: turmaId });
    em.assign(turma, data);
    await em.flush();
    return turmaRecord(turma);
  }

  /** Deletes the user's class (its plans go with it); false when the user has no such class. */
  async deleteTurma(userId: string, turmaId: string): Promise<boolean> {
    return (await this.em.nativeDelete(Turma, { id: turmaId, user: userId })) > 0;
  }

  /** Serialises the changes to one user's classes until the transaction ends (a transaction-scoped advisory lock). */
  async lockUserTurmas(userId: string): Promise<void> {
    await this.em.execute(`select pg_advisory_xact_lock(hashtextextended('turmas:' || ?, 0))`, [userId]);
  }

  /**
   * How many classes the user has, and how many of them have this (school, number): school compared without case
   * or surrounding spaces, number without surrounding spaces. `exceptId`: the class being edited, not counted as same.
   */
  async countTurmas(
    userId: string,
    data: { escola: string; numero: string },
    exceptId: string | null,
  ): Promise<{ total: number; same: number }> {
    const [row] = await this.em.execute<{ total: number; same: number }[]>(
      `select count(*)::int as total,
              count(*) filter (where lower(btrim(escola)) = lower(btrim(?)) and btrim(numero) = btrim(?) and id is distinct from ?::uuid)::int as same
         from turmas where user_id = ?`,
      [data.escola, data.numero, exceptId, userId],
    );
    return { total: row.total, same: row.same };
  }

  /** How many plans each of these classes has (classes without plans are absent). */
  async countPlanosByTurma(turmaIds: readonly string[]): Promise<Map<string, number>> {
    if (!turmaIds.length) return new Map();
    const rows = await this.em.execute<{ turma_id: string; count: number }[]>(
      `select turma_id, count(*)::int as count from planos_aula where turma_id in (${turmaIds.map(() => '?').join(',')}) group by turma_id`,
      [...turmaIds],
    );
    return new Map(rows.map((r) => [r.turma_id, Number(r.count)]));
  }

  /** The class's year and stage, if the class is the user's (null otherwise: another user's class answers like a missing one). */
  async findTurmaAno(userId: string, turmaId: string): Promise<{ ano: string; etapa: Etapa } | null> {
    const [row] = await this.em.execute<{ ano: string; etapa: string }[]>(`select ano, etapa from turmas where id = ? and user_id = ?`, [turmaId, userId]);
    return row ? { ano: row.ano, etapa: etapaOf(row.etapa) } : null;
  }

  /**
   * A class's coverage of its year's BNCC skills in one statement: null unless the class is the user's (another
   * user's class answers like a missing one). For each subject of `scopes` (in that order) that has skills in the
   * class's year, every skill (in code order) with the trimestres, the periods and the plans (generation done; deleted plans are
   * gone) whose lessons cite it, each plan with those lessons (id, number, title; in lesson order). The class's finished plans come from the (turma_id, generation_state) index (a
   * class's plans are its owner's: the owner is checked on the class), their lessons from the (plano_id, numero_aula)
   * index, the skills from curriculum_skills by component; a skill is `avaliada` when a finished assessment of the
   * class includes it, and its `resultado` is the counts of the newest finished assessment holding it with results;
   * PostgreSQL builds the JSON.
   */
  async turmaCobertura(userId: string, turmaId: string, scopes: readonly CoberturaScope[]): Promise<Cobertura | null> {
    const { rows } = await this.pool.query<{ cobertura: Cobertura }>({
      name: 'turma-cobertura',
      text: TURMA_COBERTURA_SQL,
      values: [turmaId, userId, JSON.stringify(scopes)],
    });
    return rows[0]?.cobertura ?? null;
  }

  /** Each of the user's classes (oldest first) with its year and the distinct skill codes its finished plans cite. */
  async citedSkillsByTurma(userId: string): Promise<{ id: string; ano: string; etapa: string; codes: string[] }[]> {
    const { rows } = await this.pool.query<{ id: string; ano: string; etapa: string; codes: string[] }>({
      name: 'cobertura-resumo',
      text: `select t.id, t.ano, t.etapa,
                    coalesce((select array_agg(distinct c.code)
                                from planos_aula p join aulas a on a.plano_id = p.id
                                cross join lateral jsonb_array_elements_text(a.habilidade_codes) as c(code)
                               where p.turma_id = t.id and p.generation_state = 'done'), '{}') as codes
               from turmas t where t.user_id = $1 order by t.created_at`,
      values: [userId],
    });
    return rows;
  }
}
