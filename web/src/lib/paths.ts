/**
 * The app's pages, in one place: the router's patterns (PATHS) and the links into them (the functions below).
 * A page moves by changing it here.
 */
export const PATHS = {
  landing: '/',
  auth: '/auth',
  resetPassword: '/reset-password',
  verificarEmail: '/verificar-email',
  dashboard: '/dashboard',
  turmas: '/turmas',
  cobertura: '/turmas/:id/cobertura',
  avaliar: '/turmas/:id/avaliar',
  avaliacao: '/avaliacoes/:id',
  gerarPlanos: '/gerar-planos',
  historico: '/historico',
  plano: '/plano/:id',
  configuracoes: '/configuracoes',
  emailSender: '/admin/email-sender',
  /** The queue dashboard: served by the api, not by the web's router (a full page load). */
  queues: '/admin/queues',
} as const;

/** A class's coverage page, optionally opened on one subject. */
export const coberturaPath = (turmaId: string, materia?: string) =>
  `/turmas/${turmaId}/cobertura${materia ? `?materia=${encodeURIComponent(materia)}` : ''}`;

/** The assessment form of a class, optionally on one trimestre. */
export const avaliarPath = (turmaId: string, trimestre?: number | string) => `/turmas/${turmaId}/avaliar${trimestre ? `?trimestre=${trimestre}` : ''}`;

export const avaliacaoPath = (avaliacaoId: string) => `/avaliacoes/${avaliacaoId}`;

/** A plan's page; `edit` opens it in (or out of) edit mode. */
export const planoPath = (planoId: string, edit?: boolean) => `/plano/${planoId}${edit === undefined ? '' : `?edit=${edit}`}`;

/** The generate form, with what it should start with (pinned skills, class, subject). */
export const gerarPlanosPath = (query?: URLSearchParams) => `${PATHS.gerarPlanos}${query?.size ? `?${query.toString()}` : ''}`;

/** /auth?tab=cadastrar opens the sign-in page on its Cadastrar tab. */
export const AUTH_TAB_REGISTER = 'cadastrar';

/** The class list with the new-class dialog open (/turmas reads ?nova=1 once and drops it). */
export const NEW_TURMA_QUERY = 'nova';
export const NEW_TURMA_PATH = `${PATHS.turmas}?${NEW_TURMA_QUERY}=1`;
