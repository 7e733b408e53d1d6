export const SETTINGS = Symbol('SETTINGS');
export const REDIS = Symbol('REDIS');
export const JOB_PRODUCER = Symbol('JOB_PRODUCER');
export const LESSON_GENERATOR = Symbol('LESSON_GENERATOR');
export const MAIL_TRANSPORT = Symbol('MAIL_TRANSPORT');
/** A small pg pool for the repository functions that read with one prepared statement (the coverage). */
export const PG_POOL = Symbol('PG_POOL');
