import { useTranslation } from 'react-i18next';
import type { LotteryIssue, LotteryKind } from '../utils/house-games-types';
import styles from './lottery.module.css';

/** The numbers a player reads first: ELOTT five digits, VN the special prize, SEA 3-top and 2-bottom. */
function headlineOf(issue: LotteryIssue): string[] {
  const result = issue.result;
  if (!result) return [];
  if (result.kind === 'ELOTT') return result.digits.map(String);
  if (result.kind === 'VN') return [...(result.prizes.special ?? [])];
  return [result.firstPrize, result.twoBottom];
}

/** Recent draws of the game, newest first. */
export function LotteryResults({ kind, issues }: { kind: LotteryKind; issues: readonly LotteryIssue[] }) {
  const { t } = useTranslation();
  return (
    <section className={styles.panel} aria-labelledby="results-heading">
      <h2 id="results-heading" className={styles.panelTitle}>
        {t('houseGames.results.title')}
      </h2>
      {issues.length === 0 ? (
        <p className={styles.muted}>{t('houseGames.results.empty')}</p>
      ) : (
        <ul className={styles.results} data-testid="lottery-results">
          {issues.map((issue) => (
            <li key={issue.issueId}>
              <span className={styles.muted}>{issue.issueNo}</span>
              <span className={styles.resultBalls}>
                {headlineOf(issue).map((number, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: drawn numbers are positional.
                  <span key={index} className={styles.resultBall} data-kind={kind}>
                    {number}
                  </span>
                ))}
                {issue.status === 'CANCELLED' ? <span className={styles.muted}>{t('houseGames.results.cancelled')}</span> : null}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
