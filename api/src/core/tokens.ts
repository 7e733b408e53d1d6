/** Injection tokens of the api's shared infrastructure. */
export const SETTINGS = Symbol('SETTINGS');
export const PG_POOL = Symbol('PG_POOL');
export const REDIS = Symbol('REDIS');
export const JOB_PRODUCER = Symbol('JOB_PRODUCER');
