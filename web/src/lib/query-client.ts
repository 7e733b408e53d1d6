import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isUnauthorized } from './http';
import { handleSessionExpired } from './session';

export interface AppQueryMeta extends Record<string, unknown> {
  /** false for public calls where 401 has another meaning (login: wrong credentials). */
  sessionExpiry?: boolean;
  /** Title of the session-expired toast (the spec uses 'Não Autorizado' for generate, export and delete). */
  unauthorizedTitle?: string;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: AppQueryMeta;
    mutationMeta: AppQueryMeta;
  }
}

function onUnauthorized(error: unknown, meta: AppQueryMeta | undefined): void {
  if (isUnauthorized(error) && meta?.sessionExpiry !== false) handleSessionExpired(meta?.unauthorizedTitle);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => onUnauthorized(error, query.meta) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => onUnauthorized(error, mutation.meta),
    }),
    defaultOptions: {
      // Spec section 9: fresh for 5 minutes, no automatic retry, no polling, refetch on focus.
      queries: { staleTime: 5 * 60 * 1000, retry: false, refetchOnWindowFocus: true },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
