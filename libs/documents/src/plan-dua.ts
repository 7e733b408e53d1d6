import { HeadingLevel, Paragraph, TextRun } from 'docx';
import { DUA_HEADING, DUA_PRINCIPIO_LABELS, DUA_PRINCIPIOS, type PlanDocumentLesson } from '@planejador/contracts';
import { listNumbering } from './docx-layout';
import { cleanText } from './text-blocks';

/**
 * The lesson's accessibility strategies (DUA), after its table: each principle in bold with its strategies as
 * bullets; nothing when the lesson has none.
 */
export function duaBlock(lesson: PlanDocumentLesson): Paragraph[] {
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
