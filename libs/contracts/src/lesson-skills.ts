import type { LessonWarning } from './domain';
import { BNCC_CODE_SOURCE } from './etapas';
import type { Verificacao } from './verificacao';

/**
 * A BNCC code of any stage inside a text ("(EF05MA03) Identificar...", "ver ef05ma03", EM13MAT101): not part of a longer
 * word or number; an RS matrix code that extends one (EF05MA03RS-1) cites its BNCC code.
 */
const CODE_IN_TEXT = new RegExp(`(?<![A-Za-z0-9])${BNCC_CODE_SOURCE}(?!\\d)`, 'giu');

/** The BNCC codes a text cites, upper-cased, in order of first appearance, without repeats. */
export function codesInText(text: string | null | undefined): string[] {
  if (!text) return [];
  return [...new Set(Array.from(text.matchAll(CODE_IN_TEXT), (m) => m[0].toUpperCase()))];
}

/** What a lesson's outdated-skill check reads: its codes and every field that may cite one. */
export interface LessonCitations {
  habilidadeCodes: readonly string[];
  objetivos: string | null;
  objetosConhecimento: string | null;
  experiencias: string | null;
  evidencias: string | null;
  verificacao: Verificacao | null;
}

export const OUTDATED_SKILL_WARNING: LessonWarning = 'campos-com-habilidade-antiga';

/**
 * The codes that a field other than Habilidades cites (the four texts, and each question's skill and texts) and the
 * lesson does not have, in order of first appearance.
 */
export function outdatedSkillCodes(lesson: LessonCitations): string[] {
  const own = new Set(lesson.habilidadeCodes);
  const texts = [lesson.objetivos, lesson.objetosConhecimento, lesson.experiencias, lesson.evidencias];
  for (const q of lesson.verificacao?.questoes ?? []) {
    texts.push(q.habilidade, q.enunciado, ...(q.tipo === 'multipla' ? q.alternativas : [q.respostaEsperada]));
  }
  return codesInText(texts.filter(Boolean).join('\n')).filter((code) => !own.has(code));
}

/**
 * A lesson's warnings after a change of its content (decisions.md, "Lessons that teach"): when its skills changed
 * (`skillsChanged`) or it already had the warning, 'campos-com-habilidade-antiga' is there exactly while another
 * field still cites a code the lesson no longer has; otherwise `avisos` stay as they are. The one rule for a saved
 * edit (api) and a stored regeneration (worker).
 */
export function withOutdatedSkillWarning(
  avisos: readonly LessonWarning[],
  lesson: LessonCitations,
  previous: { habilidadeCodes: readonly string[]; avisos: readonly LessonWarning[] },
): LessonWarning[] {
  const skillsChanged =
    previous.habilidadeCodes.length !== lesson.habilidadeCodes.length ||
    previous.habilidadeCodes.some((code, i) => code !== lesson.habilidadeCodes[i]);
  if (!skillsChanged && !previous.avisos.includes(OUTDATED_SKILL_WARNING)) return [...avisos];
  const rest = avisos.filter((w) => w !== OUTDATED_SKILL_WARNING);
  return outdatedSkillCodes(lesson).length > 0 ? [...rest, OUTDATED_SKILL_WARNING] : rest;
}
