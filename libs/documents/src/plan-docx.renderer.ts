import {
  AlignmentType,
  BorderStyle,
  Document,
  Footer,
  Header,
  HeadingLevel,
  LevelFormat,
  Packer,
  PageNumber,
  Paragraph,
  ShadingType,
  Table,
  TableCell,
  TableLayoutType,
  TableRow,
  TextRun,
  VerticalAlignTable,
  WidthType,
} from 'docx';
import {
  ALTERNATIVA_LETRAS,
  CURRICULUM_CREDIT,
  CURRICULUM_CREDIT_URL,
  DUA_HEADING,
  DUA_PRINCIPIO_LABELS,
  DUA_PRINCIPIOS,
  LESSON_FIELD_EMPTY,
  LESSON_FIELD_LABELS,
  LESSON_FIELDS,
  materiaLabel,
  trimestreLabel,
  VERIFICACAO_KIND_LABELS,
  verificacaoKindOf,
  type LessonField,
  type PlanDocument,
  type PlanDocumentLesson,
  type Questao,
  type VerificacaoKind,
  formatIsoDatePtBr,
} from '@planejador/contracts';
import { cleanText, splitSkillCode, toTextBlocks } from './text-blocks';
import { formatAno, formatDatePtBr } from './pt-br-format';

export const DOCUMENT_TITLE = 'PLANO DE AULA';
export const PRODUCT_NAME = 'Planejador';
/** The credit the BNCC data licence (CC BY 4.0) asks for, with a link to the data set. */
export const CURRICULUM_CREDIT_LINE = `Habilidades da BNCC: dados de ${CURRICULUM_CREDIT}, CC BY 4.0`;
export const TEACHER_DESCRIPTION_LABEL = 'Descrição do(a) professor(a):';

const INSTITUTION_SUBTITLES: Record<string, string> = {
  'SEDUC-RS_2025': 'Secretaria da Educação do Rio Grande do Sul — Modelo SEDUC-RS 2025',
};

// A4 with ABNT-like margins (3 cm top/left, 2 cm bottom/right), in twips.
const PAGE = { width: 11906, height: 16838, top: 1701, left: 1701, bottom: 1134, right: 1134 };
export const CONTENT_WIDTH = PAGE.width - PAGE.left - PAGE.right;
const FONT = 'Arial';
const BODY_SIZE = 22; // half-points: 11 pt
export const SMALL_SIZE = 18;
const TINY_SIZE = 15;
export const COLOR = { heading: '1F3864', label: 'DCE4F0', border: '8096B8', muted: '595959', notice: 'FFF4CE' };

const CELL_BORDER = { style: BorderStyle.SINGLE, size: 4, color: COLOR.border };
const TABLE_BORDERS = {
  top: CELL_BORDER,
  bottom: CELL_BORDER,
  left: CELL_BORDER,
  right: CELL_BORDER,
  insideHorizontal: CELL_BORDER,
  insideVertical: CELL_BORDER,
};
const CELL_MARGINS = { top: 70, bottom: 70, left: 110, right: 110 };

const ID_COLUMNS = [1900, 2886, 1750, CONTENT_WIDTH - 1900 - 2886 - 1750];
const LESSON_COLUMNS = [2250, CONTENT_WIDTH - 2250];
// A narrow hanging indent: the default list indent wastes a third of a table cell.
const BULLETS = 'plan-bullets';
const listNumbering = (isBullet: boolean) => (isBullet ? { reference: BULLETS, level: 0 } : undefined);

interface CellOptions {
  width: number;
  label?: boolean;
  columnSpan?: number;
}

export function cell(children: Paragraph[], options: CellOptions): TableCell {
  return new TableCell({
    children,
    width: { size: options.width, type: WidthType.DXA },
    columnSpan: options.columnSpan,
    margins: CELL_MARGINS,
    verticalAlign: VerticalAlignTable.TOP,
    shading: options.label ? { type: ShadingType.CLEAR, color: 'auto', fill: COLOR.label } : undefined,
  });
}

export function labelParagraph(text: string): Paragraph {
  return new Paragraph({
    spacing: { before: 0, after: 0 },
    children: [new TextRun({ text, bold: true, size: SMALL_SIZE + 2, color: COLOR.heading })],
  });
}

export function valueParagraph(text: string): Paragraph {
  return new Paragraph({ spacing: { before: 0, after: 0 }, children: [new TextRun(cleanText(text))] });
}

export function table(columns: number[], rows: TableRow[]): Table {
  return new Table({
    rows,
    columnWidths: columns,
    width: { size: CONTENT_WIDTH, type: WidthType.DXA },
    layout: TableLayoutType.FIXED,
    borders: TABLE_BORDERS,
  });
}

function identificationTable(plan: PlanDocument): Table {
  const [labelWidth, valueWidth] = ID_COLUMNS;
  const fullValueWidth = CONTENT_WIDTH - labelWidth;
  const wide = (label: string, values: Paragraph[]): TableRow =>
    new TableRow({
      cantSplit: true,
      children: [
        cell([labelParagraph(label)], { width: labelWidth, label: true }),
        cell(values, { width: fullValueWidth, columnSpan: 3 }),
      ],
    });
  const pair = (left: [string, string], right: [string, string]): TableRow =>
    new TableRow({
      cantSplit: true,
      children: [
        cell([labelParagraph(left[0])], { width: labelWidth, label: true }),
        cell([valueParagraph(left[1])], { width: valueWidth }),
        cell([labelParagraph(right[0])], { width: ID_COLUMNS[2], label: true }),
        cell([valueParagraph(right[1])], { width: ID_COLUMNS[3] }),
      ],
    });
  // Empty optional fields (period, lesson length) are left out, never printed as 'Não informado'.
  const period = periodText(plan);
  const items: [string, string][] = [
    ['Professor(a)', plan.professor],
    ['Data de criação', formatDatePtBr(plan.createdAt)],
    ['Turma', plan.turma],
    ['Ano', formatAno(plan.ano)],
    ['Componente curricular', materiaLabel(plan.materiaGeral)],
    ['Número de aulas', String(plan.aulas.length)],
    ['Trimestre', trimestreLabel(plan.trimestre)],
    ...(period ? [['Período', period] as [string, string]] : []),
    ...(plan.duracaoAulaMin ? [['Duração da aula', `${plan.duracaoAulaMin} minutos`] as [string, string]] : []),
    ['Carga horária', cargaHoraria(plan)],
  ];
  const rows = [wide('Escola', [valueParagraph(plan.escola)])];
  for (let i = 0; i < items.length; i += 2) {
    const [left, right] = [items[i], items[i + 1]];
    rows.push(right ? pair(left, right) : wide(left[0], [valueParagraph(left[1])]));
  }
  rows.push(wide('Tema principal', [valueParagraph(plan.temaPrincipal)]));
  return table(ID_COLUMNS, rows);
}

/** 'dd/mm/aaaa a dd/mm/aaaa', one side alone, or null when the plan has no period. */
export function periodText(plan: Pick<PlanDocument, 'dataInicio' | 'dataFim'>): string | null {
  const start = plan.dataInicio ? formatIsoDatePtBr(plan.dataInicio) : null;
  const end = plan.dataFim ? formatIsoDatePtBr(plan.dataFim) : null;
  if (start && end) return `${start} a ${end}`;
  if (start) return `A partir de ${start}`;
  if (end) return `Até ${end}`;
  return null;
}

/** Lessons x length: '12 aulas x 50 min = 10 h'; without a length, the number of lessons. */
export function cargaHoraria(plan: Pick<PlanDocument, 'duracaoAulaMin' | 'aulas'>): string {
  const lessons = plan.aulas.length;
  const count = `${lessons} ${lessons === 1 ? 'aula' : 'aulas'}`;
  if (!plan.duracaoAulaMin) return count;
  return `${count} x ${plan.duracaoAulaMin} min = ${hoursText(lessons * plan.duracaoAulaMin)}`;
}

/** 600 -> '10 h', 50 -> '50 min', 130 -> '2 h 10 min'. */
export function hoursText(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return hours === 0 ? `${rest} min` : rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** The runs of one line; in the skills field a leading BNCC code is set in bold. */
function lineRuns(field: LessonField, text: string): TextRun[] {
  const skill = field === 'habilidades' ? splitSkillCode(text) : null;
  if (!skill) return [new TextRun(text)];
  return [new TextRun({ text: skill.code, bold: true }), new TextRun(skill.rest)];
}

function fieldParagraphs(field: LessonField, value: string): Paragraph[] {
  const blocks = toTextBlocks(value);
  if (blocks.length === 0) {
    return [
      new Paragraph({
        spacing: { before: 0, after: 0 },
        children: [new TextRun({ text: LESSON_FIELD_EMPTY[field], italics: true, color: COLOR.muted })],
      }),
    ];
  }
  return blocks.map(
    (block, index) =>
      new Paragraph({
        numbering: listNumbering(block.kind === 'bullet'),
        spacing: { before: 0, after: index === blocks.length - 1 ? 0 : 80 },
        children: lineRuns(field, block.text),
      }),
  );
}

/** 'Aula 2 — Mudanças de estado da água', or 'Aula 2' for a lesson without a title. */
export function lessonHeading(lesson: Pick<PlanDocumentLesson, 'numeroAula' | 'titulo'>): string {
  const titulo = lesson.titulo?.trim();
  return cleanText(titulo ? `Aula ${lesson.numeroAula} — ${titulo}` : `Aula ${lesson.numeroAula}`);
}

export const GABARITO_HEADING = 'Gabarito';

function lessonBlock(lesson: PlanDocumentLesson, kind: VerificacaoKind): (Paragraph | Table)[] {
  const heading = new Paragraph({
    heading: HeadingLevel.HEADING_2,
    keepNext: true,
    children: [new TextRun(lessonHeading(lesson))],
  });
  const description = toTextBlocks(lesson.prompt).map(
    (block, index) =>
      new Paragraph({
        keepNext: true,
        numbering: listNumbering(block.kind === 'bullet'),
        spacing: { after: 60 },
        children: [
          ...(index === 0 ? [new TextRun({ text: `${TEACHER_DESCRIPTION_LABEL} `, bold: true })] : []),
          new TextRun({ text: block.text, italics: true }),
        ],
      }),
  );
  // No row is ever split; the heading above names the lesson (not repeated as the table's first row).
  const rows = LESSON_FIELDS.map(
    (field) =>
      new TableRow({
        cantSplit: true,
        children: [
          cell([labelParagraph(LESSON_FIELD_LABELS[field])], { width: LESSON_COLUMNS[0], label: true }),
          cell(fieldParagraphs(field, lesson[field]), { width: LESSON_COLUMNS[1] }),
        ],
      }),
  );
  return [heading, ...description, table(LESSON_COLUMNS, rows), ...duaBlock(lesson), ...verificacaoBlock(lesson, kind)];
}

/** "1. " in bold, then the text. */
function numbered(n: number, text: string, options: { keepNext?: boolean; after?: number } = {}): Paragraph {
  return new Paragraph({
    keepNext: options.keepNext,
    keepLines: true,
    spacing: { before: 0, after: options.after ?? 60 },
    children: [new TextRun({ text: `${n}. `, bold: true }), new TextRun(cleanText(text))],
  });
}

/**
 * The lesson's accessibility strategies (DUA), after its table: each principle in bold with its strategies as
 * bullets; nothing when the lesson has none.
 */
function duaBlock(lesson: PlanDocumentLesson): Paragraph[] {
  const dua = lesson.dua;
  if (!dua || DUA_PRINCIPIOS.every((p) => dua[p].length === 0)) return [];
  return [
    new Paragraph({ heading: HeadingLevel.HEADING_3, keepNext: true, children: [new TextRun(DUA_HEADING)] }),
    ...DUA_PRINCIPIOS.filter((p) => dua[p].length > 0).flatMap((principio) => [
      new Paragraph({
        keepNext: true,
        spacing: { before: 60, after: 40 },
        children: [new TextRun({ text: DUA_PRINCIPIO_LABELS[principio], bold: true })],
      }),
      ...dua[principio].map(
        (strategy, i) =>
          new Paragraph({
            keepLines: true,
            keepNext: i < dua[principio].length - 1,
            numbering: listNumbering(true),
            spacing: { before: 0, after: 40 },
            children: [new TextRun(cleanText(strategy))],
          }),
      ),
    ]),
  ];
}

/**
 * The lesson's questions for the students, after its table: statements and A-D alternatives, no answers. Points to
 * observe (infantil) are the teacher's own: each with what to look for, under their own heading.
 */
function verificacaoBlock(lesson: PlanDocumentLesson, kind: VerificacaoKind): Paragraph[] {
  const questoes = lesson.verificacao?.questoes ?? [];
  if (!questoes.length) return [];
  const title = new Paragraph({
    heading: HeadingLevel.HEADING_3,
    keepNext: true,
    children: [new TextRun(VERIFICACAO_KIND_LABELS[kind].heading)],
  });
  if (kind === 'observacao') {
    return [
      title,
      ...questoes.flatMap((questao, index) => [
        numbered(index + 1, questao.enunciado, { keepNext: true, after: 40 }),
        new Paragraph({
          keepLines: true,
          indent: { left: 360 },
          spacing: { before: 0, after: 160 },
          children: [new TextRun({ text: `${VERIFICACAO_KIND_LABELS.observacao.resposta}: `, bold: true }), new TextRun(cleanText(answerText(questao)))],
        }),
      ]),
    ];
  }
  return [
    title,
    ...questoes.flatMap((questao, index) => {
      if (questao.tipo !== 'multipla') return [numbered(index + 1, questao.enunciado, { after: 240 })];
      return [
        numbered(index + 1, questao.enunciado, { keepNext: true, after: 40 }),
        ...questao.alternativas.map(
          (alternativa, i) =>
            new Paragraph({
              keepNext: i < questao.alternativas.length - 1,
              indent: { left: 360 },
              spacing: { before: 0, after: i === questao.alternativas.length - 1 ? 160 : 20 },
              children: [new TextRun(cleanText(`${ALTERNATIVA_LETRAS[i]}) ${alternativa}`))],
            }),
        ),
      ];
    }),
  ];
}

/** A question's answer in the Gabarito: the right alternative's letter and text, or the expected answer. */
export function answerText(questao: Questao): string {
  return questao.tipo === 'multipla'
    ? `${ALTERNATIVA_LETRAS[questao.correta]}) ${questao.alternativas[questao.correta]}`
    : questao.respostaEsperada;
}

/**
 * Every lesson's answers, apart at the end (on a page of their own), so the questions can be printed without them;
 * nothing when no lesson has a check of learning, or when the checks are points to observe (their answers are
 * printed beside them).
 */
function answerKey(lessons: readonly PlanDocumentLesson[], title: string, kind: VerificacaoKind): Paragraph[] {
  if (kind === 'observacao') return [];
  const checked = lessons.filter((lesson) => lesson.verificacao?.questoes.length);
  if (!checked.length) return [];
  return [
    new Paragraph({ heading: HeadingLevel.HEADING_1, pageBreakBefore: true, children: [new TextRun(title)] }),
    ...checked.flatMap((lesson) => [
      new Paragraph({ heading: HeadingLevel.HEADING_2, keepNext: true, children: [new TextRun(lessonHeading(lesson))] }),
      ...lesson.verificacao!.questoes.map((questao, index) => numbered(index + 1, answerText(questao))),
    ]),
  ];
}

/** The document's title ('PLANO DE AULA') over the institution's line; `pageBreakBefore` for a plan inside a pack. */
export function titleBlock(plan: Pick<PlanDocument, 'instituicao'>, title = DOCUMENT_TITLE, pageBreakBefore = false): Paragraph[] {
  const subtitle = INSTITUTION_SUBTITLES[plan.instituicao] ?? cleanText(plan.instituicao.replace(/_/g, ' '));
  const blocks = [
    new Paragraph({
      alignment: AlignmentType.CENTER,
      pageBreakBefore,
      spacing: { after: 60 },
      children: [new TextRun({ text: cleanText(title), bold: true, size: 32, color: COLOR.heading })],
    }),
    new Paragraph({
      alignment: AlignmentType.CENTER,
      spacing: { after: 240 },
      border: { bottom: { style: BorderStyle.SINGLE, size: 8, color: COLOR.heading, space: 6 } },
      children: [new TextRun({ text: subtitle, size: SMALL_SIZE + 2, color: COLOR.muted })],
    }),
  ];
  return blocks;
}

/** The line at the top of every page: what the document is, the class, its year and school. */
export function pageHeader(plan: Pick<PlanDocument, 'turma' | 'ano' | 'escola'>, what = 'Plano de Aula'): Header {
  const parts = [`${what} — Turma ${plan.turma}`, formatAno(plan.ano), plan.escola].filter((p) => p.trim());
  return new Header({
    children: [
      new Paragraph({
        alignment: AlignmentType.RIGHT,
        children: [new TextRun({ text: cleanText(parts.join(' · ')), size: TINY_SIZE + 1, color: COLOR.muted })],
      }),
    ],
  });
}

/** Page numbers only: the document holds what the teacher hands in, nothing of the app. */
function pageFooter(): Footer {
  return new Footer({
    children: [
      new Paragraph({
        alignment: AlignmentType.RIGHT,
        children: [
          new TextRun({
            size: SMALL_SIZE,
            color: COLOR.muted,
            children: ['Página ', PageNumber.CURRENT, ' de ', PageNumber.TOTAL_PAGES],
          }),
        ],
      }),
    ],
  });
}

/**
 * One plan's pages after its title: the identification table, every lesson (its description, its table and its
 * check of learning) and the answers apart on a page of their own. The plan's .docx and the trimestre hand-in both
 * print a plan with these blocks.
 */
export function planBlocks(plan: PlanDocument, gabaritoTitle: string): (Paragraph | Table)[] {
  const lessons = [...plan.aulas].sort((a, b) => a.numeroAula - b.numeroAula);
  const kind = verificacaoKindOf(plan.etapa);
  return [
    new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun('1. Identificação')] }),
    identificationTable(plan),
    new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun('2. Desenvolvimento das aulas')] }),
    ...lessons.flatMap((lesson) => lessonBlock(lesson, kind)),
    ...answerKey(lessons, gabaritoTitle, kind),
  ];
}

/** What a document built on the plan's layout holds besides its pages' content. */
export interface DocumentShell {
  title: string;
  subject: string;
  description: string;
  header: Header;
  children: (Paragraph | Table)[];
}

/** A document with the plan's layout: A4, its margins, fonts, headings, bullets, the page header and page numbers. */
export function buildDocument(shell: DocumentShell): Document {
  const headingRun = { font: FONT, bold: true, color: COLOR.heading };
  return new Document({
    creator: PRODUCT_NAME,
    title: cleanText(shell.title),
    subject: cleanText(shell.subject),
    // The data licence's credit travels in the file's properties, not on the pages the teacher hands in.
    description: `${shell.description} ${CURRICULUM_CREDIT_LINE}: ${CURRICULUM_CREDIT_URL}`,
    numbering: {
      config: [
        {
          reference: BULLETS,
          levels: [
            {
              level: 0,
              format: LevelFormat.BULLET,
              text: '•',
              alignment: AlignmentType.LEFT,
              style: { paragraph: { indent: { left: 284, hanging: 227 } } },
            },
          ],
        },
      ],
    },
    styles: {
      default: {
        document: {
          run: { font: FONT, size: BODY_SIZE, language: { value: 'pt-BR' } },
          paragraph: { spacing: { after: 120, line: 264 } },
        },
        heading1: {
          run: { ...headingRun, size: 26 },
          paragraph: { spacing: { before: 320, after: 140 }, keepNext: true },
        },
        heading2: {
          run: { ...headingRun, size: 24 },
          paragraph: { spacing: { before: 300, after: 100 }, keepNext: true },
        },
        heading3: {
          run: { ...headingRun, size: BODY_SIZE },
          paragraph: { spacing: { before: 200, after: 80 }, keepNext: true },
        },
      },
    },
    sections: [
      {
        properties: {
          page: {
            size: { width: PAGE.width, height: PAGE.height },
            margin: { top: PAGE.top, bottom: PAGE.bottom, left: PAGE.left, right: PAGE.right, header: 709, footer: 567 },
          },
        },
        headers: { default: shell.header },
        footers: { default: pageFooter() },
        children: shell.children,
      },
    ],
  });
}

/** Renders a lesson plan as a .docx (SEDUC-RS 2025 layout). User text goes in as text runs: docx escapes it. */
export async function renderPlanDocx(plan: PlanDocument): Promise<Buffer> {
  return Packer.toBuffer(
    buildDocument({
      title: `Plano de Aula - Turma ${plan.turma} - ${plan.temaPrincipal}`,
      subject: plan.temaPrincipal,
      description: 'Plano de aula.',
      header: pageHeader(plan),
      children: [...titleBlock(plan), ...planBlocks(plan, `3. ${GABARITO_HEADING}`)],
    }),
  );
}
