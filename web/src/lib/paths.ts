/** Links into a page's state that more than one feature writes and one page reads. */

/** /auth?tab=cadastrar opens the sign-in page on its Cadastrar tab. */
export const AUTH_TAB_REGISTER = 'cadastrar';

/** The class list with the new-class dialog open (/turmas reads ?nova=1 once and drops it). */
export const NEW_TURMA_QUERY = 'nova';
export const NEW_TURMA_PATH = `/turmas?${NEW_TURMA_QUERY}=1`;
