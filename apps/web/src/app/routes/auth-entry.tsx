import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { openLoginModal, openRegisterModal, useModalStore } from '@/stores/modal-store';
import { HomeRoute } from './home';

/** /login and /register: the home page with the login or register popup open on it. */
export function AuthEntryRoute({ modal }: { modal: 'login' | 'register' }) {
  const navigate = useNavigate();
  const openModal = useModalStore((state) => state.openModal);
  const wasOpen = useRef(false);

  useEffect(() => {
    if (modal === 'login') openLoginModal();
    else openRegisterModal();
  }, [modal]);

  // Closing the popup leaves /login for the home page, so a reload does not reopen it.
  useEffect(() => {
    if (openModal !== null) {
      wasOpen.current = true;
      return;
    }
    if (wasOpen.current) void navigate(paths.home.getHref(), { replace: true });
  }, [openModal, navigate]);

  return <HomeRoute />;
}
