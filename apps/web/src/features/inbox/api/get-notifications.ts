import { CASHIER_PATHS, NOTIFICATIONS_PAGE_SIZE, type NotificationsValue } from '@kismat/contracts/cashier';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { inboxKeys } from './inbox-keys';

/** GET /wps/v2/notifications: one page of the inbox, unread first, then newest first. */
export function getNotifications(pageNo: number): Promise<NotificationsValue> {
  return api.get<NotificationsValue>(CASHIER_PATHS.notifications, { query: { pageNo, pageSize: NOTIFICATIONS_PAGE_SIZE } });
}

export function useNotifications(pageNo: number) {
  return useQuery({ queryKey: inboxKeys.page(pageNo), queryFn: () => getNotifications(pageNo), placeholderData: keepPreviousData });
}
