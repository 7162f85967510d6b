import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { paths, toReturnPath } from '@/config/paths';
import { openLoginModal, openRegisterModal, useModalStore } from '@/stores/modal-store';
import { useSessionStore } from '@/stores/session-store';
import { HomeRoute } from './home';

/**
 * /login and /register: the home page with the login or register popup open on it. A guard sends
 * visitors to /login?redirect=<the page asked for>, which opens once they are signed in.
 */
export function AuthEntryRoute({ modal }: { modal: 'login' | 'register' }) {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const openModal = useModalStore((state) => state.openModal);
  const isLogin = useSessionStore((state) => state.isLogin);
  const returnPath = toReturnPath(searchParams.get('redirect'));
  const wasOpen = useRef(false);

  useEffect(() => {
    if (modal === 'login') openLoginModal();
    else openRegisterModal();
  }, [modal]);

  // Closing the popup leaves /login, so a reload does not reopen it: for the page asked for when
  // the member is now signed in, else for the home page.
  useEffect(() => {
    if (openModal !== null) {
      wasOpen.current = true;
      return;
    }
    if (wasOpen.current) void navigate(isLogin && returnPath ? returnPath : paths.home.getHref(), { replace: true });
  }, [openModal, navigate, isLogin, returnPath]);

  return <HomeRoute />;
}
