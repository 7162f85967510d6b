import type { MEMBER_PATHS, MemberInfo } from '@kismat/contracts/member';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSessionStore } from '@/stores/session-store';
import { promotionKeys } from './promotion-keys';

const MEMBER_INFO_PATH = '/wps/member/info' satisfies (typeof MEMBER_PATHS)['info'];

/**
 * After a claim, draw or forfeit the header balance and the reward-centre badge
 * (availablePromoCount) change: one member-info read moves both.
 */
export async function refreshMemberState(): Promise<void> {
  const info = await api.get<MemberInfo>(MEMBER_INFO_PATH);
  useSessionStore.getState().setMember(info);
}

/**
 * A claim, draw or forfeit: whatever it answers, the promotion lists refetch and the member state
 * is read again (a failed read leaves the old one; the next poll mends it).
 */
export function usePromotionWrite<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: promotionKeys.all }), refreshMemberState().catch(() => undefined)]),
  });
}
