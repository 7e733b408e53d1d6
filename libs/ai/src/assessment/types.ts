import type { Questao, RubricaNivel } from '@planejador/contracts';
import type { GenerateOptions } from '../types';

/** One skill to assess: the class's year and subject, the skill's official text and objects of knowledge. */
export interface SkillAssessmentContext {
  /** School year, '1'..'9'. */
  ano: string;
  /** The subject's label ("Matemática"). */
  materia: string;
  skill: { code: string; description: string; unit: string; knowledgeObjects: readonly string[] };
  /** How many questions to write (1..3). */
  questoes: number;
}

/** The questions (each citing the skill's code) and the 4 levels of the rubric, in RUBRICA_NIVEIS order. */
export interface SkillAssessment {
  questoes: Questao[];
  rubrica: RubricaNivel[];
}

export interface SkillAssessmentWriter {
  readonly kind: 'openai' | 'offline';
  write(ctx: SkillAssessmentContext, opts?: GenerateOptions): Promise<SkillAssessment>;
}
