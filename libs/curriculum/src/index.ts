export * from './curriculum-record';
export * from './materia';
export * from './text/portuguese-text';
export * from './text/portuguese-stemmer';
export * from './search/skill-index';
export * from './search/skill-query';
export * from './search/subject-skills';
