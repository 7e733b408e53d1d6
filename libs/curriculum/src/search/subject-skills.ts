import type { HabilidadeMatch } from '@planejador/contracts';
import type { CurriculumRecord } from '../curriculum-record';
import { shippedClassroomFields } from './classroom-terms';
import { SkillIndex, type ExtraText, type QueryGroup } from './skill-index';
import { buildSkillQuery } from './skill-query';

/** Weight of the plan's main theme against the lesson's own description when picking candidates. */
const THEME_WEIGHT = 0.5;

export function toMatch(record: CurriculumRecord, score: number): HabilidadeMatch {
  return {
    code: record.code,
    description: record.description,
    unit: record.unit,
    field: record.field ?? null,
    knowledgeObjects: record.knowledgeObjects,
    score: Math.round(score * 1000) / 1000,
  };
}

/** The skills of one year and subject, in code order, with their search index. */
export class SubjectSkills {
  readonly records: readonly CurriculumRecord[];
  private readonly index: SkillIndex<CurriculumRecord>;

  /**
   * `extra`: the classroom text indexed with each skill, by default what the curriculum ships (classroom-terms.ts);
   * the evaluation bench passes its own to measure the search without some of it.
   */
  constructor(records: readonly CurriculumRecord[], extra: ExtraText<CurriculumRecord> = shippedClassroomFields) {
    this.records = [...records].sort((a, b) => a.code.localeCompare(b.code));
    this.index = new SkillIndex(this.records, extra);
  }

  /**
   * Ranked by how well each skill fits the description; an empty query lists the skills in code order, and a query that
   * matches no skill still gets a list (lastResort).
   */
  search(q: string, limit: number): HabilidadeMatch[] {
    const query = buildSkillQuery(q);
    if (!query.groups.length && !this.index.codesIn(query.tokens).length) {
      return this.records.slice(0, limit).map((r) => toMatch(r, 0));
    }
    const ranked = this.index.rank(query.groups, this.index.codesIn(query.tokens)).slice(0, limit);
    if (!ranked.length) return this.lastResort(query.groups, limit).map((r) => toMatch(r, 0));
    return [...ranked.map((s) => toMatch(s.skill, s.score)), ...this.neighbours(ranked, limit).map((r) => toMatch(r, 0))];
  }

  /**
   * When no skill matches the words, the list is still never empty: the skills that share most of the letters of the
   * teacher's words come first (score 0), then the others in code order. A teacher of a small pool (infantil's campos
   * hold 3 to 11 objectives) then still sees the objectives to choose from, the likeliest first.
   */
  private lastResort(groups: readonly QueryGroup[], limit: number): CurriculumRecord[] {
    const near = this.index.rank(groups, [], true).map((s) => s.skill);
    const chosen = new Set(near.map((r) => r.code));
    return [...near, ...this.records.filter((r) => !chosen.has(r.code))].slice(0, limit);
  }

  /**
   * When few skills match, the rest of the list comes from the best match's thematic unit (in code order): a
   * teacher's words often name one skill of a topic while meaning its neighbour, and nothing else is as close.
   */
  private neighbours(ranked: readonly { skill: CurriculumRecord }[], limit: number): CurriculumRecord[] {
    if (!ranked.length || ranked.length >= limit) return [];
    const unit = ranked[0].skill.unit;
    const chosen = new Set(ranked.map((s) => s.skill.code));
    return this.records.filter((r) => r.unit === unit && !chosen.has(r.code)).slice(0, limit - ranked.length);
  }

  /**
   * Candidates for the AI (and the offline drafter's pick): the lesson's best matches, helped by the plan's main
   * theme, then the other skills in code order, so the model always has valid codes to choose from.
   */
  candidates(prompt: string, temaPrincipal: string | null | undefined, limit: number): HabilidadeMatch[] {
    const extra = temaPrincipal?.trim() ? [{ text: temaPrincipal, weight: THEME_WEIGHT }] : [];
    const query = buildSkillQuery(prompt, extra);
    const ranked = this.index.rank(query.groups, this.index.codesIn(query.tokens)).slice(0, limit);
    const near = this.neighbours(ranked, limit);
    const chosen = new Set([...ranked.map((s) => s.skill.code), ...near.map((r) => r.code)]);
    const fill = this.records.filter((r) => !chosen.has(r.code)).slice(0, Math.max(0, limit - ranked.length - near.length));
    return [...ranked.map((s) => toMatch(s.skill, s.score)), ...[...near, ...fill].map((r) => toMatch(r, 0))];
  }
}
