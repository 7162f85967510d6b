import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { GameListCentreRoute } from './game-routes';

const SlotGame = lazy(() => import('@/features/house-games/routes/slot-game').then((module) => ({ default: module.SlotGameRoute })));
const OriginalGame = lazy(() =>
  import('@/features/originals/routes/original-game').then((module) => ({ default: module.OriginalGameRoute })),
);
const CrashGame = lazy(() => import('@/features/crash/routes/crash-game').then((module) => ({ default: module.CrashGameRoute })));
/** Crash's catalogue code (contracts CRASH_GAME_CODE), without loading its chunk. */
const CRASH_CODE = 'kismat-crash';
/** The originals' catalogue codes (contracts ORIGINAL_GAME_CODES), without loading their chunk. */
const ORIGINAL_CODES = new Set([
  'kismat-dice',
  'kismat-mines',
  'kismat-plinko',
  'kismat-dragon-tiger',
  'kismat-andar-bahar',
  'kismat-teen-patti',
]);

/**
 * /bgs is the in-house game list; /bgs?gameCode=<title> opens that slot title or original (each its own chunk).
 * /pvp is its game list too, and /pvp?gameCode= opens the card originals (the house launch answers /<category>?gameCode=).
 */
export function BgsRoute() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const gameCode = searchParams.get('gameCode');
  if (!gameCode) return <GameListCentreRoute />;
  if (gameCode === CRASH_CODE) {
    return (
      <Suspense fallback={<Spinner label={t('houseGames.slot.loading')} isCentered />}>
        <CrashGame />
      </Suspense>
    );
  }
  if (ORIGINAL_CODES.has(gameCode)) {
    return (
      <Suspense fallback={<Spinner label={t('houseGames.slot.loading')} isCentered />}>
        <OriginalGame gameCode={gameCode} />
      </Suspense>
    );
  }
  return (
    <Suspense fallback={<Spinner label={t('houseGames.slot.loading')} isCentered />}>
      <SlotGame />
    </Suspense>
  );
}
