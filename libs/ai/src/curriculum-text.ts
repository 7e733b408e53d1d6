import { anoPhrase, etapaOf, type HabilidadeMatch } from '@planejador/contracts';
import type { LessonContext } from './types';

/** BNCC component of each app subject (music is a unit of Arte; Educação Infantil has campos de experiências). */
const BNCC_COMPONENTS: Record<string, string> = {
  matematica: 'Matemática',
  portugues: 'Língua Portuguesa',
  ciencias: 'Ciências',
  historia: 'História',
  geografia: 'Geografia',
  artes: 'Arte',
  'educacao-fisica': 'Educação Física',
  ingles: 'Língua Inglesa',
  musica: 'Arte (unidade temática Música)',
  'ensino-religioso': 'Ensino Religioso',
  computacao: 'Computação (complemento da BNCC, Parecer CNE/CEB nº 2/2022)',
  'eu-outro-nos': 'campo de experiências "O eu, o outro e o nós"',
  'corpo-gestos-movimentos': 'campo de experiências "Corpo, gestos e movimentos"',
  'tracos-sons-cores-formas': 'campo de experiências "Traços, sons, cores e formas"',
  'escuta-fala-pensamento-imaginacao': 'campo de experiências "Escuta, fala, pensamento e imaginação"',
  'espacos-tempos-quantidades': 'campo de experiências "Espaços, tempos, quantidades, relações e transformações"',
  linguagens: 'Linguagens e suas Tecnologias (área)',
  'ciencias-natureza': 'Ciências da Natureza e suas Tecnologias (área)',
  'ciencias-humanas': 'Ciências Humanas e Sociais Aplicadas (área)',
};

export function bnccComponentName(materia: string): string {
  return BNCC_COMPONENTS[materia] ?? materia;
}

/** What the Habilidades field says when the curriculum has no skill for the lesson's year and subject. */
export function noSkillsText(ctx: LessonContext): string {
  const reason = ctx.noCandidatesReason?.trim();
  if (reason) return reason;
  return `A BNCC não define habilidades de ${bnccComponentName(ctx.aula.materia)} ${anoPhrase(ctx.turma.ano, etapaOf(ctx.turma.etapa), 'para')}.`;
}

/** The candidates, in the given order, whose codes were chosen. */
export function chosenSkills(codes: readonly string[], candidates: readonly HabilidadeMatch[]): HabilidadeMatch[] {
  return codes
    .map((code) => candidates.find((c) => c.code === code))
    .filter((c): c is HabilidadeMatch => c !== undefined);
}

/** One line per skill with its official text: "(EF05MA03) Identificar e representar frações...". */
export function habilidadesText(skills: readonly HabilidadeMatch[]): string {
  return skills.map((s) => `(${s.code}) ${s.description.trim()}`).join('\n');
}

/** The official knowledge objects of the skills, without repeats, in the skills' order. */
export function knowledgeObjects(skills: readonly HabilidadeMatch[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const skill of skills) {
    for (const object of skill.knowledgeObjects) {
      const text = object.trim();
      const key = text.toLocaleLowerCase('pt-BR');
      if (text && !seen.has(key)) {
        seen.add(key);
        out.push(text);
      }
    }
  }
  return out;
}

/** "Identificar frações." -> "identificar frações" (to continue a sentence). */
export function asClause(text: string): string {
  const trimmed = text.trim().replace(/[.;:\s]+$/u, '');
  if (!trimmed) return trimmed;
  // Keep acronyms and codes (e.g. "BNCC", "LIBRAS") as they are.
  if (/^\p{Lu}{2,}/u.test(trimmed)) return trimmed;
  return trimmed.charAt(0).toLocaleLowerCase('pt-BR') + trimmed.slice(1);
}

/** Clamps the detail level to 1..5 (plans store an integer; be lenient with odd values). */
export function detailLevel(ctx: LessonContext): number {
  const n = Math.round(ctx.plano.nivelDetalhamento);
  if (!Number.isFinite(n)) return 3;
  return Math.min(5, Math.max(1, n));
}

/** Words that say nothing of a lesson's content. */
const STOPWORDS = new Set(
  (
    'aula aulas alunos aluno alunas estudantes turma professor professora atividade atividades trabalhar trabalho ' +
    'fazer feito usar usando sobre para pelos pelas pela pelo como com sem entre depois antes durante cada todos todas ' +
    'esta este isso essa esse uma umas uns dos das nas nos que qual quais quando onde mais menos muito muita bem ' +
    'parte partes forma formas tipo tipos vamos vai serao sera sendo estar estao tambem ainda apenas ' +
    'desenvolver identificar reconhecer compreender utilizar analisar explorar realizar'
  ).split(' '),
);

/** Content-word stems of a text: accents and case folded, short and empty words dropped, a 4-letter prefix kept. */
export function contentStems(text: string): Set<string> {
  const words = text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/u)
    .filter((w) => w.length >= 4 && !STOPWORDS.has(w) && !/^\d+$/.test(w));
  return new Set(words.map((w) => w.slice(0, 4)));
}

/** Whether a lesson description shares a meaningful word with a skill (its text, knowledge objects or unit). */
export function sharesMeaningfulWord(description: string, skill: HabilidadeMatch): boolean {
  const lesson = contentStems(description);
  if (lesson.size === 0) return false;
  const skillStems = contentStems([skill.description, ...skill.knowledgeObjects, skill.unit].join(' '));
  for (const stem of lesson) if (skillStems.has(stem)) return true;
  return false;
}
