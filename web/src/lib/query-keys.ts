/**
 * Every query key of the app in one place, so a feature can refresh another feature's data
 * (generation refreshes plans, stats and the current user) without importing that feature.
 */
export const queryKeys = {
  currentUser: ['auth', 'user'] as const,
  userStats: ['user', 'stats'] as const,
  turmas: ['turmas'] as const,
  planos: ['planos'] as const,
  plano: (id: string) => ['planos', id] as const,
  matriz: (turma: string, materia: string) => ['matriz', turma, materia] as const,
  resetToken: (token: string) => ['auth', 'reset-token', token] as const,
};
