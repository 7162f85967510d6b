import { CASHIER_PATHS, type DeleteNotificationsValue } from '@kismat/contracts/cashier';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { syncUnread } from './inbox-keys';

/** POST /wps/v2/notifications/:id/delete: one of the member's messages, read or not. */
export function deleteNotification(id: number): Promise<DeleteNotificationsValue> {
  return api.post<DeleteNotificationsValue>(CASHIER_PATHS.notificationDelete.replace(':id', String(id)));
}

export function useDeleteNotification() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteNotification, onSuccess: (value) => syncUnread(queryClient, value.unread) });
}
