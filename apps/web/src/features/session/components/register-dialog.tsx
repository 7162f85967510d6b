import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import styles from '@/components/ui/form-layout.module.css';
import { Icon } from '@/components/ui/icon';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { toRuleMap } from '@/lib/field-validation';
import { currentInvitationCode, forgetInvitationCode } from '@/lib/invitation-code';
import { openForgotPasswordModal, openLoginModal } from '@/stores/modal-store';
import { showToast } from '@/stores/toast-store';
import { useRegistrationRules } from '../api/get-registration-rules';
import type { FeatureFlags } from '../utils/complete-login';
import { AccountDialog } from './account-dialog';
import { RegisterForm } from './register-form';

interface RegisterDialogProps {
  isOpen: boolean;
  flags: FeatureFlags | undefined;
  /** The app download link for this device, when the merchant has one. */
  appDownloadUrl: string | null;
  onClose: () => void;
}

/** registerModal: banner, the register form, and links to login, forgot password and the app. */
export function RegisterDialog({ isOpen, flags, appDownloadUrl, onClose }: RegisterDialogProps) {
  const { t } = useTranslation('accounts');
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const rules = useRegistrationRules();
  // The link's code from this page's query, else the one kept since the visitor came by the link.
  const referralCode = currentInvitationCode(searchParams);
  return (
    <AccountDialog
      isOpen={isOpen}
      onClose={onClose}
      title={t('register.title')}
      subtitle={t('register.subtitle')}
      bannerGroup="register"
      width={480}
    >
      {rules.isPending ? (
        <Spinner isCentered label={t('register.loading')} />
      ) : rules.isError ? (
        <div className={styles.fields}>
          <p className={styles.formError} role="alert">
            {t('register.loadFailed')}
          </p>
          <button type="button" className={styles.link} onClick={() => void rules.refetch()}>
            {t('register.retry')}
          </button>
        </div>
      ) : (
        <RegisterForm
          flags={flags}
          rules={toRuleMap(rules.data)}
          referralCode={referralCode}
          onRegistered={() => {
            forgetInvitationCode();
            onClose();
            showToast(t('register.welcome'));
            void navigate(paths.home.getHref(), { replace: true });
          }}
          footer={
            <div className={styles.fields}>
              <p className={styles.switch}>
                {t('register.haveAccount')}
                <button type="button" className={styles.link} onClick={() => openLoginModal()}>
                  {t('register.toLogin')}
                </button>
              </p>
              <div className={styles.links}>
                <button type="button" className={styles.link} onClick={openForgotPasswordModal}>
                  {t('login.forgot')}
                </button>
                {appDownloadUrl ? (
                  <a className={styles.link} href={appDownloadUrl} target="_blank" rel="noopener noreferrer">
                    <Icon name="download" size={14} /> {t('register.downloadApp')}
                  </a>
                ) : null}
              </div>
            </div>
          }
        />
      )}
    </AccountDialog>
  );
}
