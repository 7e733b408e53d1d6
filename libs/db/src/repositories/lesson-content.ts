import type { EntityManager } from '@mikro-orm/postgresql';
import type { LessonContent, LessonField, VersionOrigin } from '@planejador/contracts';

export interface StoreRequest {
  aulaId: string;
  draft: LessonContent;
  origem: VersionOrigin;
  /** Only this field (and, for habilidades, the codes) changes; absent: the whole lesson. */
  campo?: LessonField | null;
  instrucao?: string | null;
  /** First generation: store only if the lesson is not done yet (a resumed job never writes a lesson twice). */
  onlyIfNotDone?: boolean;
  /** Regeneration: store only while the lesson is still this job's (state queued or running, this job id). */
  jobId?: string;
}

/**
 * Stores a lesson's new content and keeps it as a new version, in one transaction: the lesson's version goes up
 * by one and aula_versoes gets the whole content as it now is. Returns the new version, or null when the
 * condition did not hold (already written, or no longer this job's).
 */
export async function storeLessonContent(em: EntityManager, request: StoreRequest): Promise<number | null> {
  const { draft, campo } = request;
  const all = !campo;
  const sets: string[] = [];
  const values: unknown[] = [];
  const set = (column: string, value: unknown, cast = '') => {
    sets.push(`"${column}" = ?${cast}`);
    values.push(value);
  };
  if (all || campo === 'habilidades') {
    set('habilidades', draft.habilidades);
    set('habilidade_codes', JSON.stringify(draft.habilidadeCodes), '::jsonb');
    set('avisos', JSON.stringify(draft.avisos ?? []), '::jsonb');
  }
  if (all || campo === 'objetivos') set('objetivos', draft.objetivos);
  if (all || campo === 'objetosConhecimento') set('objetos_conhecimento', draft.objetosConhecimento);
  if (all || campo === 'experiencias') set('experiencias', draft.experiencias);
  if (all || campo === 'evidencias') set('evidencias', draft.evidencias);
  const condition = request.onlyIfNotDone
    ? `"generation_state" <> 'done'`
    : `"generation_state" in ('queued', 'running') and "regeneration_job_id" = ?`;
  if (!request.onlyIfNotDone) values.push(request.jobId ?? '');
  return em.transactional(async (tx) => {
    const rows = await tx.execute<{ versao: number }[]>(
      `update "aulas" set ${sets.join(', ')}, "versao" = "versao" + 1, "generation_state" = 'done',
              "generation_error" = null, "regeneration_charged" = false, "regeneration_previous_state" = null,
              "updated_at" = now()
        where "id" = ? and ${condition}
        returning "versao"`,
      [...values.slice(0, sets.length), request.aulaId, ...values.slice(sets.length)],
    );
    if (!rows.length) return null;
    await insertVersion(tx, request.aulaId, rows[0].versao, request.origem, { instrucao: request.instrucao, campo });
    return rows[0].versao;
  });
}

/** Keeps the lesson's current content as version `versao` (copied from the row, so it is exactly what is stored). */
export async function insertVersion(
  tx: EntityManager,
  aulaId: string,
  versao: number,
  origem: VersionOrigin,
  extra: { instrucao?: string | null; campo?: LessonField | null } = {},
): Promise<void> {
  await tx.execute(
    `insert into "aula_versoes" ("id", "aula_id", "versao", "origem", "habilidades", "objetivos", "objetos_conhecimento",
        "experiencias", "evidencias", "habilidade_codes", "instrucao", "campo", "created_at")
     select gen_random_uuid(), "id", ?, ?, "habilidades", "objetivos", "objetos_conhecimento", "experiencias",
        "evidencias", "habilidade_codes", ?, ?, now()
       from "aulas" where "id" = ?`,
    [versao, origem, extra.instrucao ?? null, extra.campo ?? null, aulaId],
  );
}
