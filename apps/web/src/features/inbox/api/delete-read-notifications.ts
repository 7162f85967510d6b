import { CASHIER_PATHS, type DeleteNotificationsValue } from '@kismat/contracts/cashier';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { syncUnread } from './inbox-keys';

/** POST /wps/v2/notifications/delete-read: every message the member has read. */
export function deleteReadNotifications(): Promise<DeleteNotificationsValue> {
  return api.post<DeleteNotificationsValue>(CASHIER_PATHS.notificationsDeleteRead);
}

export function useDeleteReadNotifications() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteReadNotifications, onSuccess: (value) => syncUnread(queryClient, value.unread) });
}
