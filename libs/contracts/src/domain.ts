// No zod here: the web's pages that only read these constants load no zod (schemas live in the other modules).
/**
 * Every subject, value -> label: the spec's (section 3), Computação, the campos de experiências of Educação Infantil
 * and the áreas of Ensino Médio. Which belong to a stage, and in which order the form offers them: etapas.ts.
 */
export const MATERIAS = [
  { value: 'matematica', label: 'Matemática' },
  { value: 'portugues', label: 'Português' },
  { value: 'ciencias', label: 'Ciências' },
  { value: 'historia', label: 'História' },
  { value: 'geografia', label: 'Geografia' },
  { value: 'artes', label: 'Artes' },
  { value: 'educacao-fisica', label: 'Educação Física' },
  { value: 'ingles', label: 'Inglês' },
  { value: 'musica', label: 'Música' },
  { value: 'ensino-religioso', label: 'Ensino Religioso' },
  { value: 'computacao', label: 'Computação' },
  { value: 'eu-outro-nos', label: 'O eu, o outro e o nós' },
  { value: 'corpo-gestos-movimentos', label: 'Corpo, gestos e movimentos' },
  { value: 'tracos-sons-cores-formas', label: 'Traços, sons, cores e formas' },
  { value: 'escuta-fala-pensamento-imaginacao', label: 'Escuta, fala, pensamento e imaginação' },
  { value: 'espacos-tempos-quantidades', label: 'Espaços, tempos, quantidades, relações e transformações' },
  { value: 'linguagens', label: 'Linguagens' },
  { value: 'ciencias-natureza', label: 'Ciências da Natureza' },
  { value: 'ciencias-humanas', label: 'Ciências Humanas' },
] as const;

export type Materia = (typeof MATERIAS)[number]['value'];
export const MATERIA_VALUES = MATERIAS.map((m) => m.value) as [Materia, ...Materia[]];

export function materiaLabel(value: string): string {
  return MATERIAS.find((m) => m.value === value)?.label ?? value;
}

export const ESTADOS = ['RS'] as const;
export const INSTITUICOES = ['SEDUC-RS_2025'] as const;
/** How an institution value reads on a page ('SEDUC-RS_2025' is stored, 'SEDUC-RS 2025' is shown). */
export function instituicaoLabel(value: string): string {
  return value.replace(/_/g, ' ');
}

export const PLAN_STATUSES = ['gerado', 'editado', 'salvo'] as const;
export type PlanStatus = (typeof PLAN_STATUSES)[number];
export const PLAN_STATUS_LABELS: Record<PlanStatus, string> = {
  gerado: 'Gerado',
  editado: 'Editado',
  salvo: 'Salvo',
};
/** Unknown status values display as gerado (spec section 4). */
export function normalizeStatus(status: string | null | undefined): PlanStatus {
  return (PLAN_STATUSES as readonly string[]).includes(status ?? '') ? (status as PlanStatus) : 'gerado';
}

export const GENERATION_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type GenerationState = (typeof GENERATION_STATES)[number];

/** A lesson's generation state (its first generation or a regeneration). */
export const LESSON_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type LessonGenerationState = (typeof LESSON_STATES)[number];

/** The worker still has the plan or lesson to write (its generation or regeneration queued or running). */
export function isInProgress(state: string | null | undefined): boolean {
  return state === 'queued' || state === 'running';
}

/**
 * Whether a lesson's next regeneration costs nothing: its first LIMITS.freeRegenerations do, a failed lesson's
 * included (they count the same way), each further one costs LIMITS.regenerationCost.
 */
export function isRegenerationFree(regeneracoes: number): boolean {
  return regeneracoes < LIMITS.freeRegenerations;
}

/**
 * Warnings a lesson may carry. habilidade-a-confirmar: the skill was picked without a clear match to the description.
 * campos-com-habilidade-antiga: the lesson's skills changed and another field still cites a code it no longer has
 * (the page offers "Reescrever a aula para a nova habilidade").
 */
export const LESSON_WARNINGS = ['habilidade-a-confirmar', 'campos-com-habilidade-antiga'] as const;
export type LessonWarning = (typeof LESSON_WARNINGS)[number];

/** Where a lesson version came from (decisions.md, "Lesson control"). */
export type VersionOrigin = 'geracao' | 'regeneracao' | 'edicao' | 'restauracao' | 'adaptacao';
export const VERSION_ORIGIN_LABELS: Record<VersionOrigin, string> = {
  geracao: 'Geração',
  regeneracao: 'Gerada novamente',
  edicao: 'Edição',
  restauracao: 'Restauração',
  adaptacao: 'Atividade adaptada',
};

export const ROLES = ['teacher', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** Business constants (spec section 9). */
export const LIMITS = {
  newUserCredits: 35,
  planCost: 1,
  passwordMin: 6,
  ratingMin: 1,
  ratingMax: 5,
  commentMax: 500,
  aulasMin: 1,
  aulasMax: 15,
  nivelMin: 1,
  nivelMax: 5,
  nivelDefault: 3,
  recentPlans: 3,
  /** GET /api/planos: plans per page when the request names no limit, and the most one page may hold. */
  planosPageDefault: 25,
  planosPageMax: 100,
  /** Classes one user may keep. */
  turmasMax: 200,
  emailMaxRecipients: 100,
  emailWarnRecipients: 50,
  emailSubjectMax: 200,
  emailHtmlMax: 100000,
  emailTextMax: 50000,
  resetRedirectMs: 3000,
  sessionExpiredRedirectMs: 500,
  exportAfterSaveMs: 500,
  tutorialDelayMs: 1000,
  tutorialSteps: 6,
  textareaMinRows: 4,
  textareaMaxRows: 12,
  toastDurationMs: 5000,
  promptMax: 2000,
  /** Each text field of a lesson (and every text of a check, rubric or DUA strategy): characters and lines. */
  lessonFieldMax: 20000,
  lessonFieldLinesMax: 300,
  observacoesMax: 2000,
  shortTextMax: 200,
  /** Skills a teacher may pin on one lesson (habilidadesFixadas). */
  habilidadesFixadasMax: 3,
  /** Skills the generate form suggests per lesson while the teacher types. */
  skillSuggestions: 3,
  /** GET /api/habilidades: skills answered when the request names no limit, and the most one answer may hold. */
  habilidadesPageDefault: 10,
  habilidadesPageMax: 50,
  /** GET /api/habilidades: the longest search text (a lesson's description is cut there to rank skills for it). */
  habilidadesQueryMax: 500,
  /** A regeneration's instruction ("mais prática, com experimento"). */
  instrucaoMax: 500,
  /** Credits an assessment's writing costs (given back when it fails), as a plan's (planCost). */
  assessmentCost: 1,
  /** Regenerations of one lesson that cost nothing; each further one costs regenerationCost. */
  freeRegenerations: 3,
  regenerationCost: 1,
  /** Per user: regenerations queued or running at once, and regenerations asked for in one hour. */
  regenerationsInFlightMax: 3,
  regenerationsPerHour: 30,
  /** Per user: first generations (plans and assessments together) queued or running at once, a minute, an hour. */
  generationsInFlightMax: 3,
  generationsPerMinute: 10,
  generationsPerHour: 60,
  /** Wholly failed plans or assessments in one hour after which the user's next generations wait for the hour. */
  generationsFailedPerHour: 3,
  /** Plans one hand-in may hold (more: hand in by subject, ?materia=). */
  handinPlanosMax: 40,
  /** A lesson's title (decisions.md, "Lessons that teach") and a plan's (temaPrincipal, "Plans"). */
  tituloMin: 3,
  tituloMax: 80,
  temaPrincipalMin: 3,
  temaPrincipalMax: 120,
  /** A lesson's check of learning: 3 to 5 questions (verificacaoQuestionCount gives the count per detail level). */
  verificacaoMin: 3,
  verificacaoMax: 5,
  /** A question's statement, an alternative and an expected answer. */
  enunciadoMax: 1000,
  alternativaMax: 300,
  respostaEsperadaMax: 2000,
  /** The knowledge objects a lesson lists: only its cited skills' own, verbatim, at most this many. */
  objetosConhecimentoMax: 3,
  /** Versions kept per lesson (the generated one always; the oldest others go first). */
  versoesKept: 50,
  /** GET .../versoes: versions per answer when the request names no `limite`, and the most one answer may hold. */
  versoesPageDefault: 20,
  versoesPageMax: 50,
  /** A lesson's DUA strategies: characters of one, and strategies per principle. */
  duaEstrategiaMax: 500,
  duaEstrategiasMax: 12,
} as const;

/** Questions of a lesson's verificação at a detail level: 3 at levels 1-2, 4 at 3, 5 at 4-5. */
export function verificacaoQuestionCount(nivelDetalhamento: number): number {
  if (nivelDetalhamento <= 2) return 3;
  if (nivelDetalhamento === 3) return 4;
  return 5;
}

export const THEME_STORAGE_KEY = 'planejador-theme';
export const TUTORIAL_STORAGE_KEY = 'planejador-didactic-planner-tutorial-completed';
export const SUPPORT_EMAIL = 'suporte@planejador.app';
export const CURRICULUM_CREDIT = 'bncc.dev (mantido pela Profy)';
export const CURRICULUM_CREDIT_URL = 'https://github.com/bncc-dev/bncc-dados';
