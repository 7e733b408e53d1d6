import type { RateLimitService } from '../core/rate-limit.service';
import { digest } from '../core/digest';

/** Reset mails, and confirmation mails, that one address gets in an hour at most, whoever asks for them. */
export const MAILS_PER_ADDRESS_PER_HOUR = 3;

/**
 * Counts one more `kind` of mail to `email` (by a digest of the address, in Redis: every api process counts the
 * same) and says whether it may go. Past the cap the caller answers as usual and sends nothing.
 */
export function mayMail(rateLimit: RateLimitService, kind: 'password-reset' | 'verify-email', email: string): Promise<boolean> {
  return rateLimit.withinCap(`mail-${kind}`, digest(email.toLowerCase()), MAILS_PER_ADDRESS_PER_HOUR, 3600);
}
