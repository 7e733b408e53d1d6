export { renderPlanDocx, CURRICULUM_CREDIT_LINE, DOCUMENT_TITLE, OFFLINE_NOTICE, PRODUCT_NAME } from './plan-docx.renderer';
export { planFileName, contentDisposition, FILE_NAME_MAX } from './plan-file-name';
export { formatDatePtBr, formatAno, DOCUMENT_TIME_ZONE } from './pt-br-format';
export { samplePlanDocument, sampleLesson } from './sample-plan';
