import { BNCC_CODE_PATTERN } from '@planejador/contracts';
import { analyze } from '../text/portuguese-text';
import { trigrams, trigramSimilarity } from '../text/trigram';

/** What the index needs from a skill. */
export interface IndexedSkill {
  code: string;
  description: string;
  unit: string;
  field?: string | null;
  axis?: string | null;
  knowledgeObjects: readonly string[];
}

/** Text indexed with a skill besides its own fields: its classroom words, those it borrows and its example lessons (classroom-terms.ts). */
export interface ExtraFields {
  classroom?: string | null;
  /** The classroom words' weight when not FIELD_WEIGHTS.classroom (classroom-terms.ts says when). */
  classroomWeight?: number;
  borrowed?: string | null;
  examples?: string | null;
  /** Everyday situations a lesson on the skill is built on (Ensino Médio's: everyday-situations.json). */
  situations?: string | null;
}
export type ExtraText<T> = (skill: T) => ExtraFields;

/** Alternatives for one idea of the query: the best-matching alternative counts in full, the others a little. */
export interface QueryGroup {
  stems: string[];
  weight: number;
  /** Whether unknown stems may match similar words (the teacher's own words: typos, other forms). */
  fuzzy?: boolean;
}

export interface SkillScore<T extends IndexedSkill> {
  skill: T;
  /** 0..1: how much of the query the skill covers. */
  score: number;
}

/**
 * How much each part of a skill counts: knowledge objects name the topic most directly; classroom words borrowed
 * from the same skill in other years count less than the skill's own; the example lessons (lesson-examples.json,
 * the longest field, written as teachers write) count least. Ensino Médio's everyday situations (a bill, a broken
 * appliance, a campaign: everyday-situations.json) count a little more than its examples: the skill's own text is
 * abstract and its classroom words name the topic, while a médio teacher often names only the situation (on the
 * development half of eval-2026-12-medio 0.8 and 1.2 score alike, 0.4 ranks 3 fewer first).
 */
const FIELD_WEIGHTS = { description: 1, knowledgeObjects: 1.5, unit: 0.8, field: 0.3, axis: 0.3, classroom: 0.7, borrowed: 0.5, examples: 0.4, situations: 0.8 } as const;
const K1 = 1.2;
const B = 0.6;
/** Share of the other alternatives of a group that adds to the best one. */
const GROUP_REST = 0.25;
const FUZZY_MIN = 0.55;
/** The loose last-resort matching (rank's `loose`) takes words of any length from this similarity on. */
const LOOSE_MIN = 0.45;
/** How much a diminutive counts for its base word ('bolinha' for 'bola'). */
const DIMINUTIVE_SIMILARITY = 0.9;

interface DocStats {
  tf: Map<string, number>;
  length: number;
}

/**
 * BM25F over a fixed list of skills (one year and subject), in memory: the list is small (at most ~110
 * skills) and read-only, so a database round trip or a text-search extension would only add moving parts.
 */
export class SkillIndex<T extends IndexedSkill> {
  private readonly docs: DocStats[];
  private readonly df = new Map<string, number>();
  private readonly avgLength: number;
  private readonly vocabulary: Map<string, Set<string>>;

  constructor(
    private readonly skills: readonly T[],
    extra: ExtraText<T> = () => ({}),
  ) {
    this.docs = skills.map((s) => documentStats(s, extra(s)));
    for (const d of this.docs) for (const term of d.tf.keys()) this.df.set(term, (this.df.get(term) ?? 0) + 1);
    this.avgLength = this.docs.reduce((sum, d) => sum + d.length, 0) / Math.max(1, this.docs.length);
    this.vocabulary = new Map([...this.df.keys()].map((t) => [t, trigrams(t)]));
  }

  get size(): number {
    return this.skills.length;
  }

  /**
   * Skills ranked by the query groups, best first; skills that match nothing are left out. `loose`: unknown words
   * also match words of another length that share most of their letters ('engatinhar' and 'engatinha', 'rampinha' and
   * 'rampa'), for a last-resort ranking when nothing matches strictly.
   */
  rank(groups: readonly QueryGroup[], codesInQuery: readonly string[] = [], loose = false): SkillScore<T>[] {
    const resolved = groups.map((g) => ({ weight: g.weight, terms: this.resolve(g.stems, g.fuzzy ?? true, loose) }));
    const ideal = resolved.reduce((sum, g) => sum + g.weight * this.bestIdf(g.terms), 0) * saturation(2, 1);
    const wantedCodes = new Set(codesInQuery.map((c) => c.toUpperCase()));
    const scored: (SkillScore<T> & { raw: number })[] = [];
    this.docs.forEach((doc, i) => {
      let raw = 0;
      for (const group of resolved) {
        const parts = group.terms
          .map(({ term, similarity }) => {
            const tf = doc.tf.get(term);
            return tf ? similarity * this.idf(term) * saturation(tf, doc.length / this.avgLength) : 0;
          })
          .sort((a, b) => b - a);
        const best = parts[0] ?? 0;
        const rest = parts.slice(1).reduce((sum, p) => sum + p, 0);
        raw += group.weight * (best + GROUP_REST * rest);
      }
      const skill = this.skills[i];
      const score = wantedCodes.has(skill.code.toUpperCase()) ? 1 : ideal > 0 ? Math.min(1, raw / ideal) : 0;
      if (score > 0) scored.push({ skill, score, raw });
    });
    // The score is capped at 1: between skills that both reach it, the one that covers more comes first.
    return scored
      .sort((a, b) => b.score - a.score || b.raw - a.raw || a.skill.code.localeCompare(b.skill.code))
      .map(({ skill, score }) => ({ skill, score }));
  }

  /** Codes of the query that name a skill of this index ('EF05MA03'). */
  codesIn(tokens: readonly string[]): string[] {
    const codes = new Set(this.skills.map((s) => s.code.toLowerCase()));
    return tokens.filter((t) => BNCC_CODE_PATTERN.test(t.toUpperCase()) && codes.has(t));
  }

  private idf(term: string): number {
    const n = this.docs.length;
    const df = this.df.get(term) ?? 0;
    return Math.log(1 + (n - df + 0.5) / (df + 0.5));
  }

  private bestIdf(terms: readonly { term: string; similarity: number }[]): number {
    return terms.reduce((best, t) => Math.max(best, t.similarity * this.idf(t.term)), 0);
  }

  /**
   * Known stems as they are; a diminutive whose base is known as its base ('potinh' -> 'pot'); other unknown ones
   * (typos, other word forms) through prefixes and trigrams.
   */
  private resolve(stems: readonly string[], fuzzy: boolean, loose = false): { term: string; similarity: number }[] {
    const out = new Map<string, number>();
    for (const stem of stems) {
      if (this.df.has(stem)) {
        out.set(stem, Math.max(out.get(stem) ?? 0, 1));
        continue;
      }
      if (!fuzzy) continue;
      const base = diminutiveBase(stem);
      if (base && this.df.has(base)) {
        out.set(base, Math.max(out.get(base) ?? 0, DIMINUTIVE_SIMILARITY));
        continue;
      }
      const grams = trigrams(stem);
      const near: [string, number][] = [];
      for (const [term, termGrams] of this.vocabulary) {
        // A typo keeps the word's length; 'inter' is not a misspelt 'intercambi'.
        if (!loose && Math.min(stem.length, term.length) / Math.max(stem.length, term.length) < 0.6) continue;
        const similarity = Math.max(prefixSimilarity(stem, term), trigramSimilarity(grams, termGrams));
        if (similarity >= (loose ? LOOSE_MIN : FUZZY_MIN)) near.push([term, similarity * 0.85]);
      }
      near
        .sort((a, b) => b[1] - a[1])
        .slice(0, 3)
        .forEach(([term, similarity]) => out.set(term, Math.max(out.get(term) ?? 0, similarity)));
    }
    return [...out].map(([term, similarity]) => ({ term, similarity }));
  }
}

/**
 * The base of a diminutive stem the stemmer kept whole because its base is short ('bolinh' -> 'bol', 'potinh' ->
 * 'pot', 'pezinh' -> 'pe', 'saquinh' -> 'sac'); null if the stem is not one. Only tried for words the skills do not
 * have, so 'caminho' or 'cozinha' stay themselves where the skills use them.
 */
function diminutiveBase(stem: string): string | null {
  const match = /^(.+?)(z?)inh$/.exec(stem);
  if (!match) return null;
  const [, base, z] = match;
  if (base.length < (z ? 2 : 3)) return null;
  if (base.endsWith('qu')) return base.slice(0, -2) + 'c';
  if (base.endsWith('gu')) return base.slice(0, -1);
  return base;
}

/** BM25 term-frequency saturation for a document of the given relative length. */
function saturation(tf: number, relativeLength: number): number {
  return (tf * (K1 + 1)) / (tf + K1 * (1 - B + B * relativeLength));
}

/** 'fracion' and 'fracionari': one starts the other; long shared starts count more. */
function prefixSimilarity(a: string, b: string): number {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  if (short.length < 5 || !long.startsWith(short)) return 0;
  return 0.6 + 0.4 * (short.length / long.length);
}

function documentStats(skill: IndexedSkill, extra: ExtraFields): DocStats {
  const tf = new Map<string, number>();
  let length = 0;
  const add = (text: string | null | undefined, weight: number) => {
    if (!text) return;
    for (const term of analyze(text)) {
      tf.set(term, (tf.get(term) ?? 0) + weight);
      length += weight;
    }
  };
  add(skill.description, FIELD_WEIGHTS.description);
  for (const object of skill.knowledgeObjects) add(object, FIELD_WEIGHTS.knowledgeObjects);
  add(skill.unit, FIELD_WEIGHTS.unit);
  add(skill.field, FIELD_WEIGHTS.field);
  add(skill.axis, FIELD_WEIGHTS.axis);
  add(extra.classroom, extra.classroomWeight ?? FIELD_WEIGHTS.classroom);
  add(extra.borrowed, FIELD_WEIGHTS.borrowed);
  add(extra.examples, FIELD_WEIGHTS.examples);
  add(extra.situations, FIELD_WEIGHTS.situations);
  return { tf, length };
}
