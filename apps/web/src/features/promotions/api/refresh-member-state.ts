import type { MEMBER_PATHS, MemberInfo } from '@kismat/contracts/member';
import { api } from '@/lib/api-client';
import { useSessionStore } from '@/stores/session-store';

const MEMBER_INFO_PATH = '/wps/member/info' satisfies (typeof MEMBER_PATHS)['info'];

/**
 * After a claim, draw or forfeit the header balance and the reward-centre badge
 * (availablePromoCount) change: one member-info read moves both.
 */
export async function refreshMemberState(): Promise<void> {
  const info = await api.get<MemberInfo>(MEMBER_INFO_PATH);
  useSessionStore.getState().setMember(info);
}
