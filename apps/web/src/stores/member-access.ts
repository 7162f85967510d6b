import { openLoginModal, openTrueAccountModal } from './modal-store';
import { useSessionStore } from './session-store';

/**
 * Runs a member-only action (member centre, deposits, withdrawals, game launch): anonymous
 * visitors get the login popup, trial players are told a true account is needed (spec section 2).
 * Returns whether the action ran.
 */
export function runMemberAction(action: () => void): boolean {
  const { isLogin, isTrial } = useSessionStore.getState();
  if (!isLogin) {
    openLoginModal();
    return false;
  }
  if (isTrial) {
    openTrueAccountModal();
    return false;
  }
  action();
  return true;
}
