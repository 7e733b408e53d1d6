import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { errorText, http, isUnauthorized } from '@/lib/http';
import { queryKeys } from '@/lib/query-keys';
import { closePlanProgressSocket } from '@/lib/plan-progress-socket';
import { toast } from '@/lib/toast';
import { clearAllDrafts } from '@/lib/drafts';
import { PATHS } from '@/lib/paths';

/** POST /api/logout: 204; the answer is not read. */
export async function logout(): Promise<void> {
  try {
    await http.post<void>('/api/logout');
  } catch (error) {
    // Already signed out on the server: the goal is reached.
    if (!isUnauthorized(error)) throw error;
  }
}

export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    meta: { sessionExpiry: false },
    onSuccess: () => {
      // Logout clears the user and all cached data (spec section 4), the live connection and the unsaved plan
      // edits kept in this browser (decisions.md, Sessions and security).
      closePlanProgressSocket();
      clearAllDrafts();
      queryClient.clear();
      queryClient.setQueryData(queryKeys.currentUser, null);
      toast({ title: 'Logout realizado', description: 'Você foi desconectado com sucesso.' });
      void navigate(PATHS.auth, { replace: true });
    },
    onError: (error) => {
      toast({ title: 'Erro no logout', description: errorText(error, error.message), variant: 'destructive' });
    },
  });
}
