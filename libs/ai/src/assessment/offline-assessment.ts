import { cutAtWord, RUBRICA_NIVEIS, type Questao, type RubricaNivel } from '@planejador/contracts';
import { drawBankQuestions } from '../bank-questions';
import type { SkillAssessment, SkillAssessmentContext, SkillAssessmentWriter } from './types';

/** Longest stretch of the skill's text quoted in a question or a descriptor. */
const SKILL_TEXT_MAX = 380;

/** The skill's text without its code, its first letter in lower case and no final period: "identificar e representar frações...". */
export function skillAction(description: string): string {
  const text = cutAtWord(description.replace(/^\s*\([A-Z0-9-]+\)\s*/u, ''), SKILL_TEXT_MAX).replace(/[.;:\s]+$/u, '');
  return text.charAt(0).toLocaleLowerCase('pt-BR') + text.slice(1);
}

/**
 * Without an AI: the skill's questions from Planejador's question bank (decisions.md, "Questions that check"), as many
 * as asked where the bank has them, rotated by the assessment's `variante`; the rubric's descriptors drawn from the
 * skill's official text. For a skill the bank does not hold yet, open questions drawn from the skill's text and its
 * objects of knowledge, nothing more (no invented alternatives, no invented facts). The teacher adapts them; the page
 * says the assessment was put together without an AI.
 */
export class OfflineAssessmentDrafter implements SkillAssessmentWriter {
  readonly kind = 'offline' as const;

  async write(ctx: SkillAssessmentContext): Promise<SkillAssessment> {
    const { code, description } = ctx.skill;
    const action = skillAction(description);
    const objetos = ctx.skill.knowledgeObjects.map((o) => o.trim()).filter(Boolean);
    const objeto = objetos[0] ?? ctx.skill.unit;
    const referencia = objetos.length ? ` Objetos de conhecimento da BNCC: ${objetos.join('; ')}.` : '';
    const esperado = `Resposta pessoal. Espera-se que o estudante mostre que consegue ${action}.${referencia}`;
    const candidates: Omit<Questao & { tipo: 'aberta' }, 'habilidade'>[] = [
      {
        tipo: 'aberta',
        enunciado: `Mostre, com um exemplo feito por você, que você consegue ${action}. Explique cada passo.`,
        respostaEsperada: esperado,
      },
      {
        tipo: 'aberta',
        enunciado: `Explique com suas palavras o que você aprendeu sobre "${objeto}" e dê um exemplo.`,
        respostaEsperada: `Resposta pessoal sobre ${objeto}. Espera-se relação com a habilidade ${code}: ${action}.`,
      },
      {
        tipo: 'aberta',
        enunciado: `Descreva uma situação do dia a dia em que seja preciso ${action}. Depois, resolva a situação que você descreveu.`,
        respostaEsperada: esperado,
      },
    ];
    const wanted = Math.max(1, Math.min(3, ctx.questoes));
    const bank = drawBankQuestions([{ code, questoes: ctx.skill.questoes ?? [] }], { count: wanted, turn: ctx.variante ?? 0 });
    // The generic questions only where the bank has none; a bank short of the count (never the shipped one, which
    // holds 3 per skill) is completed by the case to solve first.
    const generic = bank.length > 0 ? [...candidates].reverse() : candidates;
    const questoes: Questao[] = [...bank, ...generic.slice(0, wanted - bank.length).map((q) => ({ ...q, habilidade: code }))];
    const descritores = [
      `Ainda não consegue ${action}, mesmo com apoio.`,
      `Consegue ${action} em parte ou com apoio do professor.`,
      `Consegue ${action} com autonomia.`,
      `Consegue ${action} com autonomia, explica como pensou e aplica em situações novas.`,
    ];
    const rubrica: RubricaNivel[] = RUBRICA_NIVEIS.map((nivel, i) => ({ nivel, descritor: descritores[i] }));
    return { questoes, rubrica };
  }
}
