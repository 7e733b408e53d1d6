import { BorderStyle, Paragraph, ShadingType, Table, TableCell, TableLayoutType, TableRow, TextRun, VerticalAlignTable, WidthType } from 'docx';
import { cleanText } from './text-blocks';

// The building blocks of the plan's layout (and of the documents printed on it): page, type, colours, tables.

// A4 with ABNT-like margins (3 cm top/left, 2 cm bottom/right), in twips.
export const PAGE = { width: 11906, height: 16838, top: 1701, left: 1701, bottom: 1134, right: 1134 };
export const CONTENT_WIDTH = PAGE.width - PAGE.left - PAGE.right;
export const FONT = 'Arial';
export const BODY_SIZE = 22; // half-points: 11 pt
export const SMALL_SIZE = 18;
export const TINY_SIZE = 15;
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

// A narrow hanging indent: the default list indent wastes a third of a table cell.
export const BULLETS = 'plan-bullets';
export const listNumbering = (isBullet: boolean) => (isBullet ? { reference: BULLETS, level: 0 } : undefined);

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

/** "1. " in bold, then the text. */
export function numbered(n: number, text: string, options: { keepNext?: boolean; after?: number } = {}): Paragraph {
  return new Paragraph({
    keepNext: options.keepNext,
    keepLines: true,
    spacing: { before: 0, after: options.after ?? 60 },
    children: [new TextRun({ text: `${n}. `, bold: true }), new TextRun(cleanText(text))],
  });
}
