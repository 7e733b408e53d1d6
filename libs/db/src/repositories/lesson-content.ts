import { withOutdatedSkillWarning, type LessonContent, type LessonWarning, type RegenerableField, type VersionOrigin } from '@planejador/contracts';
import { Aula } from '../entities';
import { aulaRecord, type AulaRecord } from '../records';
import { Repository } from '../database';

export interface StoreRequest {
  aulaId: string;
  draft: LessonContent;
  origem: VersionOrigin;
  /** Only this field (and, for habilidades, the codes) changes; absent: the whole lesson (title included). */
  campo?: RegenerableField | null;
  instrucao?: string | null;
  /** First generation: store only if the lesson is not done yet (a resumed job never writes a lesson twice). */
  onlyIfNotDone?: boolean;
  /** Regeneration: store only while the lesson is still this job's (state queued or running, this job id). */
  jobId?: string;
}

/** The content columns a version keeps, in aula_versoes' and aulas' shared names. */
export const VERSION_CONTENT =
  `"titulo", "verificacao", "dua", "habilidades", "objetivos", "objetos_conhecimento", "experiencias", "evidencias", "habilidade_codes", "nota"`;

/** Its queries, each one method, on the process's Database (injected by class in the api and the worker). */
export class LessonContentRepository extends Repository {
  /**
   * Stores a lesson's new content and keeps it as a new version, in one statement (so both or neither): the lesson's
   * version goes up by one and aula_versoes gets the whole content as it now is. Returns the lesson as now stored
   * (the row the statement wrote, mapped as any read of it is), or null when the condition did not
   * hold (already written, or no longer this job's). A regeneration's warnings then follow withOutdatedSkillWarning
   * (a field still citing a code the lesson no longer has), written by a second statement only when they differ.
   */
  async storeLessonContent(request: StoreRequest): Promise<AulaRecord | null> {
    const em = this.em;
    const { draft, campo } = request;
    const all = !campo;
    const sets: string[] = [];
    const values: unknown[] = [];
    const set = (column: string, value: unknown, cast = '') => {
      sets.push(`"${column}" = ?${cast}`);
      values.push(value);
    };
    if (all) set('titulo', draft.titulo || null);
    if (all || campo === 'verificacao') set('verificacao', draft.verificacao ? JSON.stringify(draft.verificacao) : null, '::jsonb');
    if (all || campo === 'dua') set('dua', draft.dua ? JSON.stringify(draft.dua) : null, '::jsonb');
    if (all || campo === 'habilidades') {
      set('habilidades', draft.habilidades);
      set('habilidade_codes', JSON.stringify(draft.habilidadeCodes), '::jsonb');
      set('avisos', JSON.stringify(draft.avisos ?? []), '::jsonb');
    }
    if (all || campo === 'objetivos') set('objetivos', draft.objetivos);
    if (all || campo === 'objetosConhecimento') set('objetos_conhecimento', draft.objetosConhecimento);
    if (all || campo === 'experiencias') set('experiencias', draft.experiencias);
    if (all || campo === 'evidencias') set('evidencias', draft.evidencias);
    // The note on how the text was made follows the new text: a whole lesson or its activities replace it, and a
    // one-field regeneration that brings one (an offline wish) sets it.
    if (all || campo === 'experiencias' || draft.nota) set('nota', draft.nota ?? null);
    const condition = request.onlyIfNotDone
      ? `"generation_state" <> 'done'`
      : `"generation_state" in ('queued', 'running') and "regeneration_job_id" = ?`;
    const [result] = await em.execute<Record<string, unknown>[]>(
      `with previous as (select "habilidade_codes", "avisos" from "aulas" where "id" = ?),
       stored as (
         update "aulas" set ${sets.join(', ')}, "versao" = "versao" + 1, "generation_state" = 'done',
                "generation_error" = null, "regeneration_charged" = false, "regeneration_previous_state" = null,
                "updated_at" = now()
          where "id" = ? and ${condition}
          returning *
       ), kept as (
         insert into "aula_versoes" ("id", "aula_id", "versao", "origem", ${VERSION_CONTENT}, "instrucao", "campo", "created_at")
         select gen_random_uuid(), "id", "versao", ?, ${VERSION_CONTENT}, ?, ?, now() from stored
       )
       select stored.*, previous."habilidade_codes" as "previous_codes", previous."avisos" as "previous_avisos" from stored, previous`,
      [
        request.aulaId,
        ...values,
        request.aulaId,
        ...(request.onlyIfNotDone ? [] : [request.jobId ?? '']),
        request.origem,
        request.instrucao ?? null,
        campo ?? null,
      ],
    );
    if (!result) return null;
    const { previous_codes: previousCodes, previous_avisos: previousAvisos, ...row } = result;
    const aula = em.map(Aula, row);
    if (request.onlyIfNotDone) return aulaRecord(aula);
    // A regeneration: the outdated-skill warning follows what the lesson now cites (one rule with a saved edit).
    const avisos = withOutdatedSkillWarning(all || campo === 'habilidades' ? (draft.avisos ?? []) : (aula.avisos ?? []), aula, {
      habilidadeCodes: previousCodes as string[],
      avisos: previousAvisos as LessonWarning[],
    });
    if (JSON.stringify(avisos) !== JSON.stringify(aula.avisos ?? [])) {
      await em.execute(`update "aulas" set "avisos" = ?::jsonb where "id" = ? and "versao" = ?`, [JSON.stringify(avisos), aula.id, aula.versao]);
      aula.avisos = avisos;
    }
    return aulaRecord(aula);
  }

  /** Keeps the lesson's current content as version `versao` (copied from the row, so it is exactly what is stored). */
  async insertVersion(
    aulaId: string,
    versao: number,
    origem: VersionOrigin,
    extra: { instrucao?: string | null; campo?: RegenerableField | null } = {},
  ): Promise<void> {
    await this.em.execute(
      `insert into "aula_versoes" ("id", "aula_id", "versao", "origem", ${VERSION_CONTENT}, "instrucao", "campo", "created_at")
       select gen_random_uuid(), "id", ?, ?, ${VERSION_CONTENT}, ?, ?, now()
         from "aulas" where "id" = ?`,
      [versao, origem, extra.instrucao ?? null, extra.campo ?? null, aulaId],
    );
  }
}
