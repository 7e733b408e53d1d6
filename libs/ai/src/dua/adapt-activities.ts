import { BARREIRA_LABELS, type Barreira, type HabilidadeMatch } from '@planejador/contracts';
import { foldedWords } from './dua-choice';
import { ADAPTATION_SUPPORTS } from './dua-table';

/** Words per sentence the offline adaptation aims at when it shortens (the check holds years 1-5 to 12 on average). */
const SHORT_SENTENCE_WORDS = 10;

/** Adapted texts for leitura in years 1 to 5 average at most this many words a sentence (issue 28). */
export const READABILITY_MAX_WORDS = 12;

/** Barreiras whose adaptation shortens every sentence (one action a sentence). */
const SHORTENED: ReadonlySet<Barreira> = new Set<Barreira>(['leitura', 'atencao', 'comunicacao-oral']);

/** Words after which a sentence may be cut in two: a new clause starts there. */
const CLAUSE_STARTS = new Set(['mas', 'enquanto', 'quando', 'porque', 'depois', 'então', 'assim']);
/**
 * Whether the word after a comma starts a clause of its own (a verb in the infinitive, as the lesson's steps are
 * written, or in the third person plural, "sublinham", or an article opening a subject), rather than the next item
 * of a list ("altura, cabelo e olhos").
 */
function startsClause(word: string): boolean {
  const w = word.toLowerCase().replace(/[^\p{L}-]/gu, '');
  return /^(?:o|a|os|as)$/u.test(w) || (w.length > 4 && /(?:ar|er|ir|am)$/u.test(w));
}

/** Clause openers dropped at the start of a new sentence ("e registrar" -> "Registrar"). */
const DROPPED_OPENERS = new Set(['e', 'ou']);

/** What each numbered step gains for a barreira whose support belongs in every step (none: the step as it is). */
const STEP_SUPPORT: Partial<Record<Barreira, string>> = {
  'audicao-libras': 'Apoio visual: mostre esta etapa com imagem, demonstração ou roteiro no quadro.',
  visao: 'Descreva em voz alta o que for mostrado nesta etapa.',
  atencao: 'Marque no quadro quando esta etapa terminar.',
};

/** Lines that start the sections an adaptation adds (left out when an adapted text is adapted again). */
const ADDED_SECTION = /^(?:Adaptação para |Apoios para |Glossário\b)/u;

/** Whether a word (its trailing punctuation stripped) is a number-like token or has letters. */
const isWord = (token: string) => /[\p{L}\p{N}]/u.test(token);

/** The words of a text as a reader counts them. */
export function wordCount(text: string): number {
  return text.split(/\s+/u).filter(isWord).length;
}

/** A text's sentences: split at line breaks and after . ! ? (or …) followed by a space; list markers left out. */
export function sentencesOf(text: string): string[] {
  return text
    .split(/\n+/u)
    .map((line) => line.replace(/^\s*(?:\d+\.|[-•])\s+/u, '').trim())
    .flatMap((line) => line.split(/(?<=[.!?…])\s+(?=[\p{Lu}\p{N}"“(])/u))
    .map((s) => s.trim())
    .filter((s) => wordCount(s) > 0);
}

/** Average words per sentence of a text (0 without sentences). */
export function averageSentenceWords(text: string): number {
  const sentences = sentencesOf(text);
  if (sentences.length === 0) return 0;
  return sentences.reduce((sum, s) => sum + wordCount(s), 0) / sentences.length;
}

function capitalise(text: string): string {
  return text.charAt(0).toLocaleUpperCase('pt-BR') + text.slice(1);
}

/** A piece of a sentence as a sentence of its own: trailing commas gone, opener dropped, capitalised, a full stop. */
function asSentence(tokens: string[]): string {
  const words = [...tokens];
  while (words.length > 1 && DROPPED_OPENERS.has(words[0].toLowerCase())) words.shift();
  const text = words.join(' ').replace(/[,;:\s]+$/u, '').replace(/,"$/u, '"');
  return /[.!?…)]$/u.test(text) ? capitalise(text) : `${capitalise(text)}.`;
}

/**
 * A long sentence cut into shorter ones at clause boundaries (after a comma, semicolon or colon, or before a clause
 * opener such as "e", "enquanto", "quando"), the cut nearest the middle first, never inside parentheses or quotes
 * (a title stays whole) and never leaving a piece under 3 words. A sentence with no such boundary stays as it is.
 */
export function shortenSentence(sentence: string, max = SHORT_SENTENCE_WORDS): string[] {
  const tokens = sentence.replace(/[“”]/gu, '"').split(/\s+/u).filter(Boolean);
  if (tokens.filter(isWord).length <= max) return [asSentence(tokens)];
  let depth = 0;
  let quoted = false;
  let best = -1;
  let bestDistance = Infinity;
  const middle = tokens.length / 2;
  for (let i = 0; i < tokens.length - 1; i++) {
    depth += (tokens[i].match(/\(/gu)?.length ?? 0) - (tokens[i].match(/\)/gu)?.length ?? 0);
    if ((tokens[i].match(/"/gu)?.length ?? 0) % 2 === 1) quoted = !quoted;
    if (depth > 0 || quoted) continue;
    const next = tokens[i + 1].toLowerCase();
    // "e"/"ou" join clauses only when a verb or a subject follows ("e registrar", not "cabelo e olhos").
    const after = tokens[i + 2] ?? '';
    const joined = DROPPED_OPENERS.has(next) && (startsClause(after) || CLAUSE_STARTS.has(after.toLowerCase()));
    const opens = CLAUSE_STARTS.has(next) && !DROPPED_OPENERS.has(tokens[i].toLowerCase());
    const cutAfter = /[;:]$/u.test(tokens[i]) || opens || joined || (/,$/u.test(tokens[i]) && startsClause(next));
    if (!cutAfter || i + 1 < 3 || tokens.length - (i + 1) < 3) continue;
    const distance = Math.abs(i + 1 - middle);
    if (distance < bestDistance) {
      best = i + 1;
      bestDistance = distance;
    }
  }
  if (best < 0) return [asSentence(tokens)];
  return [...shortenSentence(tokens.slice(0, best).join(' '), max), ...shortenSentence(tokens.slice(best).join(' '), max)];
}

/** A paragraph's sentences, each cut to short ones. */
function shortenParagraph(text: string, max: number): string {
  return text
    .split(/(?<=[.!?…])\s+(?=[\p{Lu}\p{N}"“(])/u)
    .flatMap((s) => shortenSentence(s, max))
    .join(' ');
}

/**
 * An adaptation for leitura in years 1 to 5 that reads too long (above READABILITY_MAX_WORDS words a sentence, as a
 * model may write it): every line's sentences cut at their clause boundaries, list markers kept. Other texts as they are.
 */
export function readableAdaptation(text: string, barreira: Barreira | null | undefined, ano: string): string {
  if (barreira !== 'leitura' || Number(ano) > 5 || averageSentenceWords(text) <= READABILITY_MAX_WORDS) return text;
  return text
    .split('\n')
    .map((line) => {
      const marker = line.match(/^\s*(?:\d+\.|[-•])\s+/u)?.[0] ?? '';
      const body = line.slice(marker.length).trim();
      return body ? `${marker}${shortenParagraph(body, SHORT_SENTENCE_WORDS)}` : line;
    })
    .join('\n');
}

/** Words of the skills' texts that say nothing on their own (verbs of the BNCC's wording, connectives). */
const GLOSSARY_SKIP = new Set(
  (
    'estudantes alunos criancas professor situacoes diferentes diversos diversas exemplo exemplos relacao relacoes ' +
    'partir meio meios forma formas outros outras entre sobre tambem utilizando utilizacao possiveis sentido ' +
    'contexto contextos cotidiano compreensao reconhecimento identificacao producao leitura escrita apoio dentre ' +
    'principais importancia objetivo objetivos'
  ).split(' '),
);

/** Whether a folded word is most likely a verb in the infinitive ("identificar", "comparar"). */
const isInfinitive = (word: string) => word.length > 5 && /(?:ar|er|ir|or)$/u.test(word) && !/(?:dor|tor|sor|lor|gar)$/u.test(word);

/**
 * The lesson's key terms for a glossary: content words of its skills' official texts and knowledge objects (6+
 * letters, no infinitive verbs), those the lesson's activity also uses first, then by how often the skills use them.
 * Kept as the curriculum writes them (accents and all), at most `max`.
 */
export function glossaryTerms(skills: readonly HabilidadeMatch[], activity: string, max = 5): { termo: string; code: string }[] {
  const inActivity = new Set(foldedWords(activity));
  const found = new Map<string, { termo: string; code: string; count: number }>();
  for (const skill of skills) {
    const text = [skill.description, ...skill.knowledgeObjects].join(' ');
    for (const raw of text.split(/[^\p{L}-]+/u)) {
      const [folded] = foldedWords(raw);
      if (!folded || folded.length < 6 || GLOSSARY_SKIP.has(folded) || isInfinitive(folded)) continue;
      const entry = found.get(folded) ?? { termo: raw.toLocaleLowerCase('pt-BR'), code: skill.code, count: 0 };
      entry.count += 1;
      found.set(folded, entry);
    }
  }
  return [...found.entries()]
    .sort(([a, x], [b, y]) => Number(inActivity.has(b)) - Number(inActivity.has(a)) || y.count - x.count || a.localeCompare(b))
    .slice(0, max)
    .map(([, { termo, code }]) => ({ termo, code }));
}

export interface AdaptationInput {
  barreira: Barreira;
  /** The lesson's current Experiências de Aprendizagem. */
  experiencias: string;
  /** The lesson's cited skills (the glossary's source); never changed by an adaptation. */
  skills: readonly HabilidadeMatch[];
  /** The teacher's wish; offline it is kept as a note, not applied. */
  instrucao?: string | null;
}

/** An offline adaptation: the new Experiências, and the note for the teacher saying how it was made. */
export interface Adaptation {
  experiencias: string;
  nota: string;
}

/** A line an earlier offline adaptation left inside the text (before the notes moved to `nota`): left out. */
const LEGACY_NOTE = /^(?:Adaptação para .*, feita sem IA\.|Nota do professor, registrada sem IA)/u;

/**
 * The offline adaptation of a lesson's activities for one barreira: the current steps rewritten (for leitura,
 * atenção and comunicação oral every sentence cut at its clause boundaries into short ones, one action each), then
 * the barreira's supports from the DUA reference (ADAPTATION_SUPPORTS) and, for leitura and audição/Libras, the
 * lesson's key terms from its skills' official text, to be explained (leitura) or given a sign (Libras) before the
 * activity. The note says it was made without an AI and keeps a wish, labelled, for the teacher (the lesson's `nota`,
 * never inside the text).
 */
export function adaptActivities(input: AdaptationInput): Adaptation {
  const { barreira } = input;
  const label = BARREIRA_LABELS[barreira];
  const shorten = SHORTENED.has(barreira);
  const lines: string[] = [];
  for (const line of input.experiencias.split('\n')) {
    if (LEGACY_NOTE.test(line.trim())) continue;
    if (ADDED_SECTION.test(line.trim())) {
      if (/^Adaptação para /u.test(line.trim())) continue;
      break;
    }
    const marker = line.match(/^\s*(\d+\.|[-•])\s+/u)?.[0] ?? '';
    const body = line.slice(marker.length).trim();
    if (!body) {
      if (lines.at(-1) !== '') lines.push('');
      continue;
    }
    const step = /^\d+\.$/u.test(marker.trim()) && STEP_SUPPORT[barreira] && !body.endsWith(STEP_SUPPORT[barreira]) ? ` ${STEP_SUPPORT[barreira]}` : '';
    lines.push(`${marker.trim() ? `${marker.trim()} ` : ''}${shorten ? shortenParagraph(body, SHORT_SENTENCE_WORDS) : body}${step}`);
  }
  while (lines.at(-1) === '') lines.pop();
  while (lines[0] === '') lines.shift();
  const wish = input.instrucao?.trim();
  const nota = [`Adaptação para ${label}, feita sem IA. Revise antes de usar.`, ...(wish ? [`Nota do professor, registrada sem IA e não aplicada: ${asSentence(wish.split(/\s+/u))}`] : [])].join('\n');
  lines.push('', `Apoios para ${label}:`, ...ADAPTATION_SUPPORTS[barreira].map((s) => `- ${s}`));
  const terms = glossaryTerms(input.skills, input.experiencias);
  if (terms.length > 0 && barreira === 'leitura') {
    lines.push('', 'Glossário. Explique estas palavras antes da atividade:', ...terms.map((t) => `- ${t.termo}: palavra da habilidade ${t.code}. Dê um exemplo.`));
  } else if (terms.length > 0 && barreira === 'audicao-libras') {
    lines.push('', 'Glossário para Libras. Combine um sinal para cada palavra:', ...terms.map((t) => `- ${t.termo} (habilidade ${t.code}).`));
  }
  return { experiencias: lines.join('\n'), nota };
}
