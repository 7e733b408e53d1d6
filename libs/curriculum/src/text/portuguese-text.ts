import { stemPortuguese } from './portuguese-stemmer';

/** Lowercase, without accents or ligatures ('Frações' -> 'fracoes', 'º' -> 'o'). */
export function foldText(text: string): string {
  return text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}

/** Folded words and numbers, in order ('EF05MA03' stays one token). */
export function tokenize(text: string): string[] {
  return foldText(text).match(/[a-z0-9]+/g) ?? [];
}

/** Function words, folded. They carry no topic, in a query or in a skill text. */
export const STOPWORDS: ReadonlySet<string> = new Set(
  (
    'a o as os um uma uns umas de da do das dos d em na no nas nos num numa para pra pro pras pros por pela pelo ' +
    'pelas pelos com sem e ou que se ao aos sobre entre como mais menos muito muita muitos muitas sua seu suas seus ' +
    'ele ela eles elas isso isto este esta estes estas esse essa esses essas aquele aquela aqueles aquelas lhe lhes ' +
    'me te nos vos eu tu voce voces ja nao sim tambem so ate apos quando onde qual quais quem cujo cuja etc ' +
    'mesmo mesma mesmos mesmas outro outra outros outras todo toda todos todas cada ser sao foi ha tem tendo ' +
    'seja sejam estar esta estao partir inclusive bem assim ainda tal tais caso'
  ).split(/\s+/),
);

/**
 * Words a teacher writes about the lesson itself, not its topic ('aula', 'alunos', 'vamos fazer').
 * Dropped from queries only: skill texts keep them.
 */
export const QUERY_STOPWORDS: ReadonlySet<string> = new Set(
  (
    'aula aulas aluno alunos aluna alunas turma turmas crianca criancas estudante estudantes professor professora ' +
    'hoje amanha vamos vai vao fazer faremos fazendo feito usar usando utilizando trabalhar trabalhando ' +
    'atividade atividades tema assunto conteudo sobre ano serie proposta objetivo ideia etapa momento sala classe'
  ).split(/\s+/),
);

/** Stems of the topic words of a text (skill side: function words removed, everything else kept). */
export function analyze(text: string): string[] {
  return tokenize(text)
    .filter((t) => !STOPWORDS.has(t))
    .map(stemPortuguese);
}

/** Stems of the topic words of a teacher's query (also drops the words about the lesson itself). */
export function analyzeQuery(text: string): string[] {
  return tokenize(text)
    .filter((t) => !STOPWORDS.has(t) && !QUERY_STOPWORDS.has(t))
    .map(stemPortuguese);
}
