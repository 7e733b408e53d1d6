import type { HabilidadeMatch } from '@planejador/contracts';
import { lessonContext } from '../lesson-context';
import { generateWithRetry } from '../retry';
import type { LessonGenerator, SkillClassroomText } from '../types';
import type { QualityPlan } from './lesson-checks';

/** One plan of bench/lesson-quality (scenarios.json, dev.json, heldout.json), as a teacher types it. */
export interface QualityScenario {
  id: string;
  ano: string;
  materia: string;
  nivelDetalhamento: number;
  limitOneSkill: boolean;
  aulas: { prompt: string; esperadas?: string[] }[];
}

/** The curriculum lookups a plan's lessons need, as the worker makes them. */
export interface ScenarioCurriculum {
  /** The whole pool of the year and subject, ranked by one lesson's description (best first). */
  rank(ano: string, materia: string, prompt: string): HabilidadeMatch[];
  noSkillsReason(ano: string, materia: string): string | null;
  classroomOf(code: string): SkillClassroomText;
}

/**
 * Writes every lesson of a scenario with a generator, each from a context built as the worker builds it
 * (lessonContext: the lesson's own description, the plan's sequence, the pool ranked by that description), and
 * returns the plan as the quality checks read it.
 */
export async function draftScenario(scenario: QualityScenario, generator: LessonGenerator, curriculum: ScenarioCurriculum): Promise<QualityPlan> {
  const sequencia = scenario.aulas.map((a, i) => ({ numeroAula: i + 1, prompt: a.prompt }));
  const aulas = await Promise.all(
    scenario.aulas.map(async (aula, i) => {
      const pool = curriculum.rank(scenario.ano, scenario.materia, aula.prompt);
      const ctx = lessonContext({
        plano: { materiaGeral: scenario.materia, limitOneSkill: scenario.limitOneSkill, preferirSeduc: true, nivelDetalhamento: scenario.nivelDetalhamento },
        turma: { ano: scenario.ano, numero: `${scenario.ano}1`, escola: 'Escola de teste', observacoesAdicionais: null },
        aula: { numeroAula: i + 1, materia: scenario.materia, prompt: aula.prompt },
        sequencia,
        pool,
        pinned: [],
        noCandidatesReason: pool.length > 0 ? null : curriculum.noSkillsReason(scenario.ano, scenario.materia),
        classroomOf: curriculum.classroomOf,
      });
      const draft =
        generator.kind === 'offline'
          ? await generator.generate(ctx)
          : await generateWithRetry(generator, ctx, { attempts: 3, baseDelayMs: 1000, timeoutMs: 120_000 });
      const cited = draft.habilidadeCodes.map((code) => pool.find((s) => s.code === code)).filter((s): s is HabilidadeMatch => s !== undefined);
      return { numeroAula: i + 1, prompt: aula.prompt, esperadas: aula.esperadas ?? [], draft, cited };
    }),
  );
  return { id: scenario.id, nivelDetalhamento: scenario.nivelDetalhamento, aulas };
}
