import { type ComponentType, lazy, Suspense } from 'react';
import { usePermission } from '@/features/system/api/get-permission';
import { type LazyNamespace, loadNamespace } from '@/lib/i18n';
import { useModalStore } from '@/stores/modal-store';
import { useShellData } from './shell/use-shell-data';

/**
 * A popup that loads on first use, together with its messages: the forms, their libraries and
 * their text stay out of the home page's first download.
 */
function lazyDialog<Props extends object>(namespace: LazyNamespace | null, importer: () => Promise<ComponentType<Props>>) {
  return lazy(async () => {
    const [component] = await Promise.all([importer(), namespace ? loadNamespace(namespace) : Promise.resolve()]);
    return { default: component };
  });
}

const LoginDialog = lazyDialog('accounts', () => import('@/features/session/components/login-dialog').then((module) => module.LoginDialog));
const RegisterDialog = lazyDialog('accounts', () =>
  import('@/features/session/components/register-dialog').then((module) => module.RegisterDialog),
);
const ForgotPasswordDialog = lazyDialog('accounts', () =>
  import('@/features/session/components/forgot-password-dialog').then((module) => module.ForgotPasswordDialog),
);
const ChangePasswordDialog = lazyDialog('accounts', () =>
  import('@/features/session/components/change-password-dialog').then((module) => module.ChangePasswordDialog),
);
const TrueAccountDialog = lazyDialog(null, () => import('./true-account-dialog').then((module) => module.TrueAccountDialog));
const FeedbackDialog = lazyDialog('feedback', () =>
  import('@/features/feedback/components/feedback-dialog').then((module) => module.FeedbackDialog),
);

/** The app download link for this device: Android on Android, else iOS, else whichever exists. */
function pickDownloadUrl(ios: string | null, android: string | null): string | null {
  const agent = typeof navigator === 'undefined' ? '' : navigator.userAgent;
  if (/android/i.test(agent)) return android ?? ios;
  if (/iphone|ipad|ipod/i.test(agent)) return ios ?? android;
  return android ?? ios;
}

/** Renders whichever popup the modal store has open. */
export function ModalHost() {
  const openModal = useModalStore((state) => state.openModal);
  const loginMode = useModalStore((state) => state.loginMode);
  const changePassword = useModalStore((state) => state.changePassword);
  const close = useModalStore((state) => state.close);
  const { data: permission } = usePermission();
  const shell = useShellData();
  const flags = permission?.flags;
  return (
    <Suspense fallback={null}>
      {openModal === 'login' ? <LoginDialog isOpen mode={loginMode} flags={flags} onClose={close} /> : null}
      {openModal === 'register' ? (
        <RegisterDialog
          isOpen
          flags={flags}
          appDownloadUrl={pickDownloadUrl(shell.iosDownloadUrl, shell.androidDownloadUrl)}
          onClose={close}
        />
      ) : null}
      {openModal === 'forgotPassword' ? <ForgotPasswordDialog isOpen flags={flags} onClose={close} /> : null}
      {openModal === 'changePassword' ? <ChangePasswordDialog isOpen request={changePassword} flags={flags} onClose={close} /> : null}
      {openModal === 'feedback' ? <FeedbackDialog isOpen onClose={close} /> : null}
      {openModal === 'trueAccount' ? <TrueAccountDialog onClose={close} /> : null}
    </Suspense>
  );
}
