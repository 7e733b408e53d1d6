// No side effects here: a page that reads only constants and messages loads no zod. Whoever validates calls
// configureZodMessages() once (the api and the worker at start, the web's form resolver).
export * from './messages';
export * from './domain';
export * from './etapas';
export * from './materia';
export * from './auth';
export * from './barreiras';
export * from './turmas';
export * from './feedback';
export * from './planos';
export * from './lesson-text';
export * from './verificacao';
export * from './avaliacoes';
export * from './titles';
export * from './lesson-skills';
export * from './privacy/redactor';
export * from './privacy/class-notes';
export * from './school-year';
export * from './calendario';
export * from './trimestre-export';
export * from './curriculum';
export * from './email';
export * from './events';
export * from './jobs';
export * from './documents';
export * from './http';
export * from './files';
export { configureZodMessages } from './zod-pt-br';
