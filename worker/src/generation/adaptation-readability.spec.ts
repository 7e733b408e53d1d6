import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { adaptScenario, OfflineLessonDrafter, readability, READABILITY_MAX_WORDS, type AdaptedLesson, type QualityScenario, type ScenarioCurriculum } from '@planejador/ai';
import type { BnccRecord, Materia } from '@planejador/contracts';
import { fromBncc, inScope, scopeGapReason, skillClassroom, SubjectSkills } from '@planejador/curriculum';

/**
 * Readability of adapted activities (issue 28), in the lesson-quality harness: every lesson of the development
 * half's plans for years 1 to 5, written for a class with the barreira 'leitura' and then adapted for it by the
 * offline drafter as POST .../adaptar does, averages at most 12 words a sentence (bench/lesson-quality/readability.js
 * prints the figure for both halves).
 */
const root = resolve(__dirname, '..', '..', '..');
const records = (JSON.parse(readFileSync(resolve(root, 'libs', 'curriculum', 'data', 'bncc-ef.json'), 'utf8')) as BnccRecord[]).map(fromBncc);
const subjects = new Map<string, SubjectSkills>();
const curriculum: ScenarioCurriculum = {
  rank(ano, materia, prompt) {
    const key = `${ano}:${materia}`;
    if (!subjects.has(key)) subjects.set(key, new SubjectSkills(records.filter((r) => inScope(r, materia as Materia, Number(ano)))));
    return subjects.get(key)!.candidates(prompt, null, 200);
  },
  noSkillsReason: (ano, materia) => scopeGapReason(materia as Materia, Number(ano)),
  classroomOf: skillClassroom,
};

describe('readability of activities adapted for leitura, years 1 to 5 (offline drafter)', () => {
  it(`averages at most ${READABILITY_MAX_WORDS} words a sentence`, async () => {
    const { scenarios } = JSON.parse(readFileSync(resolve(root, 'bench', 'lesson-quality', 'dev.json'), 'utf8')) as { scenarios: QualityScenario[] };
    const drafter = new OfflineLessonDrafter();
    const adapted: AdaptedLesson[] = [];
    for (const scenario of scenarios.filter((s) => Number(s.ano) <= 5)) adapted.push(...(await adaptScenario(scenario, drafter, curriculum, 'leitura')));
    const summary = readability(adapted);
    expect(summary.lessons).toBeGreaterThan(40);
    expect(summary.average).toBeLessThanOrEqual(READABILITY_MAX_WORDS);
    for (const lesson of adapted) expect(lesson.experiencias).toContain('Glossário');
  });
});
