import { createHash } from 'node:crypto';

/** What is stored of an e-mailed token (reset, confirmation): its SHA-256, never the token. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
