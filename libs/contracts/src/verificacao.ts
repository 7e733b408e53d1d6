import { z } from 'zod';
import { LIMITS } from './domain';
import { BNCC_CODE_PATTERN } from './etapas';
import { lessonTextCaps } from './lesson-text';
import { MSG } from './messages';

/**
 * A lesson's check of learning (decisions.md, "Lessons that teach"): 3 to 5 questions for the end of the lesson,
 * each tied to one of the lesson's cited skills. A multiple-choice question has 4 distinct alternatives and one
 * right answer (`correta`, 0..3); an open one has the answer the teacher expects.
 */
export const QUESTAO_TIPOS = ['multipla', 'aberta'] as const;
export type QuestaoTipo = (typeof QUESTAO_TIPOS)[number];

/** 'A'..'D' for the alternatives' positions (the export and the page label them so). */
export const ALTERNATIVA_LETRAS = ['A', 'B', 'C', 'D'] as const;

export interface QuestaoMultipla {
  tipo: 'multipla';
  enunciado: string;
  alternativas: [string, string, string, string];
  correta: 0 | 1 | 2 | 3;
  habilidade: string;
}

export interface QuestaoAberta {
  tipo: 'aberta';
  enunciado: string;
  respostaEsperada: string;
  habilidade: string;
}

export type Questao = QuestaoMultipla | QuestaoAberta;

/**
 * A question of Planejador's question bank (decisions.md, "Questions that check"), as the bank writes it: a question
 * without its skill (the skill is the code it is filed under; the lesson or assessment that uses it names the code).
 */
export type QuestaoBanco = Omit<QuestaoMultipla, 'habilidade'> | Omit<QuestaoAberta, 'habilidade'>;

export interface Verificacao {
  questoes: Questao[];
}

/** The text of an alternative, compared for distinctness: case, accents and spacing folded. */
export function foldAlternative(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLocaleLowerCase('pt-BR')
    .replace(/\s+/gu, ' ')
    .trim();
}

/** 4 alternatives, none empty, no two the same once case, accents and spacing are folded. */
export function hasDistinctAlternatives(alternativas: readonly string[]): boolean {
  const folded = alternativas.map(foldAlternative);
  return alternativas.length === 4 && folded.every((t) => t.length > 0) && new Set(folded).size === 4;
}

/** A question's text: required, its own character cap, and a lesson field's line cap (400 naming it). */
const requiredText = (max: number, required: string, campo: string) =>
  z.string({ error: required }).trim().min(1, required).max(max, MSG.textTooLong(max)).superRefine(lessonTextCaps(campo));

/** One of the lesson's cited codes (checked by the server); '' only for a lesson that cites none (Inglês 1-5). */
const habilidadeSchema = z
  .string({ error: MSG.questaoHabilidadeInvalid })
  .trim()
  .toUpperCase()
  .refine((code) => code === '' || BNCC_CODE_PATTERN.test(code), MSG.questaoHabilidadeInvalid);

const questaoMultiplaSchema = z.object({
  tipo: z.literal('multipla'),
  enunciado: requiredText(LIMITS.enunciadoMax, MSG.questaoEnunciadoRequired, 'Enunciado da questão'),
  alternativas: z.array(
    z.string({ error: MSG.questaoAlternativas }).trim().max(LIMITS.alternativaMax, MSG.textTooLong(LIMITS.alternativaMax)).superRefine(lessonTextCaps('Alternativa')),
    {
    error: MSG.questaoAlternativas,
  }),
  correta: z.number({ error: MSG.questaoCorreta }).int(MSG.questaoCorreta).min(0, MSG.questaoCorreta).max(3, MSG.questaoCorreta),
  habilidade: habilidadeSchema,
});

const questaoAbertaSchema = z.object({
  tipo: z.literal('aberta'),
  enunciado: requiredText(LIMITS.enunciadoMax, MSG.questaoEnunciadoRequired, 'Enunciado da questão'),
  respostaEsperada: requiredText(LIMITS.respostaEsperadaMax, MSG.questaoRespostaRequired, 'Resposta esperada'),
  habilidade: habilidadeSchema,
});

/** One question as a client sends it (a lesson's verificação, an assessment's skill). */
export const questaoSchema = z.discriminatedUnion('tipo', [questaoMultiplaSchema, questaoAbertaSchema], {
  error: MSG.questaoTipoInvalid,
});

/**
 * The verificação as a client sends it (PUT aulas[].verificacao) and as a generator's answer is checked: 3 to 5
 * questions; a multiple-choice question with anything but 4 distinct, non-empty alternatives gets a message naming
 * the question ("Questão 2: ...").
 */
export const verificacaoSchema = z
  .object({
    questoes: z
      .array(questaoSchema, { error: MSG.verificacaoQuestoesCount })
      .min(LIMITS.verificacaoMin, MSG.verificacaoQuestoesCount)
      .max(LIMITS.verificacaoMax, MSG.verificacaoQuestoesCount),
  })
  .superRefine((value, ctx) => {
    value.questoes.forEach((questao, index) => {
      if (questao.tipo !== 'multipla') return;
      if (!hasDistinctAlternatives(questao.alternativas)) {
        ctx.addIssue({ code: 'custom', path: ['questoes', index, 'alternativas'], message: MSG.questaoAlternativasDistintas(index + 1) });
      }
    });
  })
  .transform((value) => value as Verificacao);

/**
 * The questions (numbered from 1) whose skill is not one of the lesson's codes; a lesson that cites no code takes
 * questions with an empty `habilidade` only.
 */
export function questionsOutsideSkills(verificacao: Verificacao, codes: readonly string[]): number[] {
  const own = new Set(codes.length > 0 ? codes : ['']);
  return verificacao.questoes.flatMap((q, index) => (own.has(q.habilidade) ? [] : [index + 1]));
}
