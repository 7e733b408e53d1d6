import { MSG, type LoginInput, type PublicUser } from '@planejador/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorText, http } from '@/lib/http';
import { queryKeys } from '@/lib/query-keys';
import { toast } from '@/lib/toast';

/** POST /api/login: answers the user (401 'Credenciais inválidas', 429 when rate-limited). */
export function login(input: LoginInput): Promise<PublicUser> {
  return http.post<PublicUser>('/api/login', input);
}

export function useLogin(options: { onSuccess?: (user: PublicUser) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    // A 401 here means wrong credentials, not an expired session.
    meta: { sessionExpiry: false },
    onSuccess: (user) => {
      queryClient.setQueryData(queryKeys.currentUser, user);
      toast({ title: 'Sucesso!', description: 'Login realizado com sucesso.', variant: 'success' });
      options.onSuccess?.(user);
    },
    onError: (error) => {
      toast({ title: 'Erro no login', description: errorText(error, MSG.invalidCredentials), variant: 'destructive' });
    },
  });
}
