import { CASHIER_PATHS, type OpenNotificationValue } from '@kismat/contracts/cashier';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { syncUnread } from './inbox-keys';

/** POST /wps/v2/notifications/:id/open: the message, now read, and the unread count after. */
export function openNotification(id: number): Promise<OpenNotificationValue> {
  return api.post<OpenNotificationValue>(CASHIER_PATHS.notificationOpen.replace(':id', String(id)));
}

export function useOpenNotification() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: openNotification, onSuccess: (value) => syncUnread(queryClient, value.unread) });
}
