import { etapaOf, type HabilidadeMatch } from '@planejador/contracts';
import type { LessonContext, SequenceLesson, SkillClassroomText } from './types';

/** What one lesson's context is made of (lessonContext). */
export interface LessonContextParts {
  plano: LessonContext['plano'];
  /** The class as stored (its stage a plain string; none: fundamental). */
  turma: Omit<LessonContext['turma'], 'etapa'> & { etapa?: string | null };
  aula: LessonContext['aula'];
  sequencia: readonly SequenceLesson[];
  /** The whole pool of the year and subject, ranked by this lesson's description. */
  pool: HabilidadeMatch[];
  pinned: HabilidadeMatch[];
  noCandidatesReason: string | null;
  regeneration?: LessonContext['regeneration'];
  /** A skill's classroom material (libs/curriculum skillClassroom). */
  classroomOf: (code: string) => SkillClassroomText;
}

/**
 * One lesson's generation context, as the worker builds it and the quality harness measures it: the plan's settings
 * (never the plan's title), the class, the lesson's own description, the plan's sequence and the ranked pool with
 * each skill's classroom material (the offline drafter's activities).
 */
export function lessonContext(parts: LessonContextParts): LessonContext {
  const { plano, turma, aula, pool } = parts;
  const classroom: Record<string, SkillClassroomText> = {};
  for (const skill of [...pool, ...parts.pinned]) classroom[skill.code] ??= parts.classroomOf(skill.code);
  return {
    plano: {
      materiaGeral: plano.materiaGeral,
      limitOneSkill: plano.limitOneSkill,
      preferirSeduc: plano.preferirSeduc,
      nivelDetalhamento: plano.nivelDetalhamento,
    },
    turma: {
      ano: turma.ano,
      etapa: etapaOf(turma.etapa),
      numero: turma.numero,
      escola: turma.escola,
      observacoesAdicionais: turma.observacoesAdicionais,
      barreiras: turma.barreiras ?? [],
    },
    aula: { numeroAula: aula.numeroAula, materia: aula.materia, prompt: aula.prompt },
    sequencia: parts.sequencia.map((l) => ({ numeroAula: l.numeroAula, prompt: l.prompt })),
    candidates: pool,
    classroom,
    pinned: parts.pinned,
    noCandidatesReason: parts.noCandidatesReason,
    regeneration: parts.regeneration,
  };
}
