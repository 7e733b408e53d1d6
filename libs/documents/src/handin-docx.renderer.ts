import { AlignmentType, HeadingLevel, Packer, PageBreak, Paragraph, TableRow, TextRun, type Table } from 'docx';
import { etapaOf, etapaWords, formatIsoDatePtBr, materiaLabel, periodoLabel, RUBRICA_NIVEIS, verificacaoKindOf, type Etapa, type HandinResumoMateria, type PeriodoTipo, type PlanDocument } from '@planejador/contracts';
import { assessmentBlocks, type AssessmentDocument } from './assessment-docx.renderer';
import { buildDocument, pageHeader, titleBlock } from './docx-document';
import { cell, COLOR, CONTENT_WIDTH, labelParagraph, SMALL_SIZE, table, valueParagraph } from './docx-layout';
import { planBlocks } from './plan-docx.renderer';
import { hoursText } from './plan-identification';
import { GABARITO_HEADING } from './plan-verificacao';
import { cleanText, splitSkillCode, toTextBlocks } from './text-blocks';
import { formatAno } from './pt-br-format';
import { safeFileNamePart } from './plan-file-name';

/**
 * A class's period hand-in (a trimestre, a bimestre or a semestre, named by its kind): a summary of the period (per subject, the skills covered and still uncovered, its
 * lessons and carga horária), then every finished plan of the trimestre, by date, each as its own .docx prints it.
 */
export interface HandinDocument {
  escola: string;
  professor: string;
  turma: string;
  ano: string;
  /** The class's school stage; absent: its plans' (else fundamental). Names the summary's parts in the stage's words. */
  etapa?: Etapa;
  instituicao: string;
  /** The period's number (1..4) of its kind (`periodoTipo`, absent: trimestre): "2º bimestre". */
  trimestre: number;
  periodoTipo?: PeriodoTipo;
  /** The school year (for the title and the file name). */
  anoLetivo: number;
  /** Per subject with skills in the class's year, from the class's coverage (contracts' handinResumo). */
  resumo: HandinResumoMateria[];
  planos: PlanDocument[];
  /** The period's finished assessments of the class (oldest first), each with the results the teacher recorded. */
  avaliacoes?: HandinAvaliacao[];
}

/** How many students reached each rubric level in one skill (counts only, never names). */
export interface HandinNiveis {
  naoDesenvolveu: number;
  emDesenvolvimento: number;
  desenvolveu: number;
  desenvolveuPlenamente: number;
}

/** An assessment as the hand-in prints it: its questions, gabarito and rubric, then its results per skill. */
export interface HandinAvaliacao extends AssessmentDocument {
  resultados: { code: string; niveis: HandinNiveis }[];
}

/** The line the coordenação signs at the end of the hand-in (decisions.md, "School year"). */
export const HANDIN_VISTO_LINE = 'Visto da coordenação: ____________  Data: ___/___/_____';
export const HANDIN_ASSESSMENTS_HEADING = 'Avaliações e resultados por habilidade';

export const HANDIN_TITLE = 'DOCUMENTOS DO TRIMESTRE';
export const HANDIN_SUMMARY_HEADING = 'Resumo do trimestre';

export const HANDIN_REGISTRO_HEADING = 'Registro por campo de experiência';

/** The hand-in's stage: its own, else its plans'. */
const etapaOfDoc = (doc: Pick<HandinDocument, 'etapa' | 'planos'>): Etapa => etapaOf(doc.etapa ?? doc.planos[0]?.etapa);

/** The kind a hand-in names its period by ("bimestre"). */
const kindOf = (doc: Pick<HandinDocument, 'periodoTipo'>): PeriodoTipo => doc.periodoTipo ?? 'trimestre';
/** "2º bimestre" of the hand-in. */
const periodoOf = (doc: Pick<HandinDocument, 'trimestre' | 'periodoTipo'>) => periodoLabel(doc.trimestre, kindOf(doc));
/** 'DOCUMENTOS DO BIMESTRE' and 'Resumo do bimestre' (HANDIN_TITLE and HANDIN_SUMMARY_HEADING under trimestres). */
export const handinTitle = (tipo: PeriodoTipo) => `DOCUMENTOS DO ${tipo.toUpperCase()}`;
export const handinSummaryHeading = (tipo: PeriodoTipo) => `Resumo do ${tipo}`;

/** A subject's lessons in the trimestre and their minutes (lessons without a length are counted apart). */
interface Workload {
  aulas: number;
  minutos: number;
  semDuracao: number;
}

/** Lessons per subject (the lesson's own subject) over the trimestre's plans, in order of first appearance. */
function workloads(planos: readonly PlanDocument[]): Map<string, Workload> {
  const out = new Map<string, Workload>();
  for (const plano of planos) {
    for (const aula of plano.aulas) {
      const w = out.get(aula.materia) ?? { aulas: 0, minutos: 0, semDuracao: 0 };
      w.aulas += 1;
      if (plano.duracaoAulaMin) w.minutos += plano.duracaoAulaMin;
      else w.semDuracao += 1;
      out.set(aula.materia, w);
    }
  }
  return out;
}

/** '12 aulas · 10 h' ('· 2 sem duração informada' when some plan gave no lesson length). */
export function workloadText(w: Workload): string {
  const parts = [`${w.aulas} ${w.aulas === 1 ? 'aula' : 'aulas'}`];
  if (w.minutos) parts.push(hoursText(w.minutos));
  if (w.semDuracao) parts.push(`${w.semDuracao} sem duração informada`);
  return parts.join(' · ');
}

const SUMMARY_COLUMNS = [2400, CONTENT_WIDTH - 2400];

function skillParagraph(skill: { code: string; description: string }): Paragraph {
  // The BNCC text opens with its own code in parentheses: printed once, in bold.
  const text = cleanText(skill.description.replace(/^\s*\([A-Z0-9-]+\)\s*/u, ''));
  return new Paragraph({ spacing: { before: 0, after: 40 }, children: [new TextRun({ text: skill.code, bold: true }), new TextRun(` ${text}`)] });
}

/** The summary: one table per subject the trimestre taught (its lessons, hours, covered and uncovered skills). */
function summaryBlocks(doc: HandinDocument): (Paragraph | ReturnType<typeof table>)[] {
  const loads = workloads(doc.planos);
  const words = etapaWords(etapaOfDoc(doc));
  const resumo = new Map(doc.resumo.map((r) => [r.materia, r]));
  // The subjects taught in the trimestre, in the coverage's order, then any subject without BNCC skills in this year.
  const materias = [...doc.resumo.map((r) => r.materia).filter((m) => loads.has(m) || resumo.get(m)!.cobertas.length), ...[...loads.keys()].filter((m) => !resumo.has(m))];
  const total = [...loads.values()].reduce((a, w) => ({ aulas: a.aulas + w.aulas, minutos: a.minutos + w.minutos, semDuracao: a.semDuracao + w.semDuracao }), { aulas: 0, minutos: 0, semDuracao: 0 });
  const out: (Paragraph | ReturnType<typeof table>)[] = [
    new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun(handinSummaryHeading(kindOf(doc)))] }),
    valueParagraph(`Escola: ${doc.escola}`),
    valueParagraph(`Professor(a): ${doc.professor}`),
    valueParagraph(`Turma ${doc.turma} — ${formatAno(doc.ano)} — ${periodoOf(doc)} de ${doc.anoLetivo}`),
    valueParagraph(`${doc.planos.length} ${doc.planos.length === 1 ? 'plano' : 'planos'} · carga horária do ${kindOf(doc)}: ${workloadText(total)}`),
  ];
  for (const materia of materias) {
    const r = resumo.get(materia);
    const load = loads.get(materia) ?? { aulas: 0, minutos: 0, semDuracao: 0 };
    const row = (label: string, children: Paragraph[]) =>
      new TableRow({ cantSplit: false, children: [cell([labelParagraph(label)], { width: SUMMARY_COLUMNS[0], label: true }), cell(children, { width: SUMMARY_COLUMNS[1] })] });
    const none = (text: string) => [new Paragraph({ spacing: { before: 0, after: 0 }, children: [new TextRun({ text, italics: true, color: COLOR.muted })] })];
    out.push(
      new Paragraph({ heading: HeadingLevel.HEADING_2, children: [new TextRun(materiaLabel(materia))] }),
      table(SUMMARY_COLUMNS, [
        row('Aulas e carga horária', [valueParagraph(workloadText(load))]),
        ...(r
          ? [
              row(`${words.cobertas} (${r.cobertas.length})`, r.cobertas.length ? r.cobertas.map(skillParagraph) : none(words.nenhumaCoberta.replace('período', kindOf(doc)))),
              row(`${words.descobertas} (${r.descobertas.length})`, r.descobertas.length ? r.descobertas.map(skillParagraph) : none(words.todasCobertas)),
            ]
          : [row(words.habilidades, none(words.semHabilidades))]),
      ]),
    );
  }
  out.push(
    new Paragraph({
      spacing: { before: 200 },
      children: [new TextRun({ text: `Planos do ${kindOf(doc)}, por data:`, bold: true, size: SMALL_SIZE + 2 })],
    }),
    ...doc.planos.map((p, i) => valueParagraph(`${i + 1}. ${p.temaPrincipal} (${p.aulas.length} ${p.aulas.length === 1 ? 'aula' : 'aulas'}) — ${planDatesText(p)}`)),
  );
  const avaliacoes = doc.avaliacoes ?? [];
  if (avaliacoes.length) {
    out.push(
      new Paragraph({ spacing: { before: 200 }, children: [new TextRun({ text: `Avaliações do ${kindOf(doc)}:`, bold: true, size: SMALL_SIZE + 2 })] }),
      ...avaliacoes.map((a, i) => valueParagraph(`${i + 1}. ${materiaLabel(a.materia)}: ${a.habilidades.length} ${a.habilidades.length === 1 ? words.habilidade : words.habilidadesMinusculas} (${a.habilidades.map((h) => h.code).join(', ')})`)),
    );
  }
  return out;
}

/** One objective of the registro: its code and text, and the points to observe the period's propostas gave it. */
interface RegistroObjetivo {
  code: string;
  text: string;
  pontos: { enunciado: string; observar: string }[];
}

/**
 * Per campo de experiência (the lessons' own subjects, in order of first appearance), the objectives the period's
 * propostas worked (the codes their objectives text cites, once each) and the points to observe each was given.
 */
export function registroPorCampo(planos: readonly PlanDocument[]): { materia: string; objetivos: RegistroObjetivo[] }[] {
  const campos = new Map<string, Map<string, RegistroObjetivo>>();
  for (const plano of planos) {
    for (const aula of [...plano.aulas].sort((a, b) => a.numeroAula - b.numeroAula)) {
      const objetivos = campos.get(aula.materia) ?? new Map<string, RegistroObjetivo>();
      campos.set(aula.materia, objetivos);
      for (const block of toTextBlocks(aula.habilidades)) {
        const skill = splitSkillCode(block.text);
        if (!skill) continue;
        const code = skill.code.replace(/[()]/g, '');
        if (!objetivos.has(code)) objetivos.set(code, { code, text: cleanText(skill.rest.replace(/^[\s:–-]+/u, '')), pontos: [] });
      }
      for (const questao of aula.verificacao?.questoes ?? []) {
        const objetivo = objetivos.get(questao.habilidade) ?? [...objetivos.values()][0];
        if (!objetivo || objetivo.pontos.some((p) => p.enunciado === questao.enunciado)) continue;
        objetivo.pontos.push({ enunciado: questao.enunciado, observar: questao.tipo === 'aberta' ? questao.respostaEsperada : '' });
      }
    }
  }
  return [...campos].map(([materia, objetivos]) => ({ materia, objetivos: [...objetivos.values()] }));
}

/** Infantil's registro por campo de experiência, after the summary; nothing for the other stages. */
function registroBlocks(doc: HandinDocument): Paragraph[] {
  if (verificacaoKindOf(etapaOfDoc(doc)) !== 'observacao') return [];
  const words = etapaWords(etapaOfDoc(doc));
  const muted = (text: string) => new Paragraph({ indent: { left: 360 }, spacing: { before: 0, after: 80 }, children: [new TextRun({ text, italics: true, color: COLOR.muted })] });
  return [
    new Paragraph({ heading: HeadingLevel.HEADING_1, pageBreakBefore: true, children: [new TextRun(HANDIN_REGISTRO_HEADING)] }),
    valueParagraph(`Os ${words.habilidadesMinusculas} trabalhados no ${periodoOf(doc)}, por campo de experiência, com os ${words.verificacao.toLowerCase()} de cada um.`),
    ...registroPorCampo(doc.planos).flatMap(({ materia, objetivos }) => [
      new Paragraph({ heading: HeadingLevel.HEADING_2, keepNext: true, children: [new TextRun(materiaLabel(materia))] }),
      ...(objetivos.length ? [] : [muted(words.nenhumaCoberta.replace('período', kindOf(doc)))]),
      ...objetivos.flatMap((o) => [
        new Paragraph({ keepNext: true, spacing: { before: 120, after: 60 }, children: [new TextRun({ text: o.code, bold: true }), new TextRun(` ${o.text}`)] }),
        ...(o.pontos.length
          ? o.pontos.flatMap((p) => [
              new Paragraph({ keepNext: Boolean(p.observar), indent: { left: 360 }, spacing: { before: 0, after: 20 }, children: [new TextRun(`• ${cleanText(p.enunciado)}`)] }),
              ...(p.observar
                ? [new Paragraph({ indent: { left: 720 }, spacing: { before: 0, after: 80 }, children: [new TextRun({ text: `${words.verificacaoResposta}: `, bold: true }), new TextRun(cleanText(p.observar))] })]
                : []),
            ])
          : [muted(`Sem ${words.verificacao.toLowerCase()} registrados para este objetivo.`)]),
      ]),
    ]),
  ];
}

/** 'de 02/03/2026 a 13/03/2026', 'a partir de 02/03/2026', 'até 13/03/2026', or 'sem datas informadas'. */
export function planDatesText(plan: Pick<PlanDocument, 'dataInicio' | 'dataFim'>): string {
  const { dataInicio, dataFim } = plan;
  if (dataInicio && dataFim) return dataInicio === dataFim ? `em ${formatIsoDatePtBr(dataInicio)}` : `de ${formatIsoDatePtBr(dataInicio)} a ${formatIsoDatePtBr(dataFim)}`;
  if (dataInicio) return `a partir de ${formatIsoDatePtBr(dataInicio)}`;
  if (dataFim) return `até ${formatIsoDatePtBr(dataFim)}`;
  return 'sem datas informadas';
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const RESULT_KEYS = ['naoDesenvolveu', 'emDesenvolvimento', 'desenvolveu', 'desenvolveuPlenamente'] as const;
const RESULT_COLUMNS = [1500, 1200, 1300, 1200, 1300, CONTENT_WIDTH - 6500];

/** '12 (40%)': a level's students and their share of the skill's total. */
function share(count: number, total: number): string {
  return total ? `${count} (${Math.round((count / total) * 100)}%)` : String(count);
}

/**
 * One assessment's results: a row per skill with the students at each rubric level and the share at "desenvolveu" or
 * above; a skill without results says so.
 */
function resultsBlocks(doc: HandinDocument, a: HandinAvaliacao, label: string): (Paragraph | Table)[] {
  const byCode = new Map(a.resultados.map((r) => [r.code, r.niveis]));
  const header = new TableRow({
    tableHeader: true,
    cantSplit: true,
    children: [capitalize(etapaWords(etapaOfDoc(doc)).habilidade), ...RUBRICA_NIVEIS, 'Desenvolveu ou mais'].map((name, i) => cell([labelParagraph(name)], { width: RESULT_COLUMNS[i], label: true })),
  });
  const rows = a.habilidades.map((h) => {
    const niveis = byCode.get(h.code);
    const total = niveis ? RESULT_KEYS.reduce((sum, k) => sum + niveis[k], 0) : 0;
    const values = niveis && total ? [...RESULT_KEYS.map((k) => share(niveis[k], total)), share(niveis.desenvolveu + niveis.desenvolveuPlenamente, total)] : ['sem resultados registrados', '', '', '', ''];
    return new TableRow({
      cantSplit: true,
      children: [h.code, ...values].map((value, i) => cell([valueParagraph(value)], { width: RESULT_COLUMNS[i] })),
    });
  });
  return [
    new Paragraph({ heading: HeadingLevel.HEADING_2, keepNext: true, children: [new TextRun(`Resultados — ${label}`)] }),
    table(RESULT_COLUMNS, [header, ...rows]),
    new Paragraph({ spacing: { before: 60, after: 200 }, children: [new TextRun({ text: 'Número de estudantes em cada nível da rubrica (e a parte da turma).', italics: true, size: SMALL_SIZE, color: COLOR.muted })] }),
  ];
}

/** The period's assessments, each on a new page: its test, gabarito and rubric, then its results per skill. */
function assessmentsBlocks(doc: HandinDocument): (Paragraph | Table)[] {
  const avaliacoes = doc.avaliacoes ?? [];
  if (!avaliacoes.length) return [];
  return [
    new Paragraph({ children: [new PageBreak()] }),
    new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun(HANDIN_ASSESSMENTS_HEADING)] }),
    ...avaliacoes.flatMap((a, i) => {
      const label = `avaliação ${i + 1} (${materiaLabel(a.materia)})`;
      return [...resultsBlocks(doc, a, label), ...assessmentBlocks(a, { newPage: true, label })];
    }),
  ];
}

/** The coordenação's visto, closing the hand-in. */
function vistoBlock(): Paragraph[] {
  return [new Paragraph({ spacing: { before: 600 }, alignment: AlignmentType.LEFT, keepLines: true, children: [new TextRun({ text: HANDIN_VISTO_LINE, bold: true })] })];
}

/** The hand-in as a .docx: the summary, then each plan from its title (on a new page) to its gabarito. */
export async function renderHandinDocx(doc: HandinDocument): Promise<Buffer> {
  const what = `Documentos do ${periodoOf(doc)}`;
  return Packer.toBuffer(
    buildDocument({
      title: `${what} - Turma ${doc.turma} - ${doc.anoLetivo}`,
      subject: what,
      description: `${what} de ${doc.anoLetivo}: resumo e planos de aula.`,
      header: pageHeader(doc, what),
      children: [
        ...titleBlock(doc, `${handinTitle(kindOf(doc))} — ${periodoOf(doc).toUpperCase()} DE ${doc.anoLetivo}`),
        ...summaryBlocks(doc),
        ...registroBlocks(doc),
        ...doc.planos.flatMap((plano, i) => [
          ...titleBlock(plano, `PLANO ${i + 1} — ${plano.temaPrincipal}`, true),
          ...planBlocks(plano, `${GABARITO_HEADING} — plano ${i + 1}`),
        ]),
        ...assessmentsBlocks(doc),
        ...vistoBlock(),
      ],
    }),
  );
}

/** 'Documentos do trimestre - Turma 51 - 1º trimestre - 2026.docx' (or .pdf; 'Documentos do bimestre - ... - 2º bimestre - ...'). */
export function handinFileName(doc: Pick<HandinDocument, 'turma' | 'trimestre' | 'periodoTipo' | 'anoLetivo'>, formato: 'docx' | 'pdf'): string {
  const turma = safeFileNamePart(doc.turma, 30);
  const parts = [`Documentos do ${kindOf(doc)}`, ...(turma ? [`Turma ${turma}`] : []), periodoOf(doc), String(doc.anoLetivo)];
  return `${parts.join(' - ')}.${formato}`;
}
