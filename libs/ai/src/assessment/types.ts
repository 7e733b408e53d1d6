import type { HabilidadeParcial, Questao, QuestaoBanco, RubricaNivel } from '@planejador/contracts';

/** One skill to assess: the class's year and subject, the skill's official text and objects of knowledge. */
export interface SkillAssessmentContext {
  /** School year, '1'..'9'. */
  ano: string;
  /** The subject's label ("Matemática"). */
  materia: string;
  skill: {
    code: string;
    description: string;
    unit: string;
    knowledgeObjects: readonly string[];
    /** Its questions of Planejador's question bank (libs/curriculum bankQuestionsFor); absent or empty: none yet. */
    questoes?: readonly QuestaoBanco[];
  };
  /** How many questions to write (1..3). */
  questoes: number;
  /**
   * Which draw from the bank this is (0: the first): the offline drafter rotates the skill's bank questions by it, so
   * assessments of the same skill in different periods do not open with the same question. Absent: 0.
   */
  variante?: number;
}

/** The questions (each citing the skill's code) and the 4 levels of the rubric, in RUBRICA_NIVEIS order. */
export interface SkillAssessment {
  questoes: Questao[];
  rubrica: RubricaNivel[];
}

export interface SkillAssessmentWriteOptions {
  signal?: AbortSignal;
  /**
   * Streaming: the skill's questions and rubric written so far by this attempt, called each time their text grew (a
   * writer that cannot stream, as the offline drafter, never calls it). Only the validated, complete answer is stored.
   */
  onDelta?: (parcial: HabilidadeParcial) => void;
}

export interface SkillAssessmentWriter {
  readonly kind: 'openai' | 'offline';
  write(ctx: SkillAssessmentContext, opts?: SkillAssessmentWriteOptions): Promise<SkillAssessment>;
}
