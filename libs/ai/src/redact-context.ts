import { redactPersonalData, type Questao, type Verificacao } from '@planejador/contracts';
import type { LessonContext } from './types';

const redact = (text: string) => redactPersonalData(text).text;
const redactNullable = (text: string | null | undefined) => (text ? redact(text) : text);

function redactQuestao(q: Questao): Questao {
  return q.tipo === 'multipla'
    ? { ...q, enunciado: redact(q.enunciado), alternativas: q.alternativas.map(redact) as [string, string, string, string] }
    : { ...q, enunciado: redact(q.enunciado), respostaEsperada: redact(q.respostaEsperada) };
}

function redactVerificacao(v: Verificacao | null | undefined): Verificacao | null | undefined {
  return v ? { questoes: v.questoes.map(redactQuestao) } : v;
}

/**
 * The lesson's context as it may leave for an AI (decisions.md, "Inclusion (DUA) without personal data"): every text
 * a teacher wrote (class notes, the lesson descriptions of the whole sequence, a regeneration's wish and the current
 * texts she may have edited) with personal data replaced by placeholders. The curriculum's own texts are left as they
 * are; the stored texts stay the teacher's.
 */
export function redactLessonContext(ctx: LessonContext): LessonContext {
  const regeneration = ctx.regeneration;
  return {
    ...ctx,
    turma: { ...ctx.turma, observacoesAdicionais: redactNullable(ctx.turma.observacoesAdicionais) ?? null },
    aula: { ...ctx.aula, prompt: redact(ctx.aula.prompt) },
    sequencia: ctx.sequencia?.map((lesson) => ({ ...lesson, prompt: redact(lesson.prompt) })),
    regeneration: regeneration && {
      ...regeneration,
      instrucao: redactNullable(regeneration.instrucao),
      current: regeneration.current && Object.fromEntries(Object.entries(regeneration.current).map(([field, value]) => [field, redactNullable(value)])),
      currentVerificacao: redactVerificacao(regeneration.currentVerificacao),
      currentDua: regeneration.currentDua && {
        representacao: regeneration.currentDua.representacao.map(redact),
        acaoExpressao: regeneration.currentDua.acaoExpressao.map(redact),
        engajamento: regeneration.currentDua.engajamento.map(redact),
      },
    },
  };
}
