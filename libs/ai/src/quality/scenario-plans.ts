import { etapaOf, verificacaoKindOf, type Barreira, type Etapa, type HabilidadeMatch, type QuestaoBanco } from '@planejador/contracts';
import { lessonContext } from '../lesson-context';
import { generateWithRetry } from '../retry';
import type { LessonContext, LessonDraft, LessonGenerator, SkillClassroomText } from '../types';
import type { QualityPlan } from './lesson-checks';

/** One plan of bench/lesson-quality (scenarios.json, whole-bncc.json and their halves), as a teacher types it. */
export interface QualityScenario {
  id: string;
  /** The class's stage; absent: fundamental. */
  etapa?: string;
  ano: string;
  /** The plan's general subject (the form's). */
  materia: string;
  nivelDetalhamento: number;
  limitOneSkill: boolean;
  /** Each lesson's subject is its own `materia` (the request's aulas[].materia); absent: the plan's. */
  aulas: { materia?: string; prompt: string; esperadas?: string[] }[];
}

/** The curriculum lookups a plan's lessons need, as the worker makes them. */
export interface ScenarioCurriculum {
  /** The whole pool of the stage, year and subject, ranked by one lesson's description (best first). */
  rank(ano: string, materia: string, prompt: string, etapa: Etapa): HabilidadeMatch[];
  noSkillsReason(ano: string, materia: string, etapa: Etapa): string | null;
  classroomOf(code: string): SkillClassroomText;
}

/** One lesson's context as the worker builds it, with its ranked pool. */
interface ScenarioLesson {
  ctx: LessonContext;
  pool: HabilidadeMatch[];
  esperadas: string[];
}

/**
 * Every lesson of a scenario as the worker builds its context (lessonContext: the class's stage, the lesson's own
 * subject and description, the plan's sequence, the pool of that subject ranked by that description); `barreiras`:
 * the class's.
 */
function scenarioLessons(scenario: QualityScenario, curriculum: ScenarioCurriculum, barreiras: Barreira[] = []): ScenarioLesson[] {
  const etapa = etapaOf(scenario.etapa);
  const sequencia = scenario.aulas.map((a, i) => ({ numeroAula: i + 1, prompt: a.prompt }));
  return scenario.aulas.map((aula, i) => {
    const materia = aula.materia ?? scenario.materia;
    const pool = curriculum.rank(scenario.ano, materia, aula.prompt, etapa);
    const ctx = lessonContext({
      plano: { materiaGeral: scenario.materia, limitOneSkill: scenario.limitOneSkill, preferirSeduc: true, nivelDetalhamento: scenario.nivelDetalhamento },
      turma: { ano: scenario.ano, etapa, numero: `${scenario.ano}1`, escola: 'Escola de teste', observacoesAdicionais: null, barreiras },
      aula: { numeroAula: i + 1, materia, prompt: aula.prompt },
      sequencia,
      pool,
      pinned: [],
      noCandidatesReason: pool.length > 0 ? null : curriculum.noSkillsReason(scenario.ano, materia, etapa),
      classroomOf: curriculum.classroomOf,
    });
    return { ctx, pool, esperadas: aula.esperadas ?? [] };
  });
}

function write(generator: LessonGenerator, ctx: LessonContext): Promise<LessonDraft> {
  return generator.kind === 'offline' ? generator.generate(ctx) : generateWithRetry(generator, ctx, { attempts: 3, baseDelayMs: 1000, timeoutMs: 120_000 });
}

/** The cited skills' bank items (infantil's points only), as the offline drafter draws from them. */
function bankItemsOf(ctx: LessonContext, codes: readonly string[], etapa: Etapa): QuestaoBanco[] {
  const kind = verificacaoKindOf(etapa) === 'observacao' ? 'aberta' : undefined;
  return codes.flatMap((code) => (ctx.classroom?.[code]?.questoes ?? []).filter((q) => !kind || q.tipo === kind));
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
      const banco = generator.kind === 'offline' ? bankItemsOf(ctx, draft.habilidadeCodes, etapaOf(scenario.etapa)) : [];
      return { numeroAula: ctx.aula.numeroAula, materia: ctx.aula.materia, prompt: ctx.aula.prompt, esperadas, draft, cited, ...(banco.length ? { banco } : {}) };
    }),
  );
  return { id: scenario.id, etapa: etapaOf(scenario.etapa), ano: scenario.ano, nivelDetalhamento: scenario.nivelDetalhamento, aulas };
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
