import type { PublicUser, UpdateUserData } from '@planejador/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { queryKeys } from '@/lib/query-keys';

/** PATCH /api/auth/user: the signed-in teacher's first and last name; answers the user as GET /api/auth/user does. */
export function updateUser(input: UpdateUserData): Promise<PublicUser> {
  return http.patch<PublicUser>('/api/auth/user', input);
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    // The answer is the user now: the menu and the dashboard greet her by the new name at once.
    onSuccess: (user) => queryClient.setQueryData(queryKeys.currentUser, user),
  });
}
