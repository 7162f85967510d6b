import type { QueryClient } from '@tanstack/react-query';
import { useSessionStore } from '@/stores/session-store';

export const inboxKeys = {
  all: ['inbox'] as const,
  page: (pageNo: number) => ['inbox', 'page', pageNo] as const,
};

/** The session feature's member-info query (features do not import each other): its unreadMessage is the badge. */
const MEMBER_INFO_KEY = ['member', 'info'] as const;

/**
 * After the inbox changed: the badge (the session store's unreadMessage) moves to the count the
 * server answered at once, and the inbox pages and the member info are read again.
 */
export function syncUnread(queryClient: QueryClient, unread: number | null): Promise<unknown> {
  const member = useSessionStore.getState().member;
  if (member && unread !== null && member.unreadMessage !== unread)
    useSessionStore.getState().setMember({ ...member, unreadMessage: unread });
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: inboxKeys.all }),
    queryClient.invalidateQueries({ queryKey: MEMBER_INFO_KEY }),
  ]);
}
