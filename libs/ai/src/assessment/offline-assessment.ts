import { cutAtWord, RUBRICA_NIVEIS, type Questao, type RubricaNivel } from '@planejador/contracts';
import type { SkillAssessment, SkillAssessmentContext, SkillAssessmentWriter } from './types';

/** Longest stretch of the skill's text quoted in a question or a descriptor. */
const SKILL_TEXT_MAX = 380;

/** The skill's text without its code, its first letter in lower case and no final period: "identificar e representar frações...". */
export function skillAction(description: string): string {
  const text = cutAtWord(description.replace(/^\s*\([A-Z0-9-]+\)\s*/u, ''), SKILL_TEXT_MAX).replace(/[.;:\s]+$/u, '');
  return text.charAt(0).toLocaleLowerCase('pt-BR') + text.slice(1);
}

/**
 * Without an AI: open questions and rubric descriptors drawn from the skill's official text and its objects of
 * knowledge, nothing more (no invented alternatives, no invented facts). The teacher adapts them; the page and the
 * export say the assessment was put together from the BNCC text without an AI.
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
    const questoes: Questao[] = candidates.slice(0, Math.max(1, Math.min(3, ctx.questoes))).map((q) => ({ ...q, habilidade: code }));
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
