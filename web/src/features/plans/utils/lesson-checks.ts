import {
  asObservacaoMessage,
  lessonFieldLabels,
  lessonTextIssue,
  MSG,
  questionsOutsideSkills,
  tituloAulaSchema,
  verificacaoSchema,
  type Etapa,
  type LessonField,
  type Verificacao,
  type VerificacaoKind,
} from '@planejador/contracts';

/** The messages of a check of learning, as the api gives them: for the whole check, and per question (index from 0). */
export interface VerificacaoIssues {
  general: string[];
  byQuestion: Map<number, string[]>;
}

/**
 * What the api would refuse in this check (the contract's schema, and each question's skill being one of the
 * lesson's codes), so the page says it beside the question before a save is sent.
 */
export function verificacaoIssues(verificacao: Verificacao, codes: readonly string[], numeroAula: number, kind: VerificacaoKind = 'questoes'): VerificacaoIssues {
  const issues: VerificacaoIssues = { general: [], byQuestion: new Map() };
  const add = (index: number | null, said: string) => {
    // Points to observe (infantil) are no questions: the messages say so in its words.
    const message = kind === 'observacao' ? asObservacaoMessage(said) : said;
    if (index === null) {
      if (!issues.general.includes(message)) issues.general.push(message);
      return;
    }
    const list = issues.byQuestion.get(index) ?? [];
    if (!list.includes(message)) list.push(message);
    issues.byQuestion.set(index, list);
  };
  const parsed = verificacaoSchema.safeParse(verificacao);
  for (const issue of parsed.error?.issues ?? []) {
    const index = issue.path[0] === 'questoes' && typeof issue.path[1] === 'number' ? issue.path[1] : null;
    add(index, issue.message);
  }
  if (parsed.success) {
    for (const n of questionsOutsideSkills(parsed.data, codes)) add(n - 1, MSG.questaoHabilidadeForaDaAula(numeroAula, n));
  }
  return issues;
}

/** The title's message when the api would refuse it (3-80 characters), else null. */
export function tituloIssue(titulo: string): string | null {
  return tituloAulaSchema.safeParse(titulo).error?.issues[0]?.message ?? null;
}

/** A text field's message when the api would refuse it (past 20,000 characters or 300 lines, naming it), else null. */
export function lessonFieldIssue(field: LessonField, text: string, etapa?: Etapa): string | null {
  return lessonTextIssue(lessonFieldLabels(etapa)[field], text);
}
