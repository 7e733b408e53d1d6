export { renderPlanDocx } from './plan-docx.renderer';
export { CURRICULUM_CREDIT_LINE, DOCUMENT_TITLE, PRODUCT_NAME } from './docx-document';
export { cargaHoraria, periodText } from './plan-identification';
export { planFileName, FILE_NAME_MAX } from './plan-file-name';
// One implementation for the api (which does not depend on this lib) and the worker.
export { contentDisposition } from '@planejador/contracts';
export { formatDatePtBr, formatAno } from './pt-br-format';
export { samplePlanDocument, sampleLesson } from './sample-plan';
export { renderAssessmentDocx, assessmentFileName, assessmentBlocks, ASSESSMENT_SECTIONS, type AssessmentDocument } from './assessment-docx.renderer';
export { renderHandinDocx, handinFileName, handinSummaryHeading, handinTitle, HANDIN_TITLE, HANDIN_SUMMARY_HEADING, type HandinDocument } from './handin-docx.renderer';
