import { MSG, type PublicUser, type RegisterInput } from '@planejador/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorText, http } from '@/lib/http';
import { queryKeys } from '@/lib/query-keys';
import { toast } from '@/lib/toast';

/** POST /api/register: 201 with the new user (409 when the e-mail is taken). */
export function register(input: RegisterInput): Promise<PublicUser> {
  return http.post<PublicUser>('/api/register', input);
}

export function useRegister(options: { onSuccess?: (user: PublicUser) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    meta: { sessionExpiry: false },
    onSuccess: (user) => {
      queryClient.setQueryData(queryKeys.currentUser, user);
      toast({ title: 'Sucesso!', description: 'Cadastro realizado com sucesso.', variant: 'success' });
      options.onSuccess?.(user);
    },
    onError: (error) => {
      toast({ title: 'Erro no cadastro', description: errorText(error, MSG.registerFailed), variant: 'destructive' });
    },
  });
}
