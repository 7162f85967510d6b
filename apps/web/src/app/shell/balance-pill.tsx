import type { MemberInfo } from '@kismat/contracts/member';
import { useTranslation } from 'react-i18next';
import blocks from '@/components/ui/blocks.module.css';
import { Icon } from '@/components/ui/icon';
import { formatMoney } from '@/lib/format-money';
import { INTL_LOCALES } from '@/lib/i18n';
import { useLanguage } from '@/stores/language-store';
import { useUiStore } from '@/stores/ui-store';
import styles from './balance-pill.module.css';

interface BalancePillProps {
  member: MemberInfo | null;
  isRefreshing: boolean;
  onRefresh: () => void;
}

/** The header balance: hidden as stars on request, refreshed on request (spec section 2). */
export function BalancePill({ member, isRefreshing, onRefresh }: BalancePillProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const isHidden = useUiStore((state) => state.isBalanceHidden);
  const toggle = useUiStore((state) => state.toggleBalanceHidden);
  // In trial play the header shows the play money, the figure the games show (issue 12).
  const isPlayMoney = member?.isTrial === true;
  const shown = member ? (isPlayMoney ? member.trialBalance : member.balance) : null;
  const amount = shown === null ? null : formatMoney(shown, INTL_LOCALES[language]);
  return (
    <div className={styles.pill} data-play-money={isPlayMoney ? '' : undefined}>
      <span className={styles.icon} aria-hidden="true" title={isPlayMoney ? t('header.playBalance') : undefined}>
        <Icon name={isPlayMoney ? 'play' : 'wallet'} size={16} />
      </span>
      <span className={styles.amount} aria-live="polite" title={isPlayMoney ? t('header.playBalance') : undefined}>
        <span className="visually-hidden">{isPlayMoney ? t('header.playBalance') : t('header.balance')} </span>
        {member?.currencySymbol ? <span className={styles.currency}>{member.currencySymbol}</span> : null}
        {amount === null ? (
          <span className={styles.placeholder}>…</span>
        ) : isHidden ? (
          <>
            <span aria-hidden="true">****</span>
            <span className="visually-hidden">{t('header.balanceHidden')}</span>
          </>
        ) : (
          amount
        )}
      </span>
      <button
        type="button"
        className={`${blocks.iconButton} ${styles.action}`}
        onClick={toggle}
        aria-pressed={isHidden}
        aria-label={isHidden ? t('header.showBalance') : t('header.hideBalance')}
        title={isHidden ? t('header.showBalance') : t('header.hideBalance')}
      >
        <Icon name={isHidden ? 'eyeOff' : 'eye'} size={16} />
      </button>
      <button
        type="button"
        className={`${blocks.iconButton} ${styles.action}`}
        onClick={onRefresh}
        disabled={isRefreshing}
        data-spinning={isRefreshing ? '' : undefined}
        aria-label={t('header.refreshBalance')}
        title={t('header.refreshBalance')}
      >
        <Icon name="refresh" size={16} />
      </button>
    </div>
  );
}
