import type { StackProfile } from '@planejador/testing';

/**
 * The admin of each file on the admin stack, named by its ADMIN_EMAILS: one address per file, so that the files
 * sharing the stack (one after another in a jest worker, on one database) never register the same account.
 */
export const STACK_ADMINS = {
  admin: 'admin@admin-spec.planejador.test',
  emailVerification: 'chefe@email-verification-spec.planejador.test',
} as const;

/**
 * The shared stack of the files that need admins named by ADMIN_EMAILS and read the e-mailed links (offline
 * drafter): links to APP_URL http://planejador.test, mail from nao-responda@planejador.test, and a short first
 * retry delay of the mail queue (50 ms, the real default is 1 s, exponential) that keeps the retry cases fast.
 */
export const ADMIN_STACK: StackProfile = {
  ai: 'offline',
  env: {
    ADMIN_EMAILS: Object.values(STACK_ADMINS).join(' '),
    APP_URL: 'http://planejador.test',
    MAIL_FROM: 'Planejador <nao-responda@planejador.test>',
    MAIL_RETRY_BASE_MS: '50',
  },
};
