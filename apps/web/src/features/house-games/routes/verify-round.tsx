import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageFrame } from '@/components/ui/page-frame';
import { CrashVerify } from '../components/crash-verify';
import lotteryStyles from '../components/lottery.module.css';
import { LotteryVerify } from '../components/lottery-verify';
import { OriginalVerify } from '../components/original-verify';
import { SlotVerify } from '../components/slot-verify';

/**
 * /bgs/verify: recomputes a slot round (or, with ?mode=lottery / ?issue=<id>, a lottery draw) in
 * the browser from its revealed seeds, with packages/game-math.
 */
export function VerifyRoundRoute() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const issueId = searchParams.get('issue');
  const isLottery = issueId !== null || searchParams.get('mode') === 'lottery';
  // The originals (dice, mines): ?mode=original, ?round=<id> preselects one of the member's rounds.
  const isOriginal = !isLottery && searchParams.get('mode') === 'original';
  // Crash: ?mode=crash, ?round=<id> loads that shared round.
  const isCrash = !isLottery && searchParams.get('mode') === 'crash';
  return (
    <PageFrame
      title={t('houseGames.verify.title')}
      subtitle={
        isLottery
          ? t('houseGames.verify.lotterySubtitle')
          : isCrash
            ? t('crash.verifyPanel.subtitle')
            : isOriginal
              ? t('houseGames.verify.originalSubtitle')
              : t('houseGames.verify.subtitle')
      }
      icon="shield"
    >
      <nav aria-label={t('houseGames.verify.modes.label')}>
        <ul className={lotteryStyles.gameChips}>
          <li>
            <Link
              className={lotteryStyles.positionChip}
              to="?mode=slot"
              aria-current={isLottery || isOriginal || isCrash ? undefined : 'page'}
            >
              {t('houseGames.verify.modes.slot')}
            </Link>
          </li>
          <li>
            <Link className={lotteryStyles.positionChip} to="?mode=original" aria-current={isOriginal ? 'page' : undefined}>
              {t('houseGames.verify.modes.original')}
            </Link>
          </li>
          <li>
            <Link className={lotteryStyles.positionChip} to="?mode=crash" aria-current={isCrash ? 'page' : undefined}>
              {t('houseGames.verify.modes.crash')}
            </Link>
          </li>
          <li>
            <Link className={lotteryStyles.positionChip} to="?mode=lottery" aria-current={isLottery ? 'page' : undefined}>
              {t('houseGames.verify.modes.lottery')}
            </Link>
          </li>
        </ul>
      </nav>
      {isLottery ? (
        <LotteryVerify key={issueId ?? 'manual'} issueId={issueId} />
      ) : isOriginal ? (
        <OriginalVerify />
      ) : isCrash ? (
        <CrashVerify />
      ) : (
        <SlotVerify />
      )}
    </PageFrame>
  );
}
