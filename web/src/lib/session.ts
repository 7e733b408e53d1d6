import { LIMITS } from '@planejador/contracts';
import { toast } from './toast';
import { PATHS } from '@/lib/paths';

let redirecting = false;

/**
 * A data call answered 401: the session is gone. Tell the user once and go to /auth
 * (decisions.md: /auth, not /api/login) after the spec's 500 ms.
 */
export function handleSessionExpired(title = 'Sessão Expirada'): void {
  if (redirecting) return;
  redirecting = true;
  toast({ title, description: 'Sessão expirada. Fazendo login novamente...', variant: 'destructive' });
  setTimeout(() => {
    window.location.assign(PATHS.auth);
  }, LIMITS.sessionExpiredRedirectMs);
}
