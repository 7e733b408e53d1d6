// The one definition of the school stages (decisions.md, "The whole BNCC"): every other part asks it for the years,
// their labels, the subjects and the code patterns instead of listing them. No zod here, as in domain.ts.
import { LIMITS, materiaLabel, verificacaoQuestionCount, type Materia } from './domain';

export const ETAPAS = ['infantil', 'fundamental', 'medio'] as const;
export type Etapa = (typeof ETAPAS)[number];
/** Every existing class and every request that names no stage. */
export const DEFAULT_ETAPA: Etapa = 'fundamental';

export interface AnoDef {
  /** What a class stores in `ano`. */
  value: string;
  /** How a page, a message, the AI and the export name it ("7º ano", "1ª série do Ensino Médio"). */
  label: string;
}

export interface EtapaDef {
  value: Etapa;
  /** "Educação Infantil", "Ensino Fundamental", "Ensino Médio". */
  label: string;
  /** The label after "de": "da Educação Infantil", "do Ensino Fundamental". */
  ofLabel: string;
  /** What one `ano` is called in this stage (the form's field label), and the form's prompt to choose one. */
  anoNoun: string;
  anoPrompt: string;
  /** The article of the ano's label ("o 7º ano", "a 1ª série", "o grupo Creche/Pré-escola — bebês"), for the messages. */
  anoArticle: 'o' | 'a' | 'o grupo';
  anos: readonly AnoDef[];
  /** The stage's subjects in the form's order. */
  materias: readonly Materia[];
  /** Every BNCC code of the stage (Computação's included). */
  codePattern: RegExp;
  /**
   * The curriculum records' `component` of each code letters after the stage and year (EI03**EO**01, EF05**MA**01,
   * EM13**LGG**101): the campo de experiências, the component or the área.
   */
  componentSiglas: Readonly<Record<string, string>>;
  /**
   * Whether the curriculum ties each skill to years of this stage. Ensino Médio's skills have no série: each série
   * draws from its area's whole set.
   */
  skillsByAno: boolean;
  /**
   * How a lesson's check of learning is written: questions for the students ('questoes'), or, in infantil, points the
   * teacher observes ('observacao': only open items, each with what to look for as its respostaEsperada).
   */
  verificacao: VerificacaoKind;
  /** How this stage's teachers name the parts of a plan (decisions.md, "Every stage in its own words"). */
  words: EtapaWords;
}

/**
 * The stage's own words for what the JSON calls `materia`, `habilidades`, `objetosConhecimento`, `ano` and
 * `verificacao`: every page, message and document of a class of the stage asks for them (the field names never change).
 */
export interface EtapaWords {
  /** One `materia`: "Componente curricular", "Campo de experiência", "Área do conhecimento". */
  materia: string;
  /** Several of them, as a mixed plan's header names them: "Componentes curriculares". */
  materias: string;
  /** The form's and the lists' short label: "Matéria", "Campo de experiência", "Área do conhecimento". */
  materiaCurta: string;
  /** Several, inside a sentence: "matérias", "campos de experiência", "áreas do conhecimento". */
  materiasCurtas: string;
  /** The plan's general subject on the form: "Matéria Geral". */
  materiaGeral: string;
  /** `habilidades` as a label: "Habilidades", "Objetivos de aprendizagem e desenvolvimento". */
  habilidades: string;
  /** The same inside a sentence, plural and singular: "habilidades"/"habilidade", "objetivos"/"objetivo". */
  habilidadesMinusculas: string;
  habilidade: string;
  /** `objetosConhecimento`: "Objetos de Conhecimento", "Saberes e conhecimentos", "Conteúdos". */
  objetosConhecimento: string;
  /** `objetivos`, `experiencias` and `evidencias` as labels. */
  objetivos: string;
  experiencias: string;
  evidencias: string;
  /** The check of learning: "Verificação da aprendizagem" or "Pontos de observação"; its items and their answer. */
  verificacao: string;
  verificacaoItem: string;
  verificacaoResposta: string;
  /** The answers apart at the end of a document ("Gabarito"); null: the stage prints none (infantil). */
  gabarito: string | null;
  /** The hand-in's summary: the skills of the period and those still to work, and its sentences when there are none. */
  cobertas: string;
  descobertas: string;
  nenhumaCoberta: string;
  todasCobertas: string;
  semHabilidades: string;
  /** The articles of `materia` and `habilidades` ("a matéria", "o campo"; "as habilidades", "os objetivos"), for sentences. */
  materiaArtigo: 'a' | 'o';
  habilidadesArtigo: 'as' | 'os';
  /** The skills a teacher pinned to a lesson: "Habilidades fixadas", "Objetivos fixados". */
  habilidadesFixadas: string;
}

const EF_WORDS: EtapaWords = {
  materia: 'Componente curricular',
  materias: 'Componentes curriculares',
  materiaCurta: 'Matéria',
  materiasCurtas: 'matérias',
  materiaGeral: 'Matéria Geral',
  habilidades: 'Habilidades',
  habilidadesMinusculas: 'habilidades',
  habilidade: 'habilidade',
  objetosConhecimento: 'Objetos de Conhecimento',
  objetivos: 'Objetivos de Aprendizagem',
  experiencias: 'Experiências de Aprendizagem',
  evidencias: 'Evidências de Aprendizagem',
  verificacao: 'Verificação da aprendizagem',
  verificacaoItem: 'Questão',
  verificacaoResposta: 'Resposta esperada',
  gabarito: 'Gabarito',
  cobertas: 'Habilidades desenvolvidas',
  descobertas: 'Ainda não desenvolvidas',
  nenhumaCoberta: 'Nenhuma habilidade citada nas aulas deste período.',
  todasCobertas: 'Todas as habilidades do ano já foram trabalhadas.',
  semHabilidades: 'Sem habilidades da BNCC para este componente neste ano.',
  materiaArtigo: 'a',
  habilidadesArtigo: 'as',
  habilidadesFixadas: 'Habilidades fixadas',
};

export type VerificacaoKind = 'questoes' | 'observacao';

const INFANTIL_GRUPOS = ['bebês', 'crianças bem pequenas', 'crianças pequenas'] as const;

const ETAPA_DEFS: Record<Etapa, EtapaDef> = {
  infantil: {
    value: 'infantil',
    label: 'Educação Infantil',
    ofLabel: 'da Educação Infantil',
    anoNoun: 'Grupo etário',
    anoPrompt: 'Selecione o grupo etário',
    anoArticle: 'o grupo',
    // The BNCC's grupos etários 01, 02 and 03 (bebês, crianças bem pequenas, crianças pequenas).
    anos: INFANTIL_GRUPOS.map((grupo, i) => ({ value: String(i + 1), label: `Creche/Pré-escola — ${grupo}` })),
    materias: [
      'eu-outro-nos',
      'corpo-gestos-movimentos',
      'tracos-sons-cores-formas',
      'escuta-fala-pensamento-imaginacao',
      'espacos-tempos-quantidades',
      'computacao',
    ],
    codePattern: /^EI0[1-3](?:EO|CG|TS|EF|ET|CO)\d{2}$/,
    componentSiglas: {
      EO: 'eu-outro-nos',
      CG: 'corpo-gestos-movimentos',
      TS: 'tracos-sons-cores-formas',
      EF: 'escuta-fala-pensamento-imaginacao',
      ET: 'espacos-tempos-quantidades',
      CO: 'computacao',
    },
    skillsByAno: true,
    verificacao: 'observacao',
    words: {
      materia: 'Campo de experiência',
      materias: 'Campos de experiência',
      materiaCurta: 'Campo de experiência',
      materiasCurtas: 'campos de experiência',
      materiaGeral: 'Campo de experiência principal',
      habilidades: 'Objetivos de aprendizagem e desenvolvimento',
      habilidadesMinusculas: 'objetivos de aprendizagem',
      habilidade: 'objetivo',
      objetosConhecimento: 'Saberes e conhecimentos',
      objetivos: 'Objetivos da proposta',
      experiencias: 'Experiências',
      evidencias: 'Evidências',
      verificacao: 'Pontos de observação',
      verificacaoItem: 'Ponto de observação',
      verificacaoResposta: 'O que observar',
      gabarito: null,
      cobertas: 'Objetivos trabalhados',
      descobertas: 'Ainda não trabalhados',
      nenhumaCoberta: 'Nenhum objetivo citado nas propostas deste período.',
      todasCobertas: 'Todos os objetivos do grupo etário já foram trabalhados.',
      semHabilidades: 'Sem objetivos da BNCC para este campo de experiência neste grupo etário.',
      materiaArtigo: 'o',
      habilidadesArtigo: 'os',
      habilidadesFixadas: 'Objetivos fixados',
    },
  },
  fundamental: {
    value: 'fundamental',
    label: 'Ensino Fundamental',
    ofLabel: 'do Ensino Fundamental',
    anoNoun: 'Ano',
    anoPrompt: 'Selecione o ano',
    anoArticle: 'o',
    anos: Array.from({ length: 9 }, (_, i) => ({ value: String(i + 1), label: `${i + 1}º ano` })),
    materias: [
      'matematica',
      'portugues',
      'ciencias',
      'historia',
      'geografia',
      'artes',
      'educacao-fisica',
      'ingles',
      'musica',
      'ensino-religioso',
      'computacao',
    ],
    codePattern: /^EF\d{2}[A-Z]{2}\d{2}$/,
    componentSiglas: {
      LP: 'portugues',
      MA: 'matematica',
      CI: 'ciencias',
      HI: 'historia',
      GE: 'geografia',
      AR: 'artes',
      EF: 'educacao-fisica',
      LI: 'ingles',
      ER: 'ensino-religioso',
      CO: 'computacao',
    },
    skillsByAno: true,
    verificacao: 'questoes',
    words: EF_WORDS,
  },
  medio: {
    value: 'medio',
    label: 'Ensino Médio',
    ofLabel: 'do Ensino Médio',
    anoNoun: 'Série',
    anoPrompt: 'Selecione a série',
    anoArticle: 'a',
    anos: Array.from({ length: 3 }, (_, i) => ({ value: String(i + 1), label: `${i + 1}ª série do Ensino Médio` })),
    materias: ['linguagens', 'matematica', 'ciencias-natureza', 'ciencias-humanas', 'portugues', 'computacao'],
    // EM13LGG101 (área: 3 letters, competência + sequência), EM13LP01 (Língua Portuguesa), EM13CO01 (Computação).
    codePattern: /^EM13(?:[A-Z]{3}\d{3}|LP\d{2}|CO\d{2})$/,
    componentSiglas: {
      LGG: 'linguagens',
      MAT: 'matematica',
      CNT: 'ciencias-natureza',
      CHS: 'ciencias-humanas',
      LP: 'portugues',
      CO: 'computacao',
    },
    skillsByAno: false,
    verificacao: 'questoes',
    words: {
      ...EF_WORDS,
      materia: 'Área do conhecimento',
      materias: 'Áreas do conhecimento',
      materiaCurta: 'Área do conhecimento',
      materiasCurtas: 'áreas do conhecimento',
      materiaGeral: 'Área do conhecimento geral',
      objetosConhecimento: 'Conteúdos',
      todasCobertas: 'Todas as habilidades da área já foram trabalhadas.',
      semHabilidades: 'Sem habilidades da BNCC para esta área do conhecimento.',
    },
  },
};

export function etapaDef(etapa: Etapa): EtapaDef {
  return ETAPA_DEFS[etapa];
}

export function isEtapa(value: unknown): value is Etapa {
  return typeof value === 'string' && (ETAPAS as readonly string[]).includes(value);
}

/** A stored stage, or the default for a class or request that has none. */
export function etapaOf(value: string | null | undefined): Etapa {
  return isEtapa(value) ? value : DEFAULT_ETAPA;
}

/** The `ano` values of a stage, in order. */
export function anosOf(etapa: Etapa): string[] {
  return ETAPA_DEFS[etapa].anos.map((a) => a.value);
}

export function isAnoOf(etapa: Etapa, ano: string | number): boolean {
  return ETAPA_DEFS[etapa].anos.some((a) => a.value === String(ano).trim());
}

/** '7' -> '7º ano'; ('1', 'medio') -> '1ª série do Ensino Médio'; a value outside the stage is shown as given. */
export function anoLabel(ano: string | number, etapa: Etapa = DEFAULT_ETAPA): string {
  const value = String(ano).trim();
  return ETAPA_DEFS[etapa].anos.find((a) => a.value === value)?.label ?? value;
}

/** The year with its stage, as the AI reads it: '5º ano do Ensino Fundamental', '1ª série do Ensino Médio'. */
export function anoComEtapa(ano: string | number, etapa: Etapa = DEFAULT_ETAPA): string {
  const label = anoLabel(ano, etapa);
  const def = ETAPA_DEFS[etapa];
  return label.includes(def.label) ? label : `${label} ${def.ofLabel}`;
}

const CONTRACTIONS = { de: 'd', em: 'n', para: 'para ' } as const;

/** The ano after a preposition: ('5', fundamental, 'de') -> 'do 5º ano'; ('1', medio, 'para') -> 'para a 1ª série do Ensino Médio'. */
export function anoPhrase(ano: string | number, etapa: Etapa, preposition: keyof typeof CONTRACTIONS): string {
  return `${CONTRACTIONS[preposition]}${ETAPA_DEFS[etapa].anoArticle} ${anoLabel(ano, etapa)}`;
}

/** The stage's words (absent or unknown stage: fundamental's). */
export function etapaWords(etapa: Etapa | string | null | undefined): EtapaWords {
  return ETAPA_DEFS[etapaOf(etapa)].words;
}

/** The lesson's five texts and its check, labelled in the stage's words (the keys are the JSON's field names). */
export function lessonFieldLabels(
  etapa: Etapa | string | null | undefined,
): Record<'habilidades' | 'objetivos' | 'objetosConhecimento' | 'experiencias' | 'evidencias' | 'verificacao' | 'dua', string> {
  const w = etapaWords(etapa);
  return {
    habilidades: w.habilidades,
    objetivos: w.objetivos,
    objetosConhecimento: w.objetosConhecimento,
    experiencias: w.experiencias,
    evidencias: w.evidencias,
    verificacao: w.verificacao,
    dua: 'Acessibilidade (DUA)',
  };
}

/** What an empty text reads as, in the stage's words (the keys are the JSON's field names). */
export function lessonFieldEmpty(etapa: Etapa | string | null | undefined): Record<'habilidades' | 'objetivos' | 'objetosConhecimento' | 'experiencias' | 'evidencias', string> {
  const stage = etapaOf(etapa);
  return {
    habilidades: stage === 'infantil' ? 'Nenhum objetivo definido' : 'Nenhuma habilidade definida',
    objetivos: 'Nenhum objetivo definido',
    objetosConhecimento:
      stage === 'infantil' ? 'Nenhum saber ou conhecimento definido' : stage === 'medio' ? 'Nenhum conteúdo definido' : 'Nenhum objeto de conhecimento definido',
    experiencias: 'Nenhuma experiência definida',
    evidencias: 'Nenhuma evidência definida',
  };
}

/** The official name of a subject as a document's header prints it ("Língua Portuguesa"); else its label. */
export function componenteNome(materia: string): string {
  return COMPONENTE_NOMES[materia] ?? materiaLabel(materia);
}

const COMPONENTE_NOMES: Readonly<Record<string, string>> = { portugues: 'Língua Portuguesa', ingles: 'Língua Inglesa' };

/**
 * A plan's subjects as its export header names them: its lessons' subjects in order of first appearance (the general
 * subject when it has no lesson), with the stage's label, singular or plural: ["Componentes curriculares",
 * "Língua Portuguesa, Matemática, Ciências"].
 */
export function materiasHeader(etapa: Etapa | string | null | undefined, materiaGeral: string, lessonMaterias: readonly string[]): [string, string] {
  const materias = [...new Set(lessonMaterias.filter((m) => m))];
  const list = materias.length ? materias : [materiaGeral];
  const w = etapaWords(etapa);
  return [list.length > 1 ? w.materias : w.materia, list.map(componenteNome).join(', ')];
}

/** How the stage's lessons check learning: questions, or (infantil) points to observe. */
export function verificacaoKindOf(etapa: Etapa | null | undefined): VerificacaoKind {
  return ETAPA_DEFS[etapaOf(etapa)].verificacao;
}

/** What a page and the export call each kind of check, its items, and the answer each item carries. */
export const VERIFICACAO_KIND_LABELS: Record<VerificacaoKind, { heading: string; item: string; resposta: string }> = {
  questoes: { heading: 'Verificação da aprendizagem', item: 'Questão', resposta: 'Resposta esperada' },
  observacao: { heading: 'Pontos de observação', item: 'Ponto de observação', resposta: 'O que observar' },
};

/**
 * How many items a lesson's check holds: the detail level's number of questions (verificacaoQuestionCount), or, for
 * points to observe, the fewest a check may hold (a proposta for young children is watched for a few things).
 */
export function verificacaoCount(nivelDetalhamento: number, etapa: Etapa | null | undefined): number {
  return verificacaoKindOf(etapa) === 'observacao' ? LIMITS.verificacaoMin : verificacaoQuestionCount(nivelDetalhamento);
}

export function materiasOf(etapa: Etapa): readonly Materia[] {
  return ETAPA_DEFS[etapa].materias;
}

export function isMateriaOf(etapa: Etapa, materia: string): materia is Materia {
  return (ETAPA_DEFS[etapa].materias as readonly string[]).includes(materia);
}

/** The stage whose pattern a BNCC code follows, or null for a text that is no code of any stage. */
export function etapaOfCode(code: string): Etapa | null {
  return ETAPAS.find((etapa) => ETAPA_DEFS[etapa].codePattern.test(code)) ?? null;
}

/**
 * The stage and the curriculum component a code belongs to by its letters (EI03EO01: infantil, eu-outro-nos;
 * EM13LP01: medio, portugues), or null for a code of no stage or unknown letters. An RS code that extends a BNCC
 * code (EF05MA03RS-1) reads as the BNCC code's.
 */
export function componentOfCode(code: string): { etapa: Etapa; component: string } | null {
  const etapa = etapaOfCode(code.match(new RegExp(`^${BNCC_CODE_SOURCE}`))?.[0] ?? '');
  const sigla = /^[A-Z]+/.exec(code.slice(4))?.[0];
  const component = etapa && sigla ? ETAPA_DEFS[etapa].componentSiglas[sigla] : undefined;
  return etapa && component ? { etapa, component } : null;
}

/**
 * The years a code's two digits name, in a stage that ties skills to years: '05' the 5º ano, '15' the 1º to the 5º,
 * '67' the 6º and 7º; EI03 the grupo 3. Empty in médio (EM13: no série) and for a text of no stage.
 */
export function yearsOfCode(code: string): number[] {
  const etapa = etapaOfCode(code.match(new RegExp(`^${BNCC_CODE_SOURCE}`))?.[0] ?? '');
  if (!etapa || !ETAPA_DEFS[etapa].skillsByAno) return [];
  const [from, to] = [Number(code[2]), Number(code[3])];
  return from === 0 ? [to] : Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

/** A BNCC code of any stage (EI03EF01, EF05MA01, EM13MAT101, EM13CO01), upper-cased and trimmed. */
export const BNCC_CODE_PATTERN = new RegExp(`^(?:${ETAPAS.map((e) => ETAPA_DEFS[e].codePattern.source.slice(1, -1)).join('|')})$`);

/** The same codes inside a text, as one alternation without anchors (for a scan of a text or an RS code's prefix). */
export const BNCC_CODE_SOURCE = `(?:${ETAPAS.map((e) => ETAPA_DEFS[e].codePattern.source.slice(1, -1)).join('|')})`;
