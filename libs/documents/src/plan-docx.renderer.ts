import { HeadingLevel, Packer, Paragraph, Table, TextRun } from 'docx';
import { verificacaoKindOf, type PlanDocument } from '@planejador/contracts';
import { buildDocument, pageHeader, titleBlock } from './docx-document';
import { duaBlock } from './plan-dua';
import { identificationTable } from './plan-identification';
import { lessonBlock, mixesMaterias } from './plan-lesson';
import { answerKey, GABARITO_HEADING, verificacaoBlock } from './plan-verificacao';

// The plan's parts, each in its own file: the document's frame (docx-document), the identification table
// (plan-identification), each lesson's table (plan-lesson), its DUA strategies (plan-dua) and its check of learning
// with the answers apart (plan-verificacao), on the layout's building blocks (docx-layout).
export { CURRICULUM_CREDIT_LINE } from './docx-document';
export { lessonHeading } from './plan-lesson';
export { answerText } from './plan-verificacao';

/**
 * One plan's pages after its title: the identification table, every lesson (its description, its table, its DUA
 * strategies and its check of learning) and the answers apart on a page of their own. The plan's .docx and the
 * trimestre hand-in both print a plan with these blocks.
 */
export function planBlocks(plan: PlanDocument, gabaritoTitle: string): (Paragraph | Table)[] {
  const lessons = [...plan.aulas].sort((a, b) => a.numeroAula - b.numeroAula);
  const kind = verificacaoKindOf(plan.etapa);
  const mixed = mixesMaterias(lessons);
  return [
    new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun('1. Identificação')] }),
    identificationTable(plan),
    new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun('2. Desenvolvimento das aulas')] }),
    ...lessons.flatMap((lesson) => [...lessonBlock(lesson, plan.etapa, mixed), ...duaBlock(lesson), ...verificacaoBlock(lesson, kind)]),
    ...answerKey(lessons, gabaritoTitle, kind, mixed),
  ];
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
