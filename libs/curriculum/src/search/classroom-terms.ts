import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { analyze } from '../text/portuguese-text';
import { CURRICULUM_FILES } from '../curriculum-files';
import { bankQuestionsFor } from '../question-bank/bank-questions';
import type { BankItem } from '../question-bank/bank-rules';
import type { ExtraFields } from './skill-index';

/**
 * Document expansion: for each BNCC skill, the classroom words that typically teach it (activities, materials,
 * games, everyday names of the topic), written once per skill from the skill's own text and shipped with the
 * curriculum (libs/curriculum/data/classroom-terms.json). The index reads them as one more, lighter field of
 * the skill, so 'tampinhas', 'bingo' or 'horta' find the skills whose official text never says them.
 */
const DATA_DIR = resolve(__dirname, '..', '..', 'data');
let terms: ReadonlyMap<string, string> | null = null;
let borrowed: ReadonlyMap<string, string> | null = null;
let examples: ReadonlyMap<string, string> | null = null;
let situations: ReadonlyMap<string, string> | null = null;

function load(): ReadonlyMap<string, string> {
  const parsed = JSON.parse(readFileSync(resolve(DATA_DIR, 'classroom-terms.json'), 'utf8')) as { terms: Record<string, string> };
  return new Map(Object.entries(parsed.terms));
}

function loadExamples(): ReadonlyMap<string, string> {
  const parsed = JSON.parse(readFileSync(resolve(DATA_DIR, 'lesson-examples.json'), 'utf8')) as { examples: Record<string, string[]> };
  return new Map(Object.entries(parsed.examples).map(([code, lines]) => [code, lines.join('\n')]));
}

/** The example lessons written for a skill (lesson-examples.json), one a line; a state code falls back to its BNCC code. */
export function lessonExamplesFor(code: string): string {
  examples ??= loadExamples();
  return lookup(examples, code);
}

function loadSituations(): ReadonlyMap<string, string> {
  const parsed = JSON.parse(readFileSync(resolve(DATA_DIR, 'everyday-situations.json'), 'utf8')) as { situations: Record<string, string> };
  return new Map(Object.entries(parsed.situations));
}

/**
 * The everyday situations a lesson on the skill is built on (everyday-situations.json: a bill, the rent's adjustment,
 * a broken appliance, a campaign), written for every Ensino Médio skill; '' for the others.
 */
export function everydaySituationsFor(code: string): string {
  situations ??= loadSituations();
  return lookup(situations, code);
}

/** 'EF01MA01RS-1' -> its own entry if any, else its BNCC code's. */
function lookup(map: ReadonlyMap<string, string>, code: string): string {
  const upper = code.toUpperCase();
  return map.get(upper) ?? map.get(upper.slice(0, 8)) ?? '';
}

/** The classroom words of a skill; a state code ('EF01MA01RS-1') falls back to its BNCC code; '' if none. */
export function classroomTermsFor(code: string): string {
  terms ??= load();
  return lookup(terms, code);
}

/**
 * The classroom words' weight for a skill tied to no year (Ensino Médio's): its official text is a long, abstract
 * competence whose words rarely name a lesson's topic, and it borrows no words from other years, so its own classroom
 * words weigh as much as that text (the EF's weigh 0.7 beside their shorter texts and their borrowed words).
 */
const NO_YEAR_CLASSROOM_WEIGHT = 1.2;

/** The classroom text the search indexes with a skill: its own words, those it borrows, its example lessons. */
export function shippedClassroomFields(record: { code: string; years: readonly number[] }): ExtraFields {
  return {
    classroom: classroomTermsFor(record.code),
    borrowed: borrowedClassroomTermsFor(record.code),
    examples: lessonExamplesFor(record.code),
    situations: everydaySituationsFor(record.code),
    ...(record.years.length ? {} : { classroomWeight: NO_YEAR_CLASSROOM_WEIGHT }),
  };
}

/** A skill's classroom material as the curriculum ships it: its example lessons, its classroom words, its bank questions. */
export interface SkillClassroom {
  /** Short lesson descriptions a teacher would write for the skill (lesson-examples.json). */
  exemplos: string[];
  /** Activities, materials and everyday names of its topic (classroom-terms.json). */
  termos: string[];
  /** Its questions (or, for an infantil objective, points to observe) of the question bank (data/question-bank). */
  questoes: BankItem[];
}

/**
 * The example lessons, classroom words and bank questions of a skill (a state code falls back to its BNCC code);
 * empty lists if none.
 */
export function skillClassroom(code: string): SkillClassroom {
  return {
    exemplos: lessonExamplesFor(code)
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
    termos: classroomTermsFor(code)
      .split(',')
      .map((term) => term.trim())
      .filter(Boolean),
    questoes: bankQuestionsFor(code),
  };
}

/** How many analogous skills lend their classroom words to a skill, and how alike their official texts must be. */
const BORROW_FROM = 2;
const BORROW_MIN_SIMILARITY = 0.3;

interface SkillText {
  code: string;
  /** Absent in bncc-ef.json (the Ensino Fundamental). */
  etapa?: string;
  component: string;
  years: number[];
  unit: string;
  description: string;
  knowledgeObjects: string[];
}

/**
 * The classroom words of the same skill in other years: the BNCC repeats a skill from year to year with nearly the
 * same text ('Realizar pesquisa envolvendo variáveis categóricas...' in the 1º, 3º and 5º anos), and the words written
 * for one year ('votação, brinquedo preferido') describe the others' lessons as well. A skill borrows from the (at
 * most two) skills of its component and thematic unit, in years it does not cover, whose description and knowledge
 * objects are most alike (TF-IDF cosine >= 0.3); '' if none. Computed once from the shipped curriculum files of every
 * stage, within a stage (infantil's grupos etários and Computação's years lend to each other as the EF's years do).
 */
export function borrowedClassroomTermsFor(code: string): string {
  borrowed ??= borrow(CURRICULUM_FILES.flatMap(({ file }) => JSON.parse(readFileSync(resolve(DATA_DIR, file), 'utf8')) as SkillText[]));
  return lookup(borrowed, code);
}

function borrow(skills: readonly SkillText[]): ReadonlyMap<string, string> {
  const out = new Map<string, string>();
  const byComponent = new Map<string, SkillText[]>();
  for (const s of skills) {
    const key = `${s.etapa ?? 'fundamental'}:${s.component}`;
    byComponent.set(key, [...(byComponent.get(key) ?? []), s]);
  }
  for (const group of byComponent.values()) {
    // Ensino Médio's skills have no years: none is the same skill in another year, so none lends to another.
    if (!group.some((s) => s.years.length)) continue;
    const vectors = tfIdf(group.map((s) => analyze([s.description, ...s.knowledgeObjects].join('\n'))));
    group.forEach((skill, i) => {
      const lenders = group
        .map((other, j) => ({ other, similarity: cosine(vectors[i], vectors[j]) }))
        .filter(
          ({ other, similarity }) =>
            other !== skill &&
            other.unit === skill.unit &&
            !other.years.some((y) => skill.years.includes(y)) &&
            similarity >= BORROW_MIN_SIMILARITY,
        )
        .sort((a, b) => b.similarity - a.similarity || a.other.code.localeCompare(b.other.code))
        .slice(0, BORROW_FROM);
      const words = lenders.map(({ other }) => classroomTermsFor(other.code)).filter(Boolean);
      if (words.length) out.set(skill.code, words.join(', '));
    });
  }
  return out;
}

/** Unit-length TF-IDF vectors (log term frequency) of the documents, over their own collection. */
function tfIdf(docs: readonly string[][]): Map<string, number>[] {
  const df = new Map<string, number>();
  for (const doc of docs) for (const term of new Set(doc)) df.set(term, (df.get(term) ?? 0) + 1);
  return docs.map((doc) => {
    const tf = new Map<string, number>();
    for (const term of doc) tf.set(term, (tf.get(term) ?? 0) + 1);
    const vector = new Map<string, number>();
    let norm = 0;
    for (const [term, count] of tf) {
      const weight = (1 + Math.log(count)) * Math.log(docs.length / df.get(term)!);
      vector.set(term, weight);
      norm += weight * weight;
    }
    norm = Math.sqrt(norm) || 1;
    for (const [term, weight] of vector) vector.set(term, weight / norm);
    return vector;
  });
}

function cosine(a: ReadonlyMap<string, number>, b: ReadonlyMap<string, number>): number {
  let dot = 0;
  for (const [term, weight] of a) dot += weight * (b.get(term) ?? 0);
  return dot;
}
