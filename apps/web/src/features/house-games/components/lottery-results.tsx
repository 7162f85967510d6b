import type { LotteryDraw } from '@kismat/game-math/lottery/lottery-types';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import blocks from '@/components/ui/blocks.module.css';
import { GamePanel } from '@/components/ui/game-panel';
import type { LotteryIssue, LotteryKind } from '../utils/house-games-types';
import styles from './lottery.module.css';

/** The numbers a player reads first: ELOTT five digits, VN the special prize, SEA 3-top and 2-bottom. */
export function headlineOf(result: LotteryIssue['result'] | LotteryDraw): string[] {
  if (!result) return [];
  if (result.kind === 'ELOTT') return result.digits.map(String);
  if (result.kind === 'VN') return [...(result.prizes.special ?? [])];
  return [result.firstPrize, result.twoBottom];
}

/** The verify page with the issue's seeds filled in. */
export function verifyIssueHref(issueId: string): string {
  return `/bgs/verify?issue=${encodeURIComponent(issueId)}`;
}

/** Recent draws of the game, newest first. */
export function LotteryResults({ kind, issues }: { kind: LotteryKind; issues: readonly LotteryIssue[] }) {
  const { t } = useTranslation();
  return (
    <GamePanel
      id="results-heading"
      title={t('houseGames.results.title')}
      classes={styles}
      empty={issues.length === 0 ? t('houseGames.results.empty') : null}
    >
      <ul className={`${blocks.stackList} ${styles.results}`} data-testid="lottery-results">
        {issues.map((issue) => (
          <li key={issue.issueId}>
            <span className={styles.muted}>{issue.issueNo}</span>
            <span className={styles.resultBalls}>
              {headlineOf(issue.result).map((number, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: drawn numbers are positional.
                <span key={index} className={styles.resultBall} data-kind={kind}>
                  {number}
                </span>
              ))}
              {issue.status === 'CANCELLED' ? <span className={styles.muted}>{t('houseGames.results.cancelled')}</span> : null}
              {issue.status === 'DRAWN' ? (
                <Link className={styles.verifyLink} to={verifyIssueHref(issue.issueId)}>
                  {t('houseGames.results.verify')}
                </Link>
              ) : null}
            </span>
          </li>
        ))}
      </ul>
    </GamePanel>
  );
}
