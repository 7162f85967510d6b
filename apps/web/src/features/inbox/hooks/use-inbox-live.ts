import type { RealtimeMessage } from '@kismat/contracts/cashier';
import { useQueryClient } from '@tanstack/react-query';
import { useMemberSocket } from '@/lib/use-member-socket';
import { inboxKeys } from '../api/inbox-keys';

function isNotification(value: unknown): value is RealtimeMessage {
  const message = value as { type?: unknown; notification?: { id?: unknown; isRead?: unknown } } | null;
  return message?.type === 'notification' && typeof message.notification?.id === 'number';
}

/**
 * While the inbox is open: a message pushed over /ws makes the inbox read its pages again, so it
 * shows at the top. The badge (the session store's unreadMessage) is raised on every page by the
 * shell's useWalletLive.
 */
export function useInboxLive(): void {
  const queryClient = useQueryClient();
  useMemberSocket((value) => {
    if (!isNotification(value)) return;
    void queryClient.invalidateQueries({ queryKey: inboxKeys.all });
  });
}
