import { HeadingLevel, Paragraph, TextRun } from 'docx';
import { ALTERNATIVA_LETRAS, VERIFICACAO_KIND_LABELS, type PlanDocumentLesson, type Questao, type VerificacaoKind } from '@planejador/contracts';
import { numbered } from './docx-layout';
import { lessonHeading } from './plan-lesson';
import { cleanText } from './text-blocks';

export const GABARITO_HEADING = 'Gabarito';

/**
 * The lesson's questions for the students, after its table: statements and A-D alternatives, no answers. Points to
 * observe (infantil) are the teacher's own: each with what to look for, under their own heading.
 */
export function verificacaoBlock(lesson: PlanDocumentLesson, kind: VerificacaoKind): Paragraph[] {
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
export function answerKey(lessons: readonly PlanDocumentLesson[], title: string, kind: VerificacaoKind, withMateria = false): Paragraph[] {
  if (kind === 'observacao') return [];
  const checked = lessons.filter((lesson) => lesson.verificacao?.questoes.length);
  if (!checked.length) return [];
  return [
    new Paragraph({ heading: HeadingLevel.HEADING_1, pageBreakBefore: true, children: [new TextRun(title)] }),
    ...checked.flatMap((lesson) => [
      new Paragraph({ heading: HeadingLevel.HEADING_2, keepNext: true, children: [new TextRun(lessonHeading(lesson, withMateria))] }),
      ...lesson.verificacao!.questoes.map((questao, index) => numbered(index + 1, answerText(questao))),
    ]),
  ];
}
