import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import styles from '@/components/ui/form-layout.module.css';
import { paths } from '@/config/paths';
import { type LoginMode, openForgotPasswordModal, openRegisterModal } from '@/stores/modal-store';
import type { FeatureFlags } from '../utils/complete-login';
import { AccountDialog } from './account-dialog';
import { FreeplayButton } from './freeplay-button';
import { LoginForm } from './login-form';

interface LoginDialogProps {
  isOpen: boolean;
  /** Agent mode (from /agent) hides remember-password and one-click login (spec section 2). */
  mode: LoginMode;
  flags: FeatureFlags | undefined;
  onClose: () => void;
}

/** loginPopupModal: the login banner, the form, and the ways to register, recover or try free play. */
export function LoginDialog({ isOpen, mode, flags, onClose }: LoginDialogProps) {
  const { t } = useTranslation('accounts');
  const navigate = useNavigate();
  const isAgentMode = mode === 'agent';
  return (
    <AccountDialog
      isOpen={isOpen}
      onClose={onClose}
      title={isAgentMode ? t('login.agentTitle') : t('login.title')}
      subtitle={isAgentMode ? t('login.agentSubtitle') : t('login.subtitle')}
      bannerGroup="login"
    >
      <LoginForm
        mode={mode}
        flags={flags}
        onForgotPassword={openForgotPasswordModal}
        onDone={(outcome) => {
          if (outcome === 'passwordChange') return;
          onClose();
          if (isAgentMode) void navigate(paths.agentHome.getHref());
        }}
        footer={
          isAgentMode ? null : (
            <>
              <p className={styles.switch}>
                {t('login.noAccount')}
                <button type="button" className={styles.link} onClick={openRegisterModal}>
                  {t('login.toRegister')}
                </button>
              </p>
              {flags?.FREEPLAY3 ? <FreeplayButton flags={flags} onStarted={onClose} /> : null}
            </>
          )
        }
      />
    </AccountDialog>
  );
}
