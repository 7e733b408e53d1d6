import { redactPersonalData, type Questao, type Verificacao } from '@planejador/contracts';
import type { LessonContext } from './types';

/** A lesson's own text (its description, fields, questions, strategies): names there are its topic unless said otherwise. */
const redact = (text: string) => redactPersonalData(text, { kind: 'lesson' }).text;
const redactNullable = (text: string | null | undefined) => (text ? redact(text) : text);
/** Class notes and a regeneration's wish: every listed name is someone of the class. */
const redactNotes = (text: string | null | undefined) => (text ? redactPersonalData(text).text : text);

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
 * texts she may have edited) with personal data replaced by placeholders. Notes and wishes are redacted as notes, the
 * lesson's own texts as a lesson's (public figures and characters stay). The curriculum's own texts are left as they
 * are; the stored texts stay the teacher's.
 */
export function redactLessonContext(ctx: LessonContext): LessonContext {
  const regeneration = ctx.regeneration;
  return {
    ...ctx,
    turma: { ...ctx.turma, observacoesAdicionais: redactNotes(ctx.turma.observacoesAdicionais) ?? null },
    aula: { ...ctx.aula, prompt: redact(ctx.aula.prompt) },
    sequencia: ctx.sequencia?.map((lesson) => ({ ...lesson, prompt: redact(lesson.prompt) })),
    regeneration: regeneration && {
      ...regeneration,
      instrucao: redactNotes(regeneration.instrucao),
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
