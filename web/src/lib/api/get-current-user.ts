import { SIGNED_OUT_OK_HEADER, type PublicUser } from '@planejador/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http, isUnauthorized } from '../http';
import { queryKeys } from '../query-keys';

/**
 * GET /api/auth/user: the signed-in user, or null when signed out. The header asks for signed out as an empty 200
 * (a guest's page then logs no failed request in the console); a 401 still means signed out.
 */
export async function getCurrentUser(): Promise<PublicUser | null> {
  try {
    return (await http.get<PublicUser | undefined>('/api/auth/user', { headers: { [SIGNED_OUT_OK_HEADER]: '1' } })) ?? null;
  } catch (error) {
    if (isUnauthorized(error)) return null;
    throw error;
  }
}

/**
 * An answer this recent is the one a mounting component was waiting for: when the guard's request ends, the shell
 * and the page mount at once, and with a plain `refetchOnMount: true` they asked for the user a second time.
 */
const JUST_ANSWERED_MS = 1000;

export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.currentUser,
    queryFn: getCurrentUser,
    // Always stale: refetched on mount (unless just answered) and on window focus (spec section 4).
    staleTime: 0,
    refetchOnMount: (query) => query.state.isInvalidated || Date.now() - query.state.dataUpdatedAt > JUST_ANSWERED_MS,
    refetchOnWindowFocus: true,
    meta: { sessionExpiry: false },
  });

export function useCurrentUser() {
  return useQuery(currentUserQueryOptions());
}

/** The display name: first name, or first and last name; fallback Usuário. */
export function displayName(user: Pick<PublicUser, 'firstName' | 'lastName'> | null | undefined): string {
  const name = [user?.firstName, user?.lastName].filter(Boolean).join(' ').trim();
  return name || 'Usuário';
}

/** The avatar letter: first letter of the first name or of the e-mail; fallback U. */
export function userInitial(user: Pick<PublicUser, 'firstName' | 'email'> | null | undefined): string {
  const source = user?.firstName?.trim() || user?.email?.trim() || '';
  return (source.charAt(0) || 'U').toUpperCase();
}
