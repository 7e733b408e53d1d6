import { createHash } from 'node:crypto';

/**
 * A SHA-256 of `value` (base64url): how a secret or personal value (a session id, an e-mail address) names a Redis
 * key, a channel message or a socket room without appearing there in plaintext.
 */
export const digest = (value: string) => createHash('sha256').update(value).digest('base64url');
