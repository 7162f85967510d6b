import { CASHIER_PATHS } from '@kismat/contracts/cashier';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { syncUnread } from './inbox-keys';

/** POST /wps/v2/notifications/read with no ids: every message read. */
export function markAllRead(): Promise<null> {
  return api.post<null>(CASHIER_PATHS.notificationsRead, {});
}

export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: markAllRead, onSuccess: () => syncUnread(queryClient, 0) });
}
