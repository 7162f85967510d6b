import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import blocks from '@/components/ui/blocks.module.css';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { FactList } from '@/components/ui/fact-list';
import { Icon, type IconName } from '@/components/ui/icon';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { toRuleMap } from '@/lib/field-validation';
import { errorMessage } from '@/lib/form-errors';
import { formatDateTime } from '@/lib/format-date';
import { useLanguage } from '@/stores/language-store';
import { useProfile } from '../api/get-profile';
import { useRegistrationRules } from '../api/get-registration-rules';
import { useSecurityOverview } from '../api/get-security-overview';
import { securityChecks, securityLevel, securityScore } from '../utils/security-level';
import { BankAccountsPanel } from './bank-accounts-panel';
import { BindEmailForm } from './bind-email-form';
import { BindMobileForm } from './bind-mobile-form';
import { LoginPasswordForm } from './login-password-form';
import { PaymentPasswordForm } from './payment-password-form';
import { ProfileForm } from './profile-form';
import styles from './security-centre.module.css';

type Panel = 'loginPassword' | 'paymentPassword' | 'mobile' | 'email' | 'bank' | 'profile';

interface RowProps {
  icon: IconName;
  title: string;
  detail: ReactNode;
  isDone: boolean;
  action?: { label: string; onClick: () => void };
}

function SecurityRow({ icon, title, detail, isDone, action }: RowProps) {
  const { t } = useTranslation('accounts');
  return (
    <li className={styles.row}>
      <span className={styles.rowIcon} data-done={isDone ? '' : undefined}>
        <Icon name={icon} size={20} />
      </span>
      <div className={styles.rowText}>
        <p className={styles.rowTitle}>
          {title}
          <span className={isDone ? styles.statusOk : styles.statusTodo}>
            <Icon name={isDone ? 'check' : 'alert'} size={12} />
            {isDone ? t('security.status.done') : t('security.status.todo')}
          </span>
        </p>
        <p className={styles.rowDetail}>{detail}</p>
      </div>
      {action ? (
        <Button size="small" variant={isDone ? 'ghost' : 'gold'} onClick={action.onClick}>
          {action.label}
        </Button>
      ) : (
        <span className={styles.locked}>
          <Icon name="lock" size={14} />
          {t('security.status.bound')}
        </span>
      )}
    </li>
  );
}

/** The securityCenter page of the member centre: passwords, bindings, bank accounts and profile. */
export function SecurityCentre() {
  const { t } = useTranslation('accounts');
  const { t: tShell } = useTranslation();
  const language = useLanguage();
  const overview = useSecurityOverview();
  const profile = useProfile();
  const { data: ruleList } = useRegistrationRules();
  const rules = toRuleMap(ruleList);
  const [panel, setPanel] = useState<Panel | null>(null);
  const close = () => setPanel(null);

  if (overview.isPending) return <Spinner isCentered label={t('security.loading')} />;
  if (overview.isError) {
    return (
      <EmptyState
        icon="alert"
        title={t('security.loadFailed')}
        text={errorMessage(overview.error, t('errors.unknown'))}
        actions={
          <Button variant="ghost" onClick={() => void overview.refetch()}>
            {t('security.retry')}
          </Button>
        }
      />
    );
  }

  const data = overview.data;
  const level = securityLevel(data);
  const score = securityScore(data);
  const checks = securityChecks(data);
  const formatDate = (iso: string | null) => formatDateTime(iso, language);
  const fullName = profile.data?.fullName ?? null;

  const panelTitles: Record<Panel, string> = {
    loginPassword: t('security.loginPassword.title'),
    paymentPassword: data.hasPaymentPassword ? t('security.paymentPassword.changeTitle') : t('security.paymentPassword.setTitle'),
    mobile: t('security.mobile.title'),
    email: t('security.email.title'),
    bank: t('security.bank.title'),
    profile: t('security.profile.title'),
  };

  return (
    <div className={styles.centre}>
      <section className={styles.summary} data-level={level} aria-label={t('security.levelLabel')}>
        <div className={`${blocks.meter} ${styles.meter}`} aria-hidden="true">
          <span style={{ width: `${(score.done / score.total) * 100}%` }} />
        </div>
        <div className={styles.summaryText}>
          <p className={styles.summaryTitle}>
            {t('security.levelTitle')} <strong>{t(`security.level.${level}`)}</strong>
          </p>
          <p className={styles.muted}>{t('security.levelText', { done: score.done, total: score.total })}</p>
        </div>
        <FactList
          className={`${blocks.facts} ${styles.facts}`}
          facts={[
            { label: t('security.account'), value: data.account },
            {
              label: t('security.lastLogin'),
              value: (
                <>
                  {formatDate(data.lastLoginAt)}
                  {data.lastLoginIp ? <span className={styles.muted}> · {data.lastLoginIp}</span> : null}
                </>
              ),
            },
          ]}
        />
      </section>

      <ul className={blocks.stackList}>
        <SecurityRow
          icon="lock"
          title={t('security.loginPassword.title')}
          detail={t('security.loginPassword.detail', { date: formatDate(data.passwordChangedAt) })}
          isDone={checks.loginPassword}
          action={{ label: t('security.change'), onClick: () => setPanel('loginPassword') }}
        />
        <SecurityRow
          icon="key"
          title={t('security.paymentPassword.title')}
          detail={data.hasPaymentPassword ? t('security.paymentPassword.detailSet') : t('security.paymentPassword.detailUnset')}
          isDone={checks.paymentPassword}
          action={{ label: data.hasPaymentPassword ? t('security.change') : t('security.set'), onClick: () => setPanel('paymentPassword') }}
        />
        <SecurityRow
          icon="phone"
          title={t('security.mobile.title')}
          detail={
            data.mobile.verified
              ? (data.mobile.masked ?? '')
              : data.mobile.masked
                ? t('security.mobile.unverified', { mobile: data.mobile.masked })
                : t('security.notBound')
          }
          isDone={checks.mobile}
          action={data.mobile.verified ? undefined : { label: t('security.bind'), onClick: () => setPanel('mobile') }}
        />
        <SecurityRow
          icon="mail"
          title={t('security.email.title')}
          detail={data.email.verified ? (data.email.masked ?? '') : t('security.notBound')}
          isDone={checks.email}
          action={data.email.verified ? undefined : { label: t('security.bind'), onClick: () => setPanel('email') }}
        />
        <SecurityRow
          icon="bank"
          title={t('security.bank.title')}
          detail={t('security.bank.detail', { bound: data.boundBankAccountCount, total: data.bankAccountCount })}
          isDone={checks.bank}
          action={{ label: t('security.manage'), onClick: () => setPanel('bank') }}
        />
        <SecurityRow
          icon="user"
          title={t('security.profile.title')}
          detail={data.fullNameSet && data.birthdaySet ? t('security.profile.detailDone') : t('security.profile.detailTodo')}
          isDone={checks.profile}
          action={{ label: t('security.edit'), onClick: () => setPanel('profile') }}
        />
      </ul>

      <p className={styles.muted} data-testid="security-safer-gambling">
        <Link to={paths.saferGambling.getHref()} style={{ color: 'var(--color-gold)', fontWeight: 600 }}>
          {tShell('saferGambling.link')}
        </Link>
        {' · '}
        {tShell('saferGambling.hint')}
      </p>

      <Dialog
        isOpen={panel !== null}
        onClose={close}
        title={panel ? panelTitles[panel] : ''}
        width={panel === 'profile' || panel === 'bank' ? 560 : 440}
        height={240}
      >
        {panel === 'loginPassword' ? <LoginPasswordForm rules={rules} onDone={close} /> : null}
        {panel === 'paymentPassword' ? (
          <PaymentPasswordForm rules={rules} hasPaymentPassword={data.hasPaymentPassword} onDone={close} />
        ) : null}
        {panel === 'mobile' ? <BindMobileForm rules={rules} onDone={close} /> : null}
        {panel === 'email' ? <BindEmailForm onDone={close} /> : null}
        {panel === 'bank' ? (
          <BankAccountsPanel
            fullName={fullName}
            hasPaymentPassword={data.hasPaymentPassword}
            onNeedPaymentPassword={() => setPanel('paymentPassword')}
          />
        ) : null}
        {panel === 'profile' ? (
          profile.data ? (
            <ProfileForm profile={profile.data} rules={rules} onDone={close} />
          ) : profile.isError ? (
            <p role="alert">{errorMessage(profile.error, t('errors.unknown'))}</p>
          ) : (
            <Spinner isCentered label={t('security.loading')} />
          )
        ) : null}
      </Dialog>
    </div>
  );
}
