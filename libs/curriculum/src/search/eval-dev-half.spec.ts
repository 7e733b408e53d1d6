import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Etapa, Materia } from '@planejador/contracts';
import { testCurriculumDir } from '../__tests__/bncc-records';
import { readCurriculumFiles } from '../curriculum-files';
import { inScope } from '../materia';
import { SubjectSkills } from './subject-skills';

/**
 * The development halves of the issue 14 and 27 evaluation sets (bench/curriculum-search/eval-2026-11{b,e,f,g}/dev.json
 * for the Ensino Fundamental, eval-2026-11-etapas2/dev.json for infantil, médio and Computação, eval-2026-12-medio/dev.json
 * for médio's everyday situations; lesson descriptions as
 * teachers type them) must keep the levels recorded in bench/README.md: this fails when a change ranks fewer accepted
 * skills first or in the top 5. The held-out halves are not tested here: each is scored once, by hand, at the end of a
 * change. (etapas2 is scored here as shipped; bench/README.md also gives its "blind" figure.)
 */
const DEV_HALVES = [
  { set: 'eval-2026-11b', items: 128, top1: 118, top5: 128 },
  { set: 'eval-2026-11e', items: 123, top1: 113, top5: 122 },
  // 108 -> 107 first on 2026-11-26: the level measured after the expansions and the example lesson keyed to evaluation
  // items were removed (bench/README.md), not re-tuned.
  { set: 'eval-2026-11f', items: 122, top1: 107, top5: 119 },
  { set: 'eval-2026-11g', items: 123, top1: 102, top5: 120 },
  // 60 / 62 before issue 38's everyday situations of the médio skills (its médio items gained).
  { set: 'eval-2026-11-etapas2', items: 66, top1: 63, top5: 64 },
  // Issue 38 (médio only, written before the situations; bench/README.md also gives its blind figures): 44 / 57 before.
  { set: 'eval-2026-12-medio', items: 66, top1: 63, top5: 66 },
];

interface Item {
  etapa?: Etapa;
  ano: string;
  materia: Materia;
  q: string;
  accept: string[];
}

describe('skill search on the development halves of the evaluation sets', () => {
  const { records } = readCurriculumFiles(testCurriculumDir);
  const pools = new Map<string, SubjectSkills>();
  const pool = (item: Item): SubjectSkills => {
    const etapa = item.etapa ?? 'fundamental';
    const key = `${etapa}:${item.ano}:${item.materia}`;
    if (!pools.has(key)) pools.set(key, new SubjectSkills(records.filter((r) => inScope(r, item.materia, Number(item.ano), etapa))));
    return pools.get(key)!;
  };

  it.each(DEV_HALVES)('$set: an accepted skill first for at least $top1 and in the top 5 for $top5 of $items', (half) => {
    const file = resolve(__dirname, '..', '..', '..', '..', 'bench', 'curriculum-search', half.set, 'dev.json');
    const { items } = JSON.parse(readFileSync(file, 'utf8')) as { items: Item[] };
    let top1 = 0;
    let top5 = 0;
    for (const item of items) {
      const rank = pool(item).search(item.q, 5).findIndex((m) => item.accept.includes(m.code));
      if (rank === 0) top1++;
      if (rank >= 0) top5++;
    }
    expect(items).toHaveLength(half.items);
    expect(top1).toBeGreaterThanOrEqual(half.top1);
    expect(top5).toBeGreaterThanOrEqual(half.top5);
  });
});
