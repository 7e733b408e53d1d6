import { AlignmentType, BorderStyle, Document, Footer, Header, LevelFormat, PageNumber, Paragraph, Table, TextRun } from 'docx';
import { CURRICULUM_CREDIT, CURRICULUM_CREDIT_URL, type PlanDocument } from '@planejador/contracts';
import { BODY_SIZE, BULLETS, COLOR, FONT, PAGE, SMALL_SIZE, TINY_SIZE } from './docx-layout';
import { formatAno } from './pt-br-format';
import { cleanText } from './text-blocks';

// The frame of a document on the plan's layout: its title, the line at the top of each page, page numbers and the
// file's properties (the plan's .docx and the trimestre hand-in).

export const DOCUMENT_TITLE = 'PLANO DE AULA';
export const PRODUCT_NAME = 'Planejador';
/** The credit the BNCC data licence (CC BY 4.0) asks for, with a link to the data set. */
export const CURRICULUM_CREDIT_LINE = `Habilidades da BNCC: dados de ${CURRICULUM_CREDIT}, CC BY 4.0`;

const INSTITUTION_SUBTITLES: Record<string, string> = {
  'SEDUC-RS_2025': 'Secretaria da Educação do Rio Grande do Sul — Modelo SEDUC-RS 2025',
};

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
