import type { ExportAssessmentJob, ExportPlanJob, ExportTrimestreJob, GenerateAssessmentJob, GeneratePlanJob, MailJob, RegenerateLessonJob } from '@planejador/contracts';

/** The closed set of queues and job names. Renaming one needs a migration plan for jobs in flight. */
export const QUEUES = {
  generation: 'plan-generation',
  export: 'plan-export',
  mail: 'mail',
  /** Assessments by skill (issue 26): their own queue, so they never hold a first plan generation back. */
  assessment: 'assessment',
  /** The outbox sweeper's scheduled run: apart, so it never takes a generation worker's turn or its fair share. */
  maintenance: 'maintenance',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

export const JOBS = {
  generatePlan: 'generate-plan',
  regenerateLesson: 'regenerate-lesson',
  exportPlan: 'export-plan',
  sendMail: 'send-mail',
  sweepPlans: 'sweep-plans',
  generateAssessment: 'generate-assessment',
  exportAssessment: 'export-assessment',
  sweepAssessments: 'sweep-assessments',
  exportTrimestre: 'export-trimestre',
} as const;
export type JobName = (typeof JOBS)[keyof typeof JOBS];

/** Payload of each job, keyed by job name. */
export interface JobPayloads {
  'generate-plan': GeneratePlanJob;
  'regenerate-lesson': RegenerateLessonJob;
  'export-plan': ExportPlanJob;
  'send-mail': MailJob;
  'sweep-plans': Record<string, never>;
  'generate-assessment': GenerateAssessmentJob;
  'export-assessment': ExportAssessmentJob;
  'sweep-assessments': Record<string, never>;
  'export-trimestre': ExportTrimestreJob;
}

/** Which queue carries which job. */
export const JOB_QUEUE = {
  'generate-plan': QUEUES.generation,
  'regenerate-lesson': QUEUES.generation,
  'export-plan': QUEUES.export,
  'send-mail': QUEUES.mail,
  'sweep-plans': QUEUES.maintenance,
  'generate-assessment': QUEUES.assessment,
  'export-assessment': QUEUES.export,
  'sweep-assessments': QUEUES.assessment,
  'export-trimestre': QUEUES.export,
} as const satisfies Record<JobName, QueueName>;

/** The job names one queue carries (its processor has a handler for each). */
export type QueueJobName<Q extends QueueName> = { [N in JobName]: (typeof JOB_QUEUE)[N] extends Q ? N : never }[JobName];

/** Deterministic job ids: the same plan is never queued twice. */
export const jobIds = {
  generatePlan: (planId: string) => `plan-${planId}`,
  /** One regeneration request of a lesson (its token is stored with the lesson, so a resumed job is recognised). */
  regenerateLesson: (aulaId: string, token: string) => `aula-${aulaId}-${token}`,
  exportPlan: (planId: string, updatedAt: Date | string) =>
    `export-${planId}-${new Date(updatedAt).getTime()}`,
  generateAssessment: (avaliacaoId: string) => `avaliacao-${avaliacaoId}`,
  exportAssessment: (avaliacaoId: string, updatedAt: Date | string) => `export-avaliacao-${avaliacaoId}-${new Date(updatedAt).getTime()}`,
  /** One period hand-in request (the user has one export in flight at most; a new request replaces a finished job). */
  exportTrimestre: (turmaId: string, ano: number, periodo: number, formato: string, materia?: string) =>
    `export-periodo-${turmaId}-${ano}-${periodo}-${formato}${materia ? `-${materia}` : ''}`,
  bulkMail: (logId: string) => `mail-bulk-${logId}`,
  resetMail: (tokenId: string) => `mail-reset-${tokenId}`,
  verifyMail: (tokenId: string) => `mail-verify-${tokenId}`,
};
