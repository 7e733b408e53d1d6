import { z } from 'zod';
import { MATERIA_VALUES, type GenerationState, type Materia } from './domain';
import { BNCC_CODE_PATTERN } from './etapas';
import { lessonTextCaps } from './lesson-text';
import { MSG } from './messages';
import type { PeriodoTipo } from './periodos';
import { periodoSchema } from './school-year';
import { hasDistinctAlternatives, questaoSchema, type Questao } from './verificacao';

/**
 * Assessment by skill (decisions.md, "School year: trimestres and coverage"): per skill of a trimestre, 1 to 3
 * questions (the verificação's shape) and a rubric of 4 levels. RS Portaria 305/2022 asks for results per trimestre
 * from the skills developed.
 */
export const RUBRICA_NIVEIS = ['não desenvolveu', 'em desenvolvimento', 'desenvolveu', 'desenvolveu plenamente'] as const;
export type RubricaNivelNome = (typeof RUBRICA_NIVEIS)[number];

export interface RubricaNivel {
  nivel: RubricaNivelNome;
  descritor: string;
}

export interface AvaliacaoHabilidade {
  code: string;
  /** The skill's official text. */
  description: string;
  questoes: Questao[];
  /** The 4 levels in RUBRICA_NIVEIS order (empty while the skill is not written yet). */
  rubrica: RubricaNivel[];
}

/** Who wrote it: an AI, or the offline drafter from the BNCC text (the page says so). */
export type AvaliacaoGerador = 'openai' | 'offline';

export interface AvaliacaoGeneration {
  state: GenerationState;
  /** Skills written so far, of `total`. */
  done: number;
  total: number;
  error?: string | null;
  /** A failed assessment's credit went back. */
  creditRefunded?: boolean;
}

export interface Avaliacao {
  id: string;
  turmaId: string;
  /** = `periodo` under a trimestre calendar, else null. */
  trimestre: number | null;
  /** The period (1..4) of the kind of its year's calendar (`periodoTipo`), and that year. */
  periodo: number;
  ano: number;
  periodoTipo: PeriodoTipo;
  materia: Materia;
  questoesPorHabilidade: number;
  generation: AvaliacaoGeneration;
  gerador: AvaliacaoGerador | null;
  habilidades: AvaliacaoHabilidade[];
  /** How many students reached each level, per skill (counts only, never names), in the skills' order; [] before any. */
  resultados: AvaliacaoResultado[];
  createdAt: string;
  updatedAt: string;
}

/** An entry of GET /api/turmas/{id}/avaliacoes (newest first): the assessment without its questions nor results. */
export type AvaliacaoResumo = Omit<Avaliacao, 'habilidades' | 'resultados'> & { habilidades: { code: string; description: string }[] };

/**
 * Results by skill (decisions.md, "Results by skill, counts only, never names"): per skill, how many students reached
 * each of the rubric's 4 levels (the keys in RUBRICA_NIVEIS order).
 */
export const RESULTADO_NIVEIS = ['naoDesenvolveu', 'emDesenvolvimento', 'desenvolveu', 'desenvolveuPlenamente'] as const;
export type ResultadoNivelKey = (typeof RESULTADO_NIVEIS)[number];
export type ResultadoNiveis = Record<ResultadoNivelKey, number>;

/** Each key's level as the rubric names it ('desenvolveu plenamente'). */
export const RESULTADO_NIVEL_NOMES: Record<ResultadoNivelKey, RubricaNivelNome> = {
  naoDesenvolveu: 'não desenvolveu',
  emDesenvolvimento: 'em desenvolvimento',
  desenvolveu: 'desenvolveu',
  desenvolveuPlenamente: 'desenvolveu plenamente',
};

export interface AvaliacaoResultado {
  code: string;
  niveis: ResultadoNiveis;
}

/** A skill's results as coverage shows them: the counts, their total and the share at "desenvolveu" or above. */
export interface ResultadoResumo {
  niveis: ResultadoNiveis;
  total: number;
  /** 0..1; null when the total is 0. */
  desenvolveuOuMais: number | null;
}

/** The total and the share at "desenvolveu" or above of a skill's counts (null share when nobody was counted). */
export function resultadoResumo(niveis: ResultadoNiveis): ResultadoResumo {
  const total = RESULTADO_NIVEIS.reduce((sum, key) => sum + niveis[key], 0);
  return { niveis, total, desenvolveuOuMais: total === 0 ? null : (niveis.desenvolveu + niveis.desenvolveuPlenamente) / total };
}

export const AVALIACAO_LIMITS = {
  questoesPorHabilidadeMin: 1,
  questoesPorHabilidadeMax: 3,
  questoesPorHabilidadeDefault: 2,
  habilidadesMax: 30,
  descritorMax: 600,
  /** Students counted at one level of one skill. */
  resultadoNivelMax: 200,
} as const;

const codeSchema = z
  .string({ error: MSG.questaoHabilidadeInvalid })
  .trim()
  .toUpperCase()
  .refine((code) => BNCC_CODE_PATTERN.test(code), MSG.questaoHabilidadeInvalid);

/**
 * POST /api/turmas/{id}/avaliacoes. The period: `periodo` (1..the count of the year's kind) and `ano` (absent: this
 * year), or `trimestre` under a trimestre calendar (both: the same number); neither: the period holding today.
 * Without `habilidades`, the subject's skills covered in that period.
 */
export const createAvaliacaoSchema = z
  .object({
    trimestre: z.coerce.number({ error: MSG.avaliacaoTrimestreInvalid }).int(MSG.avaliacaoTrimestreInvalid).min(1, MSG.avaliacaoTrimestreInvalid).max(3, MSG.avaliacaoTrimestreInvalid).optional(),
    periodo: periodoSchema.optional(),
    ano: z.coerce.number({ error: MSG.anoLetivoInvalido }).int(MSG.anoLetivoInvalido).min(2000, MSG.anoLetivoInvalido).max(2100, MSG.anoLetivoInvalido).optional(),
    materia: z.enum(MATERIA_VALUES, { error: MSG.materiaInvalid }),
    habilidades: z
      .array(codeSchema, { error: MSG.avaliacaoHabilidadesVazias })
      .min(1, MSG.avaliacaoHabilidadesVazias)
      .max(AVALIACAO_LIMITS.habilidadesMax, MSG.avaliacaoHabilidadesMax)
      .optional(),
    questoesPorHabilidade: z
      .number({ error: MSG.avaliacaoQuestoesPorHabilidade })
      .int(MSG.avaliacaoQuestoesPorHabilidade)
      .min(AVALIACAO_LIMITS.questoesPorHabilidadeMin, MSG.avaliacaoQuestoesPorHabilidade)
      .max(AVALIACAO_LIMITS.questoesPorHabilidadeMax, MSG.avaliacaoQuestoesPorHabilidade)
      .optional(),
  })
  .superRefine((value, ctx) => {
    const seen = new Set<string>();
    value.habilidades?.forEach((code, index) => {
      if (seen.has(code)) ctx.addIssue({ code: 'custom', path: ['habilidades', index], message: MSG.avaliacaoHabilidadeRepetida(code) });
      seen.add(code);
    });
  });
export type CreateAvaliacaoData = z.infer<typeof createAvaliacaoSchema>;

/** One level of a rubric: its name and descritor (trimmed, capped); any other key is dropped. */
const rubricaNivelSchema = z.object({
  nivel: z.enum(RUBRICA_NIVEIS),
  descritor: z
    .string()
    .trim()
    .min(1)
    .max(AVALIACAO_LIMITS.descritorMax, MSG.textTooLong(AVALIACAO_LIMITS.descritorMax))
    .superRefine(lessonTextCaps('Descritor da rubrica')),
});

/**
 * One skill's questions and rubric, as the teacher edits them and as a generator's answer is checked; `code` names
 * the skill in every message.
 */
export const avaliacaoHabilidadeSchema = z
  .object({
    code: codeSchema,
    questoes: z.array(questaoSchema),
    rubrica: z.array(z.unknown()),
  })
  .superRefine((value, ctx) => {
    const { code } = value;
    if (value.questoes.length < AVALIACAO_LIMITS.questoesPorHabilidadeMin || value.questoes.length > AVALIACAO_LIMITS.questoesPorHabilidadeMax) {
      ctx.addIssue({ code: 'custom', path: ['questoes'], message: MSG.avaliacaoQuestoesCount(code) });
    }
    value.questoes.forEach((questao, index) => {
      if (questao.tipo === 'multipla' && !hasDistinctAlternatives(questao.alternativas)) {
        ctx.addIssue({ code: 'custom', path: ['questoes', index, 'alternativas'], message: MSG.avaliacaoQuestaoProblema(code, MSG.questaoAlternativasDistintas(index + 1)) });
      }
      if (questao.habilidade !== code) {
        ctx.addIssue({ code: 'custom', path: ['questoes', index, 'habilidade'], message: MSG.avaliacaoQuestaoProblema(code, `Questão ${index + 1}: a questão deve avaliar a habilidade ${code}.`) });
      }
    });
    const levels = value.rubrica.map((r) => rubricaNivelSchema.safeParse(r));
    // A descritor past the lines cap is named as such; any other problem of the levels, by the rubric's rule.
    const tooLong = levels.flatMap((l) => l.error?.issues ?? []).find((issue) => issue.code === 'custom');
    if (tooLong) ctx.addIssue({ code: 'custom', path: ['rubrica'], message: MSG.avaliacaoQuestaoProblema(code, tooLong.message) });
    else if (levels.length !== 4 || levels.some((l, i) => !l.success || l.data.nivel !== RUBRICA_NIVEIS[i])) {
      ctx.addIssue({ code: 'custom', path: ['rubrica'], message: MSG.avaliacaoRubricaNiveis(code) });
    }
  })
  // The rubric as its schema parsed it (text trimmed, unknown keys dropped), never as sent.
  .transform((value) => ({
    code: value.code,
    questoes: value.questoes as Questao[],
    rubrica: value.rubrica.map((r): RubricaNivel => rubricaNivelSchema.parse(r)),
  }));

/**
 * PUT /api/avaliacoes/{id}: the skills' questions and rubrics (every skill of the assessment, each once, in any
 * order); validated like the verificação (4 distinct alternatives, a valid `correta`, an open question's expected
 * answer), 400 naming the skill and the question.
 */
export const updateAvaliacaoSchema = z.object({
  habilidades: z.array(avaliacaoHabilidadeSchema, { error: MSG.avaliacaoHabilidadesVazias }).min(1, MSG.avaliacaoHabilidadesVazias).max(AVALIACAO_LIMITS.habilidadesMax),
});
export type UpdateAvaliacaoData = z.infer<typeof updateAvaliacaoSchema>;


const resultadoCount = z.number().int().min(0).max(AVALIACAO_LIMITS.resultadoNivelMax);

/** One skill's counts; each level checked apart, so the message names the skill and the level. */
const avaliacaoResultadoSchema = z
  .object({
    code: codeSchema,
    niveis: z.object(
      // Optional here so that a missing level is named by the check below, like a wrong one.
      { naoDesenvolveu: z.unknown().optional(), emDesenvolvimento: z.unknown().optional(), desenvolveu: z.unknown().optional(), desenvolveuPlenamente: z.unknown().optional() },
      { error: MSG.avaliacaoResultadoNiveisAusentes },
    ),
  })
  .superRefine((value, ctx) => {
    for (const key of RESULTADO_NIVEIS) {
      if (!resultadoCount.safeParse(value.niveis[key]).success) {
        ctx.addIssue({ code: 'custom', path: ['niveis', key], message: MSG.avaliacaoResultadoNivelInvalido(value.code, RESULTADO_NIVEL_NOMES[key]) });
      }
    }
  })
  .transform((value): AvaliacaoResultado => ({
    code: value.code,
    niveis: {
      naoDesenvolveu: value.niveis.naoDesenvolveu as number,
      emDesenvolvimento: value.niveis.emDesenvolvimento as number,
      desenvolveu: value.niveis.desenvolveu as number,
      desenvolveuPlenamente: value.niveis.desenvolveuPlenamente as number,
    },
  }));

/**
 * PUT /api/avaliacoes/{id}/resultados: how many students reached each level, for the skills it names (each once;
 * the others keep theirs). Counts only: no student's name is asked or stored.
 */
export const updateResultadosSchema = z
  .object({
    habilidades: z
      .array(avaliacaoResultadoSchema, { error: MSG.avaliacaoResultadosVazios })
      .min(1, MSG.avaliacaoResultadosVazios)
      .max(AVALIACAO_LIMITS.habilidadesMax, MSG.avaliacaoHabilidadesMax),
  })
  .superRefine((value, ctx) => {
    const seen = new Set<string>();
    value.habilidades.forEach((h, index) => {
      if (seen.has(h.code)) ctx.addIssue({ code: 'custom', path: ['habilidades', index, 'code'], message: MSG.avaliacaoHabilidadeRepetida(h.code) });
      seen.add(h.code);
    });
  });
export type UpdateResultadosData = z.infer<typeof updateResultadosSchema>;
