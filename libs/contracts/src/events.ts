import { z } from 'zod';
import type { RubricaNivel } from './avaliacoes';
import { GENERATION_STATES, LESSON_STATES } from './domain';
import type { Aula } from './planos';

/** Progress of a plan's generation, published by the worker and forwarded to the plan's owner only. */
const PLAN_PROGRESS_TYPES = [
  'started',
  'lesson-started',
  'lesson-done',
  'lesson-failed',
  'done',
  'failed',
] as const;

// eslint-disable-next-line @typescript-eslint/no-unused-vars -- the event's one definition, read by its type
const planProgressEventSchema = z.object({
  planId: z.uuid(),
  type: z.enum(PLAN_PROGRESS_TYPES),
  state: z.enum(GENERATION_STATES),
  done: z.number().int().min(0),
  total: z.number().int().min(0),
  numeroAula: z.number().int().min(1).optional(),
  error: z.string().nullish(),
  creditRefunded: z.boolean().optional(),
  at: z.string(),
});
export type PlanProgressEvent = z.infer<typeof planProgressEventSchema>;

/**
 * Progress of one lesson, to the plan's owner only: a regeneration's steps (POST .../aulas/{aulaId}/regenerar), and
 * any lesson's text as the AI writes it (a first generation's too).
 * 'delta': streaming, the lesson's text fields written so far by the AI (at most 10 a second per lesson, each with
 * the whole text so far); the stored lesson is only the validated, complete answer that 'done' (or, for a first
 * generation, the plan's 'lesson-done') announces.
 */
const LESSON_PROGRESS_TYPES = ['started', 'delta', 'done', 'failed'] as const;

// eslint-disable-next-line @typescript-eslint/no-unused-vars -- the event's one definition, read by its type
const lessonProgressEventSchema = z.object({
  planId: z.uuid(),
  aulaId: z.uuid(),
  numeroAula: z.number().int().min(1),
  jobId: z.string(),
  type: z.enum(LESSON_PROGRESS_TYPES),
  state: z.enum(LESSON_STATES),
  /** Type 'delta': each text field written so far (titulo, objetivos, experiencias...), the whole text each time. */
  campos: z.record(z.string(), z.string()).optional(),
  /** The lesson's version once the new content is stored (type 'done'). */
  versao: z.number().int().min(1).optional(),
  /**
   * The lesson as stored once its new content is written (type 'done' only), in the shape GET /api/planos/{id}
   * gives it (`Aula`): the page can show it without asking the api again. Absent on the other types, and on 'done'
   * when the worker could not read the lesson back (the page then refetches the plan).
   */
  aula: z.custom<Aula>().optional(),
  error: z.string().nullish(),
  creditRefunded: z.boolean().optional(),
  at: z.string(),
});
export type LessonProgressEvent = z.infer<typeof lessonProgressEventSchema>;

/**
 * Progress of an assessment's writing (POST /api/turmas/{id}/avaliacoes), to its owner only: 'started', then
 * 'skill-done' as each skill's questions and rubric are stored (done of total skills, `code` the skill), then
 * 'done' or 'failed' (with the reason and whether the credit went back). A hint: GET /api/avaliacoes/{id} is the truth.
 */
const ASSESSMENT_PROGRESS_TYPES = ['started', 'skill-done', 'done', 'failed'] as const;

// eslint-disable-next-line @typescript-eslint/no-unused-vars -- the event's one definition, read by its type
const assessmentProgressEventSchema = z.object({
  avaliacaoId: z.uuid(),
  type: z.enum(ASSESSMENT_PROGRESS_TYPES),
  state: z.enum(GENERATION_STATES),
  done: z.number().int().min(0),
  total: z.number().int().min(0),
  code: z.string().optional(),
  error: z.string().nullish(),
  creditRefunded: z.boolean().optional(),
  at: z.string(),
});
export type AssessmentProgressEvent = z.infer<typeof assessmentProgressEventSchema>;

/**
 * One question of a skill as the AI writes it (streaming): what has arrived so far of its text. `tipo` is null until
 * the model has said it; `alternativas` holds the alternatives begun so far (a multiple-choice question has 4 once
 * whole); `respostaEsperada` is the expected answer of an open question (empty for a multiple-choice one).
 */
export interface QuestaoParcial {
  tipo: 'multipla' | 'aberta' | null;
  enunciado: string;
  alternativas: string[];
  respostaEsperada: string;
}

/** A skill's questions and rubric written so far (the rubric's levels in RUBRICA_NIVEIS order, only those begun). */
export interface HabilidadeParcial {
  questoes: QuestaoParcial[];
  rubrica: RubricaNivel[];
}

/**
 * One skill of an assessment as the AI writes it, to the assessment's owner only (issue 36): 'delta' carries the
 * whole text so far of that skill's current attempt (at most 10 a second per skill; a retried attempt starts again
 * from nothing). A hint for the page: the stored skill is only the validated answer that 'assessment:progress'
 * 'skill-done' announces; the offline drafter sends none (its skills appear whole).
 */
export interface AssessmentSkillEvent {
  avaliacaoId: string;
  /** The skill's code. */
  code: string;
  type: 'delta';
  parcial: HabilidadeParcial;
  at: string;
}

/** The socket.io event map shared by the api gateway, the worker's emitter and the web client. */
export interface ServerToClientEvents {
  'plan:progress': (event: PlanProgressEvent) => void;
  'lesson:progress': (event: LessonProgressEvent) => void;
  'assessment:progress': (event: AssessmentProgressEvent) => void;
  'assessment:skill': (event: AssessmentSkillEvent) => void;
}
/**
 * One plan's progress as a page follows it, one stream: the plan's own events and each of its lessons'. A first
 * generation says when each lesson starts and ends in 'plan:progress' ('lesson-*', by its number) and streams its
 * text in 'lesson:progress' ('delta'); a regeneration says all of it in 'lesson:progress'. Each event keeps the name
 * it was emitted under, so one reducer (web/src/lib/plan-progress.ts) reads both as the same lesson's progress.
 */
export type PlanStreamEvent =
  | { name: 'plan:progress'; event: PlanProgressEvent }
  | { name: 'lesson:progress'; event: LessonProgressEvent };

/** The browser only listens: it sends no event (the server knows the user from the session). */
export type ClientToServerEvents = Record<string, never>;
export const SOCKET_PATH = '/socket.io';
export const userRoom = (userId: string) => `user:${userId}`;
