import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { readInvitationCode, rememberInvitationCode } from '@/lib/invitation-code';
import { openRegisterModal } from '@/stores/modal-store';
import { useSessionStore } from '@/stores/session-store';

/**
 * An agent's invitation link may point at any page of the site (`/?affiliateCode=X`,
 * `/lottery?referralCode=X`): the code is remembered for the register popup, which opens at once
 * for a visitor (/register opens it itself). A signed-in member already has an account and an
 * upline: the link changes nothing for them.
 */
export function useInvitationLink(): void {
  const { pathname, search } = useLocation();
  const isMember = useSessionStore((state) => state.isLogin && !state.isTrial);
  useEffect(() => {
    const code = readInvitationCode(search);
    if (!code || isMember) return;
    rememberInvitationCode(code);
    if (pathname !== paths.register.path) openRegisterModal();
  }, [pathname, search, isMember]);
}
