import type { Barreira, Dua, Etapa, HabilidadeMatch, LessonContent, LessonField, QuestaoBanco, RegenerableField, Verificacao } from '@planejador/contracts';

/** One lesson of the plan as the sequence lists it: its number and the teacher's description. */
export interface SequenceLesson {
  numeroAula: number;
  prompt: string;
}

/** A skill's classroom material as the curriculum ships it (libs/curriculum skillClassroom). */
export interface SkillClassroomText {
  exemplos: string[];
  termos: string[];
  /**
   * The skill's questions of Planejador's question bank (for an infantil objective, points to observe): what the
   * offline drafter's verificação holds, and the AI's examples of level and kind. Absent or empty: the bank has none.
   */
  questoes?: readonly QuestaoBanco[];
}

/**
 * Everything one lesson's generation needs: the plan settings, the class, the lesson, the plan's sequence and its
 * candidate skills. The plan's title is deliberately absent: a lesson is written from its own description only
 * (decisions.md, "Lessons that teach").
 */
export interface LessonContext {
  plano: {
    materiaGeral: string;
    limitOneSkill: boolean;
    preferirSeduc: boolean;
    /** 1 (short) .. 5 (very detailed). */
    nivelDetalhamento: number;
  };
  turma: {
    /** One of the stage's years (etapas.ts). */
    ano: string;
    /** The school stage; absent: fundamental. */
    etapa?: Etapa;
    numero: string;
    escola: string;
    observacoesAdicionais: string | null;
    /** What the class needs (tags, never people): each lesson gets DUA strategies for them. Absent: none. */
    barreiras?: Barreira[];
  };
  aula: {
    numeroAula: number;
    materia: string;
    prompt: string;
  };
  /**
   * The plan's lessons in order (number and description), this one included: the AI is told which one it writes, so
   * it can build on the earlier ones without taking their topic. Absent or empty: the lesson alone.
   */
  sequencia?: SequenceLesson[];
  /**
   * The classroom material the curriculum ships for the candidate skills, by code (example lessons and classroom
   * words): what the offline drafter draws its activities from. Absent: none.
   */
  classroom?: Record<string, SkillClassroomText>;
  /** Curriculum items for the year and subject, ranked best first; empty when the BNCC has none (English 1-5). */
  candidates: HabilidadeMatch[];
  /** Why there are no candidates, when the curriculum lookup says so (shown in the Habilidades field). */
  noCandidatesReason?: string | null;
  /** Skills the teacher pinned (official records): the lesson cites exactly these, whatever limitOneSkill says. */
  pinned?: HabilidadeMatch[];
  /** A regeneration: the teacher's wish, the one field to rewrite (absent: all), and the current content. */
  regeneration?: {
    instrucao?: string | null;
    campo?: RegenerableField | null;
    current?: Partial<Record<LessonField, string | null>>;
    /** The lesson's current check of learning (shown to the model when it rewrites the check). */
    currentVerificacao?: Verificacao | null;
    /** The lesson's current DUA strategies (shown to the model when it rewrites them; the drafter offers others). */
    currentDua?: Dua | null;
    /** An adaptation of the lesson's activities (campo 'experiencias') for this barreira; the skills stay. */
    adaptacao?: Barreira | null;
  };
}

/** The five fields of a lesson plus the validated skill codes (and warnings for the page). */
export type LessonDraft = LessonContent;

export type LessonGeneratorKind = 'openai' | 'offline';

export interface GenerateOptions {
  signal?: AbortSignal;
  /**
   * Streaming: called as the answer arrives with the lesson's text fields written so far (a generator that cannot
   * stream, as the offline drafter, never calls it). Only the validated, complete answer is ever stored.
   */
  onDelta?: (fields: Record<string, string>) => void;
}

export interface LessonGenerator {
  readonly kind: LessonGeneratorKind;
  generate(ctx: LessonContext, opts?: GenerateOptions): Promise<LessonDraft>;
}

/** The part of a pino logger this library uses. */
export interface AiLogger {
  debug(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export const silentLogger: AiLogger = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};
