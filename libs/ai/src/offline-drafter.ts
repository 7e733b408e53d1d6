import { cutAtWord, LIMITS, type HabilidadeMatch } from '@planejador/contracts';
import {
  asClause,
  detailLevel,
  habilidadesText,
  knowledgeObjects,
  noSkillsText,
  sharesMeaningfulWord,
} from './curriculum-text';
import { MAX_SKILLS_PER_LESSON, pinnedSkills } from './lesson-answer';
import type { LessonContext, LessonDraft, LessonGenerator } from './types';

/** Extra skills must score at least this share of the best one to join it. */
const CLOSE_SCORE_RATIO = 0.8;

/**
 * The pinned skills when the teacher chose them; else the best-ranked candidate(s): one with limitOneSkill, else up
 * to 3 scoring close to the best.
 */
export function pickOfflineSkills(ctx: LessonContext): HabilidadeMatch[] {
  const pinned = pinnedSkills(ctx);
  if (pinned.length > 0) return pinned;
  const [best, ...rest] = ctx.candidates;
  if (!best) return [];
  if (ctx.plano.limitOneSkill || best.score <= 0) return [best];
  const close = rest.filter((c) => c.score > 0 && c.score >= best.score * CLOSE_SCORE_RATIO);
  return [best, ...close].slice(0, MAX_SKILLS_PER_LESSON);
}

const bullet = (lines: string[]) => lines.map((l) => `- ${l}`).join('\n');

/** The teacher's description inside a sentence, without its final period. */
function quoted(text: string): string {
  return text.trim().replace(/[.;:\s]+$/u, '');
}

function sentence(text: string): string {
  const t = text.trim();
  return /[.!?…]$/u.test(t) ? t : `${t}.`;
}

function objetivos(ctx: LessonContext, skills: HabilidadeMatch[], level: number): string {
  const items = skills.map((s) => asClause(s.description));
  if (items.length === 0 || level >= 3) {
    items.push(`realizar as atividades propostas para a aula ("${quoted(ctx.aula.prompt)}") aplicando o que aprenderam`);
  }
  if (level >= 5) items.push('explicar com suas palavras o que aprenderam e como chegaram às suas conclusões');
  return `Ao final da aula, os estudantes deverão ser capazes de:\n${bullet(items)}`;
}

function objetos(ctx: LessonContext, skills: HabilidadeMatch[]): string {
  const official = knowledgeObjects(skills);
  if (official.length > 0) return official.join('\n');
  return `${noSkillsText(ctx)}\nTema da aula: ${ctx.plano.temaPrincipal.trim()}.`;
}

/** Minutes of each step at level 5 (a 50-minute lesson). */
const STEP_MINUTES = { acolhida: 10, desenvolvimento: 20, pratica: 10, sistematizacao: 5, encerramento: 5 };

function experiencias(ctx: LessonContext, skills: HabilidadeMatch[], level: number): string {
  const timed = (text: string, minutes: number) => (level >= 5 ? `${text} (cerca de ${minutes} min)` : text);
  const objects = knowledgeObjects(skills);
  const subject = objects.length > 0 ? asClause(objects[0]) : 'ele';
  const codes = skills.map((s) => s.code).join(', ');
  const notes = ctx.turma.observacoesAdicionais?.trim();
  const steps: string[] = [];

  let acolhida = `Acolhida e problematização: apresentar o tema "${ctx.plano.temaPrincipal.trim()}" e perguntar à turma o que já sabe sobre ${subject}.`;
  if (level >= 4) acolhida += ' Registrar no quadro as ideias e dúvidas levantadas.';
  steps.push(timed(acolhida, STEP_MINUTES.acolhida));

  let desenvolvimento = `Desenvolvimento: ${sentence(ctx.aula.prompt)}`;
  const wish = ctx.regeneration?.instrucao?.trim();
  if (wish) desenvolvimento += ` Orientação do professor para esta aula: ${sentence(wish)}`;
  if (level >= 3) desenvolvimento += ' O professor acompanha os grupos, faz perguntas e retoma as dúvidas.';
  steps.push(timed(desenvolvimento, STEP_MINUTES.desenvolvimento));

  if (level >= 4 && skills.length > 0) {
    const practice = skills.map((s) => asClause(s.description)).join('; ');
    steps.push(timed(`Prática orientada: em duplas ou pequenos grupos, os estudantes realizam atividades para ${practice}.`, STEP_MINUTES.pratica));
  }
  if (level >= 2) {
    const link = skills.length === 0 ? '' : `, relacionando-as ${skills.length === 1 ? 'à habilidade' : 'às habilidades'} ${codes}`;
    steps.push(timed(`Sistematização: registrar coletivamente as conclusões da aula${link}.`, STEP_MINUTES.sistematizacao));
  }
  let encerramento = 'Encerramento: retomar os objetivos da aula e ouvir o que os estudantes aprenderam.';
  if (level >= 4) encerramento += ' Propor uma breve autoavaliação oral ou escrita.';
  steps.push(timed(encerramento, STEP_MINUTES.encerramento));
  if (level >= 3 && notes) steps.push(`Adequações para a turma: considerar as observações da turma (${notes}).`);

  return steps.map((step, i) => `${i + 1}. ${step}`).join('\n');
}

function evidencias(ctx: LessonContext, skills: HabilidadeMatch[], level: number): string {
  const items =
    skills.length > 0
      ? skills.map((s) => `Os estudantes demonstram, na atividade da aula, que conseguem ${asClause(s.description)} (${s.code}).`)
      : [`Os estudantes realizam as atividades propostas para a aula ("${quoted(ctx.aula.prompt)}").`];
  if (level >= 2) items.push('Registros produzidos pelos estudantes (escritos, orais ou desenhos) mostram o que compreenderam.');
  if (level >= 4) items.push('Os estudantes explicam com suas palavras as conclusões da aula na sistematização.');
  if (level >= 5) {
    items.push('Critério de acompanhamento: anotar quem realizou a atividade com autonomia, com ajuda ou ainda não realizou.');
  }
  return bullet(items);
}

/**
 * Whether the teacher should confirm the skill the drafter took: nothing pinned, and the search found no match or
 * the description shares no meaningful word with the first skill (the drafter would otherwise guess silently).
 */
export function needsSkillConfirmation(ctx: LessonContext, skills: readonly HabilidadeMatch[]): boolean {
  if (pinnedSkills(ctx).length > 0 || skills.length === 0) return false;
  const [best] = skills;
  return best.score <= 0 || !sharesMeaningfulWord(ctx.aula.prompt, best);
}

/**
 * Writes a lesson from the curriculum data alone (no AI key): the top-ranked (or pinned) skills, their official
 * texts and knowledge objects, and a lesson sequence built from the teacher's description. Deterministic, no
 * invention; when unsure of the skill it says so ('habilidade-a-confirmar') instead of guessing silently.
 */
export class OfflineLessonDrafter implements LessonGenerator {
  readonly kind = 'offline' as const;

  async generate(ctx: LessonContext): Promise<LessonDraft> {
    const skills = pickOfflineSkills(ctx);
    const level = detailLevel(ctx);
    return {
      titulo: cutAtWord(ctx.aula.prompt, LIMITS.tituloMax),
      verificacao: null,
      avisos: needsSkillConfirmation(ctx, skills) ? ['habilidade-a-confirmar'] : [],
      habilidadeCodes: skills.map((s) => s.code),
      habilidades: skills.length > 0 ? habilidadesText(skills) : noSkillsText(ctx),
      objetivos: objetivos(ctx, skills, level),
      objetosConhecimento: objetos(ctx, skills),
      experiencias: experiencias(ctx, skills, level),
      evidencias: evidencias(ctx, skills, level),
    };
  }
}
