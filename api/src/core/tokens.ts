/** Injection tokens of the api's shared infrastructure. */
export const SETTINGS = Symbol('SETTINGS');
export const REDIS = Symbol('REDIS');
export const JOB_PRODUCER = Symbol('JOB_PRODUCER');
