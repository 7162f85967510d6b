import type { RealtimeMessage } from '@kismat/contracts/cashier';
import { useQueryClient } from '@tanstack/react-query';
import { useMemberSocket } from '@/lib/use-member-socket';
import { useSessionStore } from '@/stores/session-store';
import { inboxKeys } from '../api/inbox-keys';

function isNotification(value: unknown): value is RealtimeMessage {
  const message = value as { type?: unknown; notification?: { id?: unknown; isRead?: unknown } } | null;
  return message?.type === 'notification' && typeof message.notification?.id === 'number';
}

/**
 * While the inbox is open: a message pushed over /ws raises the badge (the session store's
 * unreadMessage) at once and the inbox reads its pages again, so the message shows at the top.
 */
export function useInboxLive(): void {
  const queryClient = useQueryClient();
  useMemberSocket((value) => {
    if (!isNotification(value)) return;
    const member = useSessionStore.getState().member;
    if (member && !value.notification.isRead) useSessionStore.getState().setMember({ ...member, unreadMessage: member.unreadMessage + 1 });
    void queryClient.invalidateQueries({ queryKey: inboxKeys.all });
  });
}
