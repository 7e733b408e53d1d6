export const SETTINGS = Symbol('SETTINGS');
export const REDIS = Symbol('REDIS');
export const JOB_PRODUCER = Symbol('JOB_PRODUCER');
export const LESSON_GENERATOR = Symbol('LESSON_GENERATOR');
export const MAIL_TRANSPORT = Symbol('MAIL_TRANSPORT');
