import { lazy, Suspense } from 'react';
import { useModalStore } from '@/stores/modal-store';

// Popups load on first use: their forms (and form libraries) stay out of the first download.
const LoginDialog = lazy(() => import('@/features/session/components/login-dialog').then((module) => ({ default: module.LoginDialog })));
const RegisterDialog = lazy(() =>
  import('@/features/session/components/register-dialog').then((module) => ({ default: module.RegisterDialog })),
);
const FeedbackDialog = lazy(() =>
  import('@/features/feedback/components/feedback-dialog').then((module) => ({ default: module.FeedbackDialog })),
);

/** Renders whichever popup the modal store has open. */
export function ModalHost() {
  const openModal = useModalStore((state) => state.openModal);
  const loginMode = useModalStore((state) => state.loginMode);
  const close = useModalStore((state) => state.close);
  return (
    <Suspense fallback={null}>
      {openModal === 'login' ? <LoginDialog isOpen mode={loginMode} onClose={close} /> : null}
      {openModal === 'register' ? <RegisterDialog isOpen onClose={close} /> : null}
      {openModal === 'feedback' ? <FeedbackDialog isOpen onClose={close} /> : null}
    </Suspense>
  );
}
