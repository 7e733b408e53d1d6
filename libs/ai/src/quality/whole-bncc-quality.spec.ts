import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Materia } from '@planejador/contracts';
import { curriculumDir, inScope, readCurriculumFiles, scopeGapReason, skillClassroom, SubjectSkills } from '@planejador/curriculum';
import { OfflineLessonDrafter } from '../offline-drafter';
import { checkPlan, summarize, type QualityPlan } from './lesson-checks';
import { draftScenario, type QualityScenario, type ScenarioCurriculum } from './scenario-plans';

/**
 * The lesson-quality harness on the development half of the whole-BNCC scenarios (bench/lesson-quality, issue 27:
 * whole-bncc-dev.json), with the offline drafter: mixed-subject plans of the early years, Educação Infantil and
 * Ensino Médio, each lesson ranked in its own subject's pool as the worker ranks it. Fails below the levels recorded
 * in bench/README.md; the held-out half is scored once, by hand (node bench/lesson-quality/run.js heldout).
 */
const RECORDED = {
  /** Every group: every structural check of every lesson and plan, no leakage of lesson 1. */
  structural: 1,
  /** Lessons citing a skill the scenario accepts (mixed-subject goal: at least 0.85, as single-subject plans). */
  habilidadeAceita: { misto: 0.9, infantil: 0.93, medio: 0.94 },
};

const root = resolve(__dirname, '..', '..', '..', '..');
const { records } = readCurriculumFiles(curriculumDir({}, root));
const subjects = new Map<string, SubjectSkills>();
const curriculum: ScenarioCurriculum = {
  rank(ano, materia, prompt, etapa) {
    const key = `${etapa}:${ano}:${materia}`;
    if (!subjects.has(key)) subjects.set(key, new SubjectSkills(records.filter((r) => inScope(r, materia as Materia, Number(ano), etapa))));
    return subjects.get(key)!.candidates(prompt, null, 200);
  },
  noSkillsReason: (ano, materia, etapa) => scopeGapReason(materia as Materia, Number(ano), etapa),
  classroomOf: skillClassroom,
};

const GROUPS = { misto: 'm', infantil: 'i', medio: 'e' } as const;

describe('lesson quality of the whole BNCC on the development half (offline drafter)', () => {
  let plans: QualityPlan[] = [];
  beforeAll(async () => {
    const { scenarios } = JSON.parse(readFileSync(resolve(root, 'bench', 'lesson-quality', 'whole-bncc-dev.json'), 'utf8')) as { scenarios: QualityScenario[] };
    const drafter = new OfflineLessonDrafter();
    plans = [];
    for (const scenario of scenarios) plans.push(await draftScenario(scenario, drafter, curriculum));
  });

  it.each(Object.entries(GROUPS))('keeps the recorded levels for %s plans', (group, prefix) => {
    const mine = plans.filter((p) => p.id.startsWith(prefix));
    expect(mine.length).toBeGreaterThan(5);
    const results = mine.flatMap(checkPlan);
    const summary = summarize(mine, results);
    expect(results.filter((r) => !r.pass && r.check !== 'habilidadeAceita').slice(0, 10)).toEqual([]);
    expect(summary.structural.rate).toBeGreaterThanOrEqual(RECORDED.structural);
    expect(summary.lesson1Leakage.leaks).toBe(0);
    expect(summary.checks.habilidadeAceita.rate).toBeGreaterThanOrEqual(RECORDED.habilidadeAceita[group as keyof typeof GROUPS]);
  });

  it('keeps each lesson of a mixed-subject plan in its own subject, and checks infantil by points to observe', () => {
    const mixed = plans.filter((p) => p.id.startsWith('m'));
    expect(mixed.every((p) => new Set(p.aulas.map((a) => a.materia)).size > 1)).toBe(true);
    const results = plans.flatMap(checkPlan);
    const judged = (check: string) => results.filter((r) => r.check === check).length;
    const infantilLessons = plans.filter((p) => p.etapa === 'infantil').reduce((n, p) => n + p.aulas.length, 0);
    expect(judged('observacao')).toBe(infantilLessons);
    expect(judged('linguagemInfantil')).toBe(infantilLessons);
  });
});
