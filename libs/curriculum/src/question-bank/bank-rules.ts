import { hasDistinctAlternatives, type QuestaoBanco } from '@planejador/contracts';
import { foldText, tokenize } from '../text/portuguese-text';

/**
 * Planejador's question bank (decisions.md, "Questions that check"): for every skill of Ensino Fundamental, Ensino
 * Médio and Computação at least 3 questions (multiple choice with 4 distinct alternatives and the right one, or open
 * with the expected answer), and for every Educação Infantil objective at least 3 points to observe (an open item:
 * what to observe, and what to look for). These are the rules every item is checked by, in `npm test`; the thresholds
 * are stated in bench/README.md ("Question bank").
 */

/**
 * An item of the bank as written in libs/curriculum/data/question-bank/*.json (the skill is the key it sits under):
 * a verificação's question without its `habilidade` (contracts' QuestaoBanco).
 */
export type BankItem = QuestaoBanco;

/** The skill an item is checked against: its text, stage and years. */
export interface BankSkill {
  code: string;
  etapa: 'infantil' | 'fundamental' | 'medio';
  component: string;
  years: readonly number[];
  description: string;
}

export const BANK_MIN_ITEMS = 3;

/** Whom a text is written for: a child of anos iniciais (1-2, 3-5), anos finais, médio, or the infantil teacher. */
export type ReadingBand = 'ef1-2' | 'ef3-5' | 'ef6-9' | 'medio' | 'infantil';

export function readingBand(skill: Pick<BankSkill, 'etapa' | 'years'>): ReadingBand {
  if (skill.etapa === 'infantil') return 'infantil';
  if (skill.etapa === 'medio') return 'medio';
  const first = Math.min(...(skill.years.length ? skill.years : [6]));
  return first <= 2 ? 'ef1-2' : first <= 5 ? 'ef3-5' : 'ef6-9';
}

/**
 * Thresholds per band: the words of a statement, of an alternative and of an expected answer; the average words per
 * sentence of a statement; the lowest Flesch reading ease (Portuguese adaptation, Martins et al. 1996) of a question's
 * student-facing text (statement and alternatives) and the lowest average over a band's questions.
 */
export const BANK_THRESHOLDS: Record<ReadingBand, { enunciadoWords: number; alternativaWords: number; respostaWords: number; sentenceWords: number; fleschMin: number; fleschAverage: number }> = {
  'ef1-2': { enunciadoWords: 35, alternativaWords: 12, respostaWords: 60, sentenceWords: 16, fleschMin: 45, fleschAverage: 65 },
  'ef3-5': { enunciadoWords: 50, alternativaWords: 18, respostaWords: 70, sentenceWords: 20, fleschMin: 35, fleschAverage: 55 },
  'ef6-9': { enunciadoWords: 70, alternativaWords: 25, respostaWords: 80, sentenceWords: 26, fleschMin: 20, fleschAverage: 45 },
  medio: { enunciadoWords: 90, alternativaWords: 30, respostaWords: 90, sentenceWords: 30, fleschMin: 10, fleschAverage: 35 },
  infantil: { enunciadoWords: 45, alternativaWords: 0, respostaWords: 70, sentenceWords: 30, fleschMin: 10, fleschAverage: 35 },
};

/** Longest run of words an item may share with its skill's own text (8 words in a row is a copy). */
export const COPY_RUN_WORDS = 8;

/** Asking the student to restate the lesson or the skill, or an answer that accepts anything: never a check of learning. */
const RESTATE = [
  /\bo que (voce |vc )?aprendeu/,
  /\bo que (voce )?(achou|sentiu) d[ao] aula/,
  /com suas palavras,? (explique|diga|escreva) (a|o que e a) habilidade/,
  /mostre,? com um exemplo feito por voce,? que voce consegue/,
  /explique cada passo do que (voce )?aprendeu/,
  /\bbncc\b/,
];
/** School words that do not belong to Educação Infantil (a child is observed, never tested): folded. */
const NOT_INFANTIL = /\b(estudantes?|alunos?|alunas?|provas?|exercicios?|questao|questoes|cadernos?|licao|licoes|deveres|dever|notas?)\b/;
const ANYTHING_GOES = [/^resposta pessoal\.?$/, /^respostas? (pessoal|livre|variada)s?\.?$/, /^depende do aluno/];

function words(text: string): string[] {
  return tokenize(text);
}

/** Sentences of a text: . ! ? ; : and line breaks end one. */
function sentences(text: string): string[] {
  return text
    .split(/[.!?;:\n]+/u)
    .map((s) => s.trim())
    .filter((s) => words(s).length > 0);
}

/** Syllables of a Portuguese word, approximated by its vowel groups (a diphthong counts once). */
export function syllables(word: string): number {
  const groups = foldText(word).match(/[aeiouy]+/g) ?? [];
  return Math.max(1, groups.length);
}

/** Flesch reading ease, Portuguese adaptation (Martins et al., 1996): 248.835 - 1.015 x words/sentence - 84.6 x syllables/word. */
export function fleschPt(text: string): number {
  const all = words(text);
  if (!all.length) return 100;
  const sentenceCount = Math.max(1, sentences(text).length);
  const syllableCount = all.reduce((sum, w) => sum + syllables(w), 0);
  return 248.835 - 1.015 * (all.length / sentenceCount) - 84.6 * (syllableCount / all.length);
}

/** The longest run of consecutive words (folded) that `text` shares with `source`. */
export function longestSharedRun(text: string, source: string): number {
  const a = words(text);
  const b = words(source);
  let best = 0;
  // Dynamic programming over the two word lists (both short).
  let prev = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    const row = new Array<number>(b.length + 1).fill(0);
    for (let j = 1; j <= b.length; j++) {
      if (a[i - 1] === b[j - 1]) {
        row[j] = prev[j - 1] + 1;
        if (row[j] > best) best = row[j];
      }
    }
    prev = row;
  }
  return best;
}

/** The text a student reads of an item: its statement and, for multiple choice, its alternatives. */
export function studentText(item: BankItem): string {
  return item.tipo === 'multipla' ? [item.enunciado, ...item.alternativas].join('\n') : item.enunciado;
}

/** A skill's text without its leading code: '(EF05MA03) Identificar…' -> 'Identificar…'. */
function skillText(skill: BankSkill): string {
  return skill.description.replace(/^\s*\([A-Z0-9-]+\)\s*/u, '');
}

/** Every problem of one skill's items, each naming the skill and the item (1-based); [] when they pass. */
export function checkSkillItems(skill: BankSkill, items: readonly unknown[]): string[] {
  const problems: string[] = [];
  const band = readingBand(skill);
  const limits = BANK_THRESHOLDS[band];
  const at = (i: number) => `${skill.code} item ${i + 1}`;
  if (items.length < BANK_MIN_ITEMS) problems.push(`${skill.code}: ${items.length} itens, mínimo ${BANK_MIN_ITEMS}`);
  const seen = new Set<string>();
  items.forEach((raw, i) => {
    const item = raw as Partial<BankItem> & Record<string, unknown>;
    const enunciado = typeof item.enunciado === 'string' ? item.enunciado.trim() : '';
    if (!enunciado) {
      problems.push(`${at(i)}: sem enunciado`);
      return;
    }
    const folded = foldText(enunciado).replace(/\s+/g, ' ');
    if (seen.has(folded)) problems.push(`${at(i)}: enunciado repetido`);
    seen.add(folded);
    if (skill.etapa === 'infantil') {
      const school = NOT_INFANTIL.exec(foldText(`${enunciado} ${typeof item.respostaEsperada === 'string' ? item.respostaEsperada : ''}`));
      if (school) problems.push(`${at(i)}: palavra de outra etapa na Educação Infantil: "${school[1]}"`);
    }
    if (skill.etapa === 'infantil' && item.tipo !== 'aberta') problems.push(`${at(i)}: na Educação Infantil, só pontos de observação (tipo "aberta": o que observar e o que procurar)`);
    if (item.tipo === 'multipla') {
      const alternativas = Array.isArray(item.alternativas) ? item.alternativas.filter((a): a is string => typeof a === 'string') : [];
      if (alternativas.length !== 4 || !hasDistinctAlternatives(alternativas)) problems.push(`${at(i)}: precisa de 4 alternativas distintas`);
      if (!Number.isInteger(item.correta) || (item.correta as number) < 0 || (item.correta as number) > 3) problems.push(`${at(i)}: "correta" deve ser 0 a 3`);
      for (const alt of alternativas) {
        if (words(alt).length > limits.alternativaWords) problems.push(`${at(i)}: alternativa com mais de ${limits.alternativaWords} palavras`);
      }
      const key = alternativas[item.correta as number] ?? '';
      if (/todas as (alternativas|anteriores)|nenhuma das (alternativas|anteriores)/.test(foldText(key))) problems.push(`${at(i)}: a certa não pode ser "todas/nenhuma das anteriores"`);
    } else if (item.tipo === 'aberta') {
      const resposta = typeof item.respostaEsperada === 'string' ? item.respostaEsperada.trim() : '';
      if (!resposta) problems.push(`${at(i)}: sem resposta esperada`);
      else {
        if (ANYTHING_GOES.some((re) => re.test(foldText(resposta)))) problems.push(`${at(i)}: a resposta esperada aceita qualquer coisa`);
        if (words(resposta).length > limits.respostaWords) problems.push(`${at(i)}: resposta esperada com mais de ${limits.respostaWords} palavras`);
      }
    } else {
      problems.push(`${at(i)}: tipo deve ser "multipla" ou "aberta"`);
      return;
    }
    const text = studentText(item as BankItem);
    const foldedText = foldText(text);
    if (RESTATE.some((re) => re.test(foldedText))) problems.push(`${at(i)}: pede para repetir o que foi aprendido ou cita a habilidade`);
    const run = Math.max(longestSharedRun(text, skillText(skill)), item.tipo === 'aberta' ? longestSharedRun(item.respostaEsperada ?? '', skillText(skill)) : 0);
    if (run >= COPY_RUN_WORDS) problems.push(`${at(i)}: copia ${run} palavras seguidas do texto da habilidade`);
    if (words(enunciado).length > limits.enunciadoWords) problems.push(`${at(i)}: enunciado com mais de ${limits.enunciadoWords} palavras`);
    const perSentence = words(enunciado).length / Math.max(1, sentences(enunciado).length);
    if (perSentence > limits.sentenceWords) problems.push(`${at(i)}: frases longas demais (${perSentence.toFixed(0)} palavras por frase; máximo ${limits.sentenceWords})`);
    const ease = fleschPt(text);
    if (ease < limits.fleschMin) problems.push(`${at(i)}: leitura difícil demais para o ano (Flesch ${ease.toFixed(0)}; mínimo ${limits.fleschMin})`);
  });
  return problems;
}

/** The average Flesch ease of the student-facing text per band over the given items (bands without items omitted). */
export function bandReadability(entries: readonly { skill: BankSkill; items: readonly BankItem[] }[]): Partial<Record<ReadingBand, { items: number; average: number }>> {
  const sums = new Map<ReadingBand, { items: number; total: number }>();
  for (const { skill, items } of entries) {
    const band = readingBand(skill);
    const s = sums.get(band) ?? { items: 0, total: 0 };
    for (const item of items) {
      s.items += 1;
      s.total += fleschPt(studentText(item));
    }
    sums.set(band, s);
  }
  return Object.fromEntries([...sums].map(([band, s]) => [band, { items: s.items, average: s.items ? s.total / s.items : 0 }]));
}
