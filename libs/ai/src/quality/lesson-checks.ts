import {
  etapaOf,
  foldAlternative,
  LIMITS,
  questionsOutsideSkills,
  verificacaoCount,
  verificacaoKindOf,
  verificacaoSchema,
  type Etapa,
  type HabilidadeMatch,
  type LessonContent,
  type QuestaoBanco,
  type Verificacao,
} from '@planejador/contracts';
import { contentStems } from '../curriculum-text';
import { LEVEL_BOUNDS } from '../lesson-prompt';

/**
 * Structural checks of a generated plan that a program can decide (issue 23's quality harness, bench/lesson-quality):
 * general rules about any plan, never keyed to a scenario. Each check passes, fails (with why) or does not apply.
 */
export interface QualityLesson {
  numeroAula: number;
  /** The lesson's own subject (a plan may mix them); absent: not recorded. */
  materia?: string;
  /** The teacher's description of this lesson. */
  prompt: string;
  /** Codes a teacher would accept for the lesson (the scenario's `esperadas`); empty: not judged. */
  esperadas?: string[];
  /** What was written. */
  draft: LessonContent;
  /** The curriculum records of the cited codes (their official objects and text). */
  cited: HabilidadeMatch[];
  /**
   * A check drawn from the question bank (the offline drafter): the cited skills' bank items (infantil's points only).
   * Such a check holds the level's count where the bank has that many, else all of them, never fewer than 3
   * (decisions.md, "Questions that check"), and their words are the skills' own, as their official text is (no leak
   * from another lesson). Absent or empty: the check holds exactly the level's count.
   */
  banco?: readonly QuestaoBanco[];
}

export interface QualityPlan {
  id: string;
  /** The class's stage; absent: fundamental. */
  etapa?: Etapa;
  /** The class's year (in infantil the grupo: '1' bebês, '2' crianças bem pequenas, '3' crianças pequenas); absent: not judged. */
  ano?: string;
  nivelDetalhamento: number;
  aulas: QualityLesson[];
}

export const CHECKS = [
  'titulo',
  'temaProprio',
  'semVazamento',
  'objetos',
  'verificacao',
  'observacao',
  'linguagemInfantil',
  'posicoesVariadas',
  'frasesRepetidas',
  'portugues',
  'extensao',
  'habilidadeAceita',
] as const;
export type CheckName = (typeof CHECKS)[number];

/** The checks that are about the text's structure (habilidadeAceita is about the skill search). */
export const STRUCTURAL_CHECKS: readonly CheckName[] = CHECKS.filter((c) => c !== 'habilidadeAceita');

export interface CheckResult {
  plan: string;
  /** null for a check of the whole plan. */
  aula: number | null;
  check: CheckName;
  pass: boolean;
  detail?: string;
}

/** Words of a text folded to lower case without accents. */
function words(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/u)
    .filter(Boolean);
}

/** Short function words, for "a phrase with content" (at least two longer words that are not these). */
const FUNCTION_WORDS = new Set(
  'para pela pelo pelas pelos como com sem entre sobre que qual quais quando onde mais menos muito cada esta este essa esse isso uma umas uns dos das nas nos aos'.split(
    ' ',
  ),
);
const isContent = (w: string) => w.length >= 4 && !FUNCTION_WORDS.has(w);

function grams(list: string[], n: number): string[] {
  const out: string[] = [];
  for (let i = 0; i + n <= list.length; i++) out.push(list.slice(i, i + n).join(' '));
  return out;
}

function verificacaoText(v: Verificacao | null): string {
  if (!v) return '';
  return v.questoes
    .map((q) => [q.enunciado, ...(q.tipo === 'multipla' ? q.alternativas : [q.respostaEsperada])].join('\n'))
    .join('\n');
}

/** Everything the lesson says (its fields and its questions). */
function lessonText(d: LessonContent): string {
  return [d.titulo, d.habilidades, d.objetivos, d.objetosConhecimento, d.experiencias, d.evidencias, verificacaoText(d.verificacao)].join('\n');
}

/** What the lesson writes itself (not the official skill text or objects the server copies). */
function ownText(d: LessonContent): string {
  return [d.titulo, d.objetivos, d.experiencias, d.evidencias, verificacaoText(d.verificacao)].join('\n');
}

/** A lesson names its own topic: at least half of its description's content words (stems) appear in its text. */
function temaProprio(lesson: QualityLesson): string | null {
  const own = contentStems(lesson.prompt);
  if (own.size === 0) return null;
  const text = contentStems(ownText(lesson.draft));
  const missing = [...own].filter((s) => !text.has(s));
  return missing.length <= own.size / 2 ? null : `faltam ${missing.length} de ${own.size} palavras da descrição (${missing.join(', ')})`;
}

/** 4-word phrases (with at least two content words) of another lesson's description that this lesson repeats. */
export function leakedPhrases(lesson: QualityLesson, other: QualityLesson): string[] {
  const bank = (lesson.banco ?? []).map((q) => [q.enunciado, ...(q.tipo === 'multipla' ? q.alternativas : [q.respostaEsperada])].join('\n'));
  const shared = new Set(grams(words([lesson.prompt, ...lesson.cited.flatMap((s) => [s.description, ...s.knowledgeObjects, s.unit]), ...bank].join('\n')), 4));
  const text = new Set(grams(words(lessonText(lesson.draft)), 4));
  return grams(words(other.prompt), 4).filter(
    (g) => !shared.has(g) && g.split(' ').filter(isContent).length >= 2 && text.has(g),
  );
}

function semVazamento(lesson: QualityLesson, plan: QualityPlan): string | null {
  const leaks = plan.aulas
    .filter((o) => o.numeroAula !== lesson.numeroAula)
    .map((o) => ({ aula: o.numeroAula, phrases: leakedPhrases(lesson, o) }))
    .filter((l) => l.phrases.length > 0);
  return leaks.length === 0 ? null : leaks.map((l) => `da aula ${l.aula}: "${l.phrases[0]}"`).join('; ');
}

function lines(text: string): string[] {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
}

function objetos(lesson: QualityLesson): string | null {
  if (lesson.cited.length === 0) return null;
  const allowed = new Set(lesson.cited.flatMap((s) => s.knowledgeObjects.map((o) => o.trim())));
  const listed = lines(lesson.draft.objetosConhecimento);
  if (listed.length > LIMITS.objetosConhecimentoMax) return `${listed.length} objetos (máximo ${LIMITS.objetosConhecimentoMax})`;
  if (allowed.size === 0) {
    // Infantil's objectives and Ensino Médio's skills list no objects: the field may stay empty or name the cited
    // skills' campo or competência (their unit) and the lesson's own theme, nothing else.
    // A line may name several units ('; ') and a unit its subject ("Matemática: competência específica 4").
    const units = new Set(lesson.cited.map((s) => s.unit.trim().toLowerCase()));
    const isUnit = (item: string) => units.has(item.trim().toLowerCase()) || units.has(item.replace(/^[^:]+:\s*/u, '').trim().toLowerCase());
    const titulo = lesson.draft.titulo.trim();
    const outside = listed.filter((o) => !o.split('; ').every(isUnit) && !(titulo && o.includes(titulo)));
    return outside.length === 0 ? null : `sem objetos nas habilidades citadas, mas lista: ${outside.join(' | ')}`;
  }
  if (listed.length === 0) return 'nenhum objeto de conhecimento';
  const outside = listed.filter((o) => !allowed.has(o));
  return outside.length === 0 ? null : `fora das habilidades citadas: ${outside.join(' | ')}`;
}

function verificacao(lesson: QualityLesson, level: number, etapa: Etapa): string | null {
  const parsed = verificacaoSchema.safeParse(lesson.draft.verificacao);
  if (!parsed.success) return `inválida: ${parsed.error.issues.map((i) => i.message).join('; ')}`;
  const levelCount = verificacaoCount(level, etapa);
  const bank = new Set((lesson.banco ?? []).map((q) => foldAlternative(q.enunciado))).size;
  const expected = bank > 0 ? Math.min(levelCount, Math.max(LIMITS.verificacaoMin, bank)) : levelCount;
  if (parsed.data.questoes.length !== expected) return `${parsed.data.questoes.length} questões (esperadas ${expected})`;
  const outside = questionsOutsideSkills(parsed.data, lesson.draft.habilidadeCodes);
  return outside.length === 0 ? null : `questões ${outside.join(', ')} com habilidade fora da aula`;
}

/** How a test question opens: an instruction to the one who answers it. */
const TEST_INSTRUCTIONS = new Set('explique responda marque assinale escreva calcule justifique complete cite descreva identifique indique compare'.split(' '));

/**
 * Where a stage checks learning by points to observe (infantil), every item is one: open (no other kind of question),
 * with what to look for, and written for the teacher who watches, never put to the child ("você", "Explique ...").
 */
function observacao(lesson: QualityLesson, etapa: Etapa): string | null | 'n/a' {
  if (verificacaoKindOf(etapa) !== 'observacao') return 'n/a';
  const problems = (lesson.draft.verificacao?.questoes ?? []).flatMap((q, i) => {
    if (q.tipo !== 'aberta') return [`item ${i + 1} é ${q.tipo}`];
    const said = words(q.enunciado);
    if (said.some((w) => w === 'voce' || w === 'voces') || TEST_INSTRUCTIONS.has(said[0] ?? '')) return [`item ${i + 1} é pergunta à criança: "${q.enunciado}"`];
    return q.respostaEsperada.trim() ? [] : [`item ${i + 1} sem o que observar`];
  });
  return problems.length === 0 ? null : problems.join('; ');
}

/**
 * Words of school for older students, folded: young children are "crianças" who live propostas, not students who sit
 * tests, exercises or homework.
 */
const OLDER_SCHOOL_WORDS = new Set(
  'estudante estudantes aluno alunos aluna alunas prova provas exercicio exercicios questao questoes caderno cadernos licao licoes dever deveres nota notas'.split(' '),
);

/**
 * What bebês (grupo 1, up to a year and a half) cannot yet be asked to do: tell, explain, draw or write. They show what
 * they live with gestures, looks, babble and movement (BNCC, EI01EO04, EI01EF06).
 */
const BEYOND_BEBES = new Set('conta contam relata relatam relatar explica explicam explicar desenho desenhos desenha desenham desenhar escreve escrevem escrever escrita'.split(' '));

/**
 * Infantil's texts are written for young children of the class's grupo: none of the words of school for older
 * students, and for bebês none that ask them to tell, explain, draw or write, in what the lesson writes itself (the
 * words of its own description and cited skills aside).
 */
function linguagemInfantil(lesson: QualityLesson, etapa: Etapa, ano: string | undefined): string | null | 'n/a' {
  if (etapa !== 'infantil') return 'n/a';
  // A word of the lesson's own description or cited skills, in any of its forms (the first 5 letters): "desenhos" of a
  // proposta described as "desenho com giz".
  const form = (w: string) => w.slice(0, 5);
  const topic = new Set(words([lesson.prompt, ...lesson.cited.map((s) => s.description)].join('\n')).map(form));
  const own = words(ownText(lesson.draft)).filter((w) => !topic.has(form(w)));
  const older = [...new Set(own.filter((w) => OLDER_SCHOOL_WORDS.has(w)))];
  const beyond = ano === '1' ? [...new Set(own.filter((w) => BEYOND_BEBES.has(w)))] : [];
  const problems = [...(older.length ? [`palavras de outra etapa: ${older.join(', ')}`] : []), ...(beyond.length ? [`pedido além dos bebês: ${beyond.join(', ')}`] : [])];
  return problems.length === 0 ? null : problems.join('; ');
}

/** Across the plan, the right answers of its multiple-choice questions are not all at one position. */
function posicoesVariadas(plan: QualityPlan): string | null {
  const positions = plan.aulas.flatMap((a) => (a.draft.verificacao?.questoes ?? []).flatMap((q) => (q.tipo === 'multipla' ? [q.correta] : [])));
  if (positions.length < 3) return null;
  return new Set(positions).size > 1 ? null : `todas as ${positions.length} respostas certas na posição ${positions[0]}`;
}

/** A sentence as compared across lessons: folded words, list markers gone; sentences of fewer than 5 words ignored. */
function sentences(text: string): string[] {
  return text
    .split(/[.!?;\n]+/u)
    .map((s) => words(s.replace(/^\s*(?:[-•*]|\d+[.)])\s*/u, '')).join(' '))
    .filter((s) => s.split(' ').length >= 5);
}

function frasesRepetidas(plan: QualityPlan): string | null {
  const inLessons = new Map<string, Set<number>>();
  for (const aula of plan.aulas) {
    const d = aula.draft;
    const text = [d.objetivos, d.experiencias, d.evidencias, ...(d.verificacao?.questoes.map((q) => q.enunciado) ?? [])].join('\n');
    for (const s of new Set(sentences(text))) {
      if (!inLessons.has(s)) inLessons.set(s, new Set());
      inLessons.get(s)!.add(aula.numeroAula);
    }
  }
  const repeated = [...inLessons.entries()].filter(([, set]) => set.size > 2);
  return repeated.length === 0 ? null : `${repeated.length} frases em mais de 2 aulas, por exemplo "${repeated[0][0]}"`;
}

/** English function words that never occur in Portuguese text. */
const ENGLISH = new Set(
  'the and of with is are this that will should students lesson learning they their which from have has be been to for on by an it'.split(' '),
);

/**
 * No English: few English function words in what the lesson writes itself. Quotations, parentheses and the words of
 * the lesson's own description and cited skills are left out: a Língua Inglesa lesson about "who, which, that" names
 * them in Portuguese text.
 */
function portugues(lesson: QualityLesson): string | null {
  const topic = new Set(words([lesson.prompt, ...lesson.cited.flatMap((s) => [s.description, ...s.knowledgeObjects])].join('\n')));
  const text = ownText(lesson.draft).replace(/"[^"\n]*"|“[^”\n]*”|\([^)\n]*\)/gu, ' ');
  const list = words(text);
  const english = list.filter((w) => ENGLISH.has(w) && !topic.has(w));
  return english.length >= 3 && english.length / Math.max(1, list.length) > 0.03
    ? `${english.length} palavras em inglês (${[...new Set(english)].slice(0, 5).join(', ')})`
    : null;
}

/** Items of a list field: its non-empty lines that are not headings (ending in ':') or a teacher's note. */
function items(text: string): string[] {
  return lines(text).filter((l) => !l.endsWith(':') && !/^Nota do professor/u.test(l));
}

function extensao(lesson: QualityLesson, level: number): string | null {
  const bounds = LEVEL_BOUNDS[Math.min(5, Math.max(1, Math.round(level)))];
  const counts = {
    objetivos: items(lesson.draft.objetivos).length,
    etapas: items(lesson.draft.experiencias).length,
    evidencias: items(lesson.draft.evidencias).length,
  };
  const off = (Object.keys(counts) as (keyof typeof counts)[]).filter((k) => counts[k] < bounds[k][0] || counts[k] > bounds[k][1]);
  return off.length === 0 ? null : off.map((k) => `${k}: ${counts[k]} (nível ${level}: ${bounds[k][0]}-${bounds[k][1]})`).join('; ');
}

function habilidadeAceita(lesson: QualityLesson): string | null | 'n/a' {
  if (!lesson.esperadas || lesson.esperadas.length === 0) return 'n/a';
  return lesson.draft.habilidadeCodes.some((c) => lesson.esperadas!.includes(c))
    ? null
    : `citou ${lesson.draft.habilidadeCodes.join(', ') || 'nenhuma'}; aceitas ${lesson.esperadas.join(', ')}`;
}

function titulo(lesson: QualityLesson): string | null {
  const t = lesson.draft.titulo?.trim() ?? '';
  if (t.length < LIMITS.tituloMin || t.length > LIMITS.tituloMax) return `título com ${t.length} caracteres`;
  return null;
}

/** Every check of a plan: per lesson, then the plan-wide ones. */
export function checkPlan(plan: QualityPlan): CheckResult[] {
  const results: CheckResult[] = [];
  const add = (aula: number | null, check: CheckName, failure: string | null | 'n/a') => {
    if (failure === 'n/a') return;
    results.push({ plan: plan.id, aula, check, pass: failure === null, ...(failure ? { detail: failure } : {}) });
  };
  const etapa = etapaOf(plan.etapa);
  for (const lesson of plan.aulas) {
    add(lesson.numeroAula, 'titulo', titulo(lesson));
    add(lesson.numeroAula, 'temaProprio', temaProprio(lesson));
    add(lesson.numeroAula, 'semVazamento', semVazamento(lesson, plan));
    add(lesson.numeroAula, 'objetos', lesson.cited.length === 0 ? 'n/a' : objetos(lesson));
    add(lesson.numeroAula, 'verificacao', verificacao(lesson, plan.nivelDetalhamento, etapa));
    add(lesson.numeroAula, 'observacao', observacao(lesson, etapa));
    add(lesson.numeroAula, 'linguagemInfantil', linguagemInfantil(lesson, etapa, plan.ano));
    add(lesson.numeroAula, 'portugues', portugues(lesson));
    add(lesson.numeroAula, 'extensao', extensao(lesson, plan.nivelDetalhamento));
    add(lesson.numeroAula, 'habilidadeAceita', habilidadeAceita(lesson));
  }
  add(null, 'posicoesVariadas', posicoesVariadas(plan));
  add(null, 'frasesRepetidas', frasesRepetidas(plan));
  return results;
}

export interface QualitySummary {
  /** Share of passes per check (1 = all), with how many were judged. */
  checks: Record<string, { pass: number; total: number; rate: number }>;
  /** All structural checks together. */
  structural: { pass: number; total: number; rate: number };
  /** Lessons 2.. that repeat a phrase of lesson 1's description. */
  lesson1Leakage: { leaks: number; lessons: number };
}

const rate = (pass: number, total: number) => (total === 0 ? 1 : Math.round((pass / total) * 10000) / 10000);

export function summarize(plans: readonly QualityPlan[], results: readonly CheckResult[]): QualitySummary {
  const checks: QualitySummary['checks'] = {};
  for (const name of CHECKS) {
    const mine = results.filter((r) => r.check === name);
    const pass = mine.filter((r) => r.pass).length;
    checks[name] = { pass, total: mine.length, rate: rate(pass, mine.length) };
  }
  const structural = results.filter((r) => STRUCTURAL_CHECKS.includes(r.check));
  const structuralPass = structural.filter((r) => r.pass).length;
  let leaks = 0;
  let lessons = 0;
  for (const plan of plans) {
    const first = plan.aulas.find((a) => a.numeroAula === Math.min(...plan.aulas.map((x) => x.numeroAula)));
    if (!first) continue;
    for (const lesson of plan.aulas) {
      if (lesson === first) continue;
      lessons++;
      if (leakedPhrases(lesson, first).length > 0) leaks++;
    }
  }
  return {
    checks,
    structural: { pass: structuralPass, total: structural.length, rate: rate(structuralPass, structural.length) },
    lesson1Leakage: { leaks, lessons },
  };
}
