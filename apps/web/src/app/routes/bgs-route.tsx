import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { GameListCentreRoute } from './game-routes';

const SlotGame = lazy(() => import('@/features/house-games/routes/slot-game').then((module) => ({ default: module.SlotGameRoute })));

/** /bgs is the in-house game list; /bgs?gameCode=<title> opens that slot title (its own chunk). */
export function BgsRoute() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  if (!searchParams.get('gameCode')) return <GameListCentreRoute />;
  return (
    <Suspense fallback={<Spinner label={t('houseGames.slot.loading')} isCentered />}>
      <SlotGame />
    </Suspense>
  );
}
