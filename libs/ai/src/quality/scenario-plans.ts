import type { Barreira, HabilidadeMatch } from '@planejador/contracts';
import { lessonContext } from '../lesson-context';
import { generateWithRetry } from '../retry';
import type { LessonContext, LessonDraft, LessonGenerator, SkillClassroomText } from '../types';
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

/** One lesson's context as the worker builds it, with its ranked pool. */
interface ScenarioLesson {
  ctx: LessonContext;
  pool: HabilidadeMatch[];
  esperadas: string[];
}

/**
 * Every lesson of a scenario as the worker builds its context (lessonContext: the lesson's own description, the
 * plan's sequence, the pool ranked by that description); `barreiras`: the class's.
 */
function scenarioLessons(scenario: QualityScenario, curriculum: ScenarioCurriculum, barreiras: Barreira[] = []): ScenarioLesson[] {
  const sequencia = scenario.aulas.map((a, i) => ({ numeroAula: i + 1, prompt: a.prompt }));
  return scenario.aulas.map((aula, i) => {
    const pool = curriculum.rank(scenario.ano, scenario.materia, aula.prompt);
    const ctx = lessonContext({
      plano: { materiaGeral: scenario.materia, limitOneSkill: scenario.limitOneSkill, preferirSeduc: true, nivelDetalhamento: scenario.nivelDetalhamento },
      turma: { ano: scenario.ano, numero: `${scenario.ano}1`, escola: 'Escola de teste', observacoesAdicionais: null, barreiras },
      aula: { numeroAula: i + 1, materia: scenario.materia, prompt: aula.prompt },
      sequencia,
      pool,
      pinned: [],
      noCandidatesReason: pool.length > 0 ? null : curriculum.noSkillsReason(scenario.ano, scenario.materia),
      classroomOf: curriculum.classroomOf,
    });
    return { ctx, pool, esperadas: aula.esperadas ?? [] };
  });
}

function write(generator: LessonGenerator, ctx: LessonContext): Promise<LessonDraft> {
  return generator.kind === 'offline' ? generator.generate(ctx) : generateWithRetry(generator, ctx, { attempts: 3, baseDelayMs: 1000, timeoutMs: 120_000 });
}

/**
 * Writes every lesson of a scenario with a generator, each from a context built as the worker builds it, and
 * returns the plan as the quality checks read it.
 */
export async function draftScenario(scenario: QualityScenario, generator: LessonGenerator, curriculum: ScenarioCurriculum): Promise<QualityPlan> {
  const aulas = await Promise.all(
    scenarioLessons(scenario, curriculum).map(async ({ ctx, pool, esperadas }) => {
      const draft = await write(generator, ctx);
      const cited = draft.habilidadeCodes.map((code) => pool.find((s) => s.code === code)).filter((s): s is HabilidadeMatch => s !== undefined);
      return { numeroAula: ctx.aula.numeroAula, prompt: ctx.aula.prompt, esperadas, draft, cited };
    }),
  );
  return { id: scenario.id, nivelDetalhamento: scenario.nivelDetalhamento, aulas };
}

/** One lesson's activities adapted for a barreira (POST .../adaptar as the worker runs it). */
export interface AdaptedLesson {
  plan: string;
  ano: string;
  numeroAula: number;
  experiencias: string;
}

/**
 * Writes every lesson of a scenario for a class with this barreira, then adapts its activities for it as the
 * worker's adaptation does (campo 'experiencias', the lesson's skills pinned, its current activities given).
 */
export async function adaptScenario(scenario: QualityScenario, generator: LessonGenerator, curriculum: ScenarioCurriculum, barreira: Barreira): Promise<AdaptedLesson[]> {
  return Promise.all(
    scenarioLessons(scenario, curriculum, [barreira]).map(async ({ ctx, pool }) => {
      const draft = await write(generator, ctx);
      const pinned = pool.filter((s) => draft.habilidadeCodes.includes(s.code));
      const adapted = await write(generator, {
        ...ctx,
        pinned,
        regeneration: { campo: 'experiencias', adaptacao: barreira, current: { ...draft }, currentVerificacao: draft.verificacao, currentDua: draft.dua ?? null },
      });
      return { plan: scenario.id, ano: scenario.ano, numeroAula: ctx.aula.numeroAula, experiencias: adapted.experiencias };
    }),
  );
}
