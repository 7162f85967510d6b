import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { PageFrame } from '@/components/ui/page-frame';
import { paths } from '@/config/paths';

type LotteryVariant = 'lottery' | 'seaLottery' | 'vnLottery';

function variantOf(pathname: string): LotteryVariant {
  const path = pathname.toLowerCase();
  if (path === paths.seaLottery.path.toLowerCase()) return 'seaLottery';
  if (path === paths.vnLottery.path.toLowerCase()) return 'vnLottery';
  return 'lottery';
}

/** Lottery pages (/lottery, /seaLottery, /vnLottery); each takes the query gameCode. */
export function LotteryRoute() {
  const { t } = useTranslation();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const variant = variantOf(location.pathname);
  const gameCode = searchParams.get('gameCode');
  return (
    <PageFrame
      title={t(`lottery.titles.${variant}`)}
      subtitle={gameCode ? t('lottery.gameCode', { code: gameCode }) : t('lottery.subtitle')}
      icon="ticket"
    >
      <EmptyState icon="ticket" title={t('lottery.emptyTitle')} text={t('lottery.emptyText')} />
    </PageFrame>
  );
}
