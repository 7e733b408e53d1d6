import { HeadingLevel, Paragraph, Table, TableRow, TextRun } from 'docx';
import { componenteNome, LESSON_FIELDS, lessonFieldEmpty, lessonFieldLabels, type Etapa, type LessonField, type PlanDocumentLesson } from '@planejador/contracts';
import { cell, COLOR, CONTENT_WIDTH, labelParagraph, listNumbering, table } from './docx-layout';
import { cleanText, splitSkillCode, toTextBlocks } from './text-blocks';

export const TEACHER_DESCRIPTION_LABEL = 'Descrição do(a) professor(a):';

const LESSON_COLUMNS = [2250, CONTENT_WIDTH - 2250];

/**
 * 'Aula 2 — Mudanças de estado da água', or 'Aula 2' for a lesson without a title; in a plan that mixes subjects the
 * lesson's own subject follows its number: 'Aula 2 · Ciências — Mudanças de estado da água'.
 */
export function lessonHeading(lesson: Pick<PlanDocumentLesson, 'numeroAula' | 'titulo' | 'materia'>, withMateria = false): string {
  const titulo = lesson.titulo?.trim();
  const aula = withMateria && lesson.materia ? `Aula ${lesson.numeroAula} · ${componenteNome(lesson.materia)}` : `Aula ${lesson.numeroAula}`;
  return cleanText(titulo ? `${aula} — ${titulo}` : aula);
}

/** Whether the lessons hold more than one subject (each lesson's heading then names its own). */
export function mixesMaterias(lessons: readonly Pick<PlanDocumentLesson, 'materia'>[]): boolean {
  return new Set(lessons.map((l) => l.materia)).size > 1;
}

/** The runs of one line; in the skills field a leading BNCC code is set in bold. */
function lineRuns(field: LessonField, text: string): TextRun[] {
  const skill = field === 'habilidades' ? splitSkillCode(text) : null;
  if (!skill) return [new TextRun(text)];
  return [new TextRun({ text: skill.code, bold: true }), new TextRun(skill.rest)];
}

function fieldParagraphs(field: LessonField, value: string, empty: string): Paragraph[] {
  const blocks = toTextBlocks(value);
  if (blocks.length === 0) {
    return [
      new Paragraph({
        spacing: { before: 0, after: 0 },
        children: [new TextRun({ text: empty, italics: true, color: COLOR.muted })],
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

/** A lesson's heading, the teacher's description of it and the table of its five fields, labelled in the stage's words. */
export function lessonBlock(lesson: PlanDocumentLesson, etapa?: Etapa, withMateria = false): (Paragraph | Table)[] {
  const labels = lessonFieldLabels(etapa);
  const empty = lessonFieldEmpty(etapa);
  const heading = new Paragraph({
    heading: HeadingLevel.HEADING_2,
    keepNext: true,
    children: [new TextRun(lessonHeading(lesson, withMateria))],
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
          cell([labelParagraph(labels[field])], { width: LESSON_COLUMNS[0], label: true }),
          cell(fieldParagraphs(field, lesson[field], empty[field]), { width: LESSON_COLUMNS[1] }),
        ],
      }),
  );
  return [heading, ...description, table(LESSON_COLUMNS, rows)];
}
