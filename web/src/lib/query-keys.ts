/**
 * Every query key of the app in one place, so a feature can refresh another feature's data
 * (generation refreshes plans, stats and the current user) without importing that feature.
 */
export const queryKeys = {
  currentUser: ['auth', 'user'] as const,
  userStats: ['user', 'stats'] as const,
  turmas: ['turmas'] as const,
  /** A class's coverage of its year's skills: refreshed with the plans (a new or deleted plan changes it). */
  cobertura: (turmaId: string) => ['planos', 'cobertura', turmaId] as const,
  coberturaResumo: ['planos', 'cobertura'] as const,
  /** Every plan query: the lists and each plan. */
  planos: ['planos'] as const,
  /** Every list of plans (history pages, recent plans), not the plans themselves. */
  planosLists: ['planos', 'list'] as const,
  planosList: (params: Record<string, unknown>) => ['planos', 'list', params] as const,
  plano: (id: string) => ['planos', id] as const,
  matriz: (turma: string, materia: string) => ['matriz', turma, materia] as const,
  resetToken: (token: string) => ['auth', 'reset-token', token] as const,
  /** An assessment by skill (issue 26). */
  avaliacao: (id: string) => ['avaliacoes', id] as const,
  /** A class's assessments, newest first (its class page lists them; coverage links to them). */
  avaliacoesTurma: (turmaId: string) => ['avaliacoes', 'turma', turmaId] as const,
  /** The teacher's school calendar of a year (its change moves plans' trimestres: saved with the plans refreshed). */
  calendario: (ano: number) => ['calendario', ano] as const,
};
