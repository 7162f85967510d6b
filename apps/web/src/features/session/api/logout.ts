import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSessionStore } from '@/stores/session-store';

const LOGOUT_PATH = '/wps/session/logout';

export function logout(): Promise<unknown> {
  return api.delete<unknown>(LOGOUT_PATH, { skipAuthRedirect: true });
}

/**
 * Spec: logout clears session storage (keeping the merchant) and resets the login and agent
 * flags. The local session ends even when the server call fails, so a user is never stuck.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => logout().catch(() => undefined),
    onSettled: () => {
      useSessionStore.getState().signOut();
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] === 'member' });
    },
  });
}
