import { formatBasisPoints, type MemberPromotionValue } from '@kismat/contracts/promotions';
import { useTranslation } from 'react-i18next';
import { toMinor } from '../utils/money';
import { useFormatMoney } from './use-format-money';

/** The reward rule as a person reads it: "70% up to ৳7,000.00", "৳377.00", "up to ৳7,777.00". */
export function useRewardText(): (reward: MemberPromotionValue['reward']) => string {
  const { t } = useTranslation('promotions');
  const format = useFormatMoney();
  return (reward) => {
    switch (reward.kind) {
      case 'PERCENT':
        return t('reward.percent', { percent: formatBasisPoints(reward.percentBp, 'percent'), cap: format(reward.cap) });
      case 'FIXED':
        return t('reward.fixed', { amount: format(reward.amount) });
      case 'PRIZE_TABLE': {
        const top = reward.prizes.reduce(
          (max, prize) => ((toMinor(prize.amount) ?? 0n) > (toMinor(max) ?? 0n) ? prize.amount : max),
          '0.00',
        );
        return t('reward.upTo', { amount: format(top) });
      }
      default:
        return '';
    }
  };
}
