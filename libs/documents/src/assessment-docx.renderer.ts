import { AlignmentType, BorderStyle, Document, HeadingLevel, Packer, PageBreak, Paragraph, Table, TableCell, TableRow, TextRun, WidthType } from 'docx';
import { ALTERNATIVA_LETRAS, materiaLabel, periodoLabel, type AvaliacaoHabilidade, type PeriodoTipo } from '@planejador/contracts';
import { formatAno } from './pt-br-format';

/**
 * What the assessment's document prints: its class and its skills with questions and rubric. How the text was written
 * (an AI or the offline drafter) is said on the page, never in the document (decisions.md: no app notice in a
 * document).
 */
export interface AssessmentDocument {
  escola: string;
  professor: string | null;
  turma: string;
  ano: string;
  /** The period's number (1..4) of its kind (`periodoTipo`, absent: trimestre): "2º bimestre". */
  trimestre: number;
  periodoTipo?: PeriodoTipo;
  materia: string;
  habilidades: AvaliacaoHabilidade[];
}

export const ASSESSMENT_SECTIONS = { prova: 'AVALIAÇÃO', gabarito: 'Gabarito', rubrica: 'Rubrica por habilidade' } as const;

const FONT = 'Arial';
const BORDER = { style: BorderStyle.SINGLE, size: 4, color: '8096B8' };
const BORDERS = { top: BORDER, bottom: BORDER, left: BORDER, right: BORDER, insideHorizontal: BORDER, insideVertical: BORDER };

const text = (value: string, options: { bold?: boolean; italics?: boolean } = {}) => new TextRun({ text: value, font: FONT, size: 22, ...options });
const para = (runs: TextRun[], spacingAfter = 120) => new Paragraph({ children: runs, spacing: { after: spacingAfter } });
const heading = (value: string, level: (typeof HeadingLevel)[keyof typeof HeadingLevel] = HeadingLevel.HEADING_1) =>
  new Paragraph({ heading: level, children: [new TextRun({ text: value, font: FONT, bold: true })], spacing: { before: 200, after: 160 } });

/** The questions numbered across skills, in the assessment's order. */
function numbered(doc: AssessmentDocument) {
  let n = 0;
  return doc.habilidades.flatMap((h) => h.questoes.map((questao) => ({ n: ++n, questao, code: h.code })));
}

function studentTest(doc: AssessmentDocument): Paragraph[] {
  const out: Paragraph[] = [
    new Paragraph({ alignment: AlignmentType.CENTER, children: [new TextRun({ text: `${ASSESSMENT_SECTIONS.prova} — ${materiaLabel(doc.materia)}`, font: FONT, bold: true, size: 28 })], spacing: { after: 120 } }),
    para([text(`Escola: ${doc.escola}`)], 40),
    para([text(`Professor(a): ${doc.professor ?? ''}`)], 40),
    para([text(`Turma: ${doc.turma} — ${formatAno(doc.ano)} — ${periodoLabel(doc.trimestre, doc.periodoTipo)}`)], 40),
    para([text('Nome do(a) estudante: ________________________________________   Data: ____/____/______')], 200),
  ];
  for (const { n, questao, code } of numbered(doc)) {
    out.push(para([text(`${n}. `, { bold: true }), text(questao.enunciado), text(` (${code})`, { italics: true })], 80));
    if (questao.tipo === 'multipla') {
      questao.alternativas.forEach((alt, i) => out.push(new Paragraph({ indent: { left: 400 }, children: [text(`${ALTERNATIVA_LETRAS[i]}) ${alt}`)], spacing: { after: 40 } })));
    } else {
      for (let line = 0; line < 4; line++) out.push(para([text('_'.repeat(80))], 40));
    }
    out.push(para([], 120));
  }
  return out;
}

function answerKey(doc: AssessmentDocument, title: string): Paragraph[] {
  const out = [new Paragraph({ children: [new PageBreak()] }), heading(title)];
  for (const { n, questao } of numbered(doc)) {
    if (questao.tipo === 'multipla') out.push(para([text(`${n}. `, { bold: true }), text(`${ALTERNATIVA_LETRAS[questao.correta]}) ${questao.alternativas[questao.correta]}`)]));
    else out.push(para([text(`${n}. `, { bold: true }), text(`Resposta esperada: ${questao.respostaEsperada}`)]));
  }
  return out;
}

function rubricTable(h: AvaliacaoHabilidade): Table {
  const row = (cells: string[], header = false) =>
    new TableRow({
      tableHeader: header,
      cantSplit: true,
      children: cells.map((value, i) => new TableCell({ width: { size: i === 0 ? 28 : 72, type: WidthType.PERCENTAGE }, children: [para([text(value, { bold: header || i === 0 })], 40)] })),
    });
  return new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    borders: BORDERS,
    rows: [row(['Nível', 'Descritor'], true), ...h.rubrica.map((r) => row([r.nivel, r.descritor]))],
  });
}

function rubrics(doc: AssessmentDocument, title: string): (Paragraph | Table)[] {
  const out: (Paragraph | Table)[] = [new Paragraph({ children: [new PageBreak()] }), heading(title)];
  for (const h of doc.habilidades) {
    out.push(heading(`${h.code} — ${h.description.replace(/^\s*\([A-Z0-9-]+\)\s*/u, '')}`, HeadingLevel.HEADING_3), rubricTable(h), para([], 200));
  }
  return out;
}

/**
 * The assessment's three parts as blocks of a document: the test for the students (on a new page when `newPage`), the
 * gabarito and the rubric per skill (each on a new page). `label` ('avaliação 2') names the gabarito and the rubric of
 * one assessment among several (the period's hand-in).
 */
export function assessmentBlocks(doc: AssessmentDocument, options: { newPage?: boolean; label?: string } = {}): (Paragraph | Table)[] {
  const of = options.label ? ` — ${options.label}` : '';
  return [
    ...(options.newPage ? [new Paragraph({ children: [new PageBreak()] })] : []),
    ...studentTest(doc),
    ...answerKey(doc, `${ASSESSMENT_SECTIONS.gabarito}${of}`),
    ...rubrics(doc, `${ASSESSMENT_SECTIONS.rubrica}${of}`),
  ];
}

/**
 * The assessment as a .docx: first the test for the students (questions and alternatives A-D, no answers), then the
 * gabarito on its own page, then the rubric of each skill (a table of the 4 levels). Pure: data in, Buffer out.
 */
export function renderAssessmentDocx(doc: AssessmentDocument): Promise<Buffer> {
  const document = new Document({
    creator: doc.professor ?? '',
    title: `Avaliação — ${materiaLabel(doc.materia)} — ${periodoLabel(doc.trimestre, doc.periodoTipo)}`,
    styles: { default: { document: { run: { font: FONT, size: 22 } } } },
    sections: [{ children: assessmentBlocks(doc) }],
  });
  return Packer.toBuffer(document);
}

/** "Avaliação - Turma 51 - Matemática - 2º trimestre.docx" (no characters a file system refuses). */
export function assessmentFileName(doc: Pick<AssessmentDocument, 'turma' | 'materia' | 'trimestre' | 'periodoTipo'>): string {
  const safe = (value: string) => value.replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ').replace(/\s+/g, ' ').trim().slice(0, 60);
  const parts = ['Avaliação', doc.turma ? `Turma ${safe(doc.turma)}` : '', materiaLabel(doc.materia), periodoLabel(doc.trimestre, doc.periodoTipo)].filter(Boolean);
  return `${parts.join(' - ')}.docx`;
}
