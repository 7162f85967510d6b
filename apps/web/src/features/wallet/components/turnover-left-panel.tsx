import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import blocks from '@/components/ui/blocks.module.css';
import { paths } from '@/config/paths';
import { useTurnoverLeft } from '../api/get-turnover-left';
import { useFormatAmount } from './use-amount-locale';
import styles from './wallet.module.css';

/** The turnover still to bet before a withdrawal is allowed, with a link to the bonus details. */
export function TurnoverLeftPanel() {
  const { t } = useTranslation();
  const format = useFormatAmount();
  const turnover = useTurnoverLeft();
  if (!turnover.data) return null;
  const isClear = turnover.data.totalLeft === '0.00';
  return (
    <div
      className={isClear ? `${blocks.spread} ${styles.turnoverClear}` : styles.turnoverLeft}
      data-testid="withdraw-turnover"
      role="status"
    >
      <span>{isClear ? t('wallet.turnover.clear') : t('wallet.turnover.left', { amount: format(turnover.data.totalLeft) })}</span>
      {isClear ? null : <Link to={paths.member.getHref('bonusDetails')}>{t('wallet.turnover.details')}</Link>}
    </div>
  );
}
