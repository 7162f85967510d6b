import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import blocks from '@/components/ui/blocks.module.css';
import { Button } from '@/components/ui/button';
import { type DataColumn, DataTable } from '@/components/ui/data-table';
import { QueryState } from '@/components/ui/query-state';
import { useFormatDateTime } from '@/lib/format-date';
import { useFormatMoney } from '@/lib/format-money';
import { type LeaderboardView, useLeaderboard } from '../api/get-leaderboard';
import styles from './loyalty.module.css';

type Row = LeaderboardView['list'][number];

/** The two boards a member can switch between: this period's and the one before. */
const BOARDS = [
  { which: 'CURRENT', label: 'leaderboard.current' },
  { which: 'PREVIOUS', label: 'leaderboard.previous' },
] as const;

/** The top 100 by score (earlier achiever first on ties), my rank pinned above even outside it, the prizes. */
export function LeaderboardPanel() {
  const { t } = useTranslation('loyalty');
  const formatMoney = useFormatMoney();
  const formatWhen = useFormatDateTime();
  const [which, setWhich] = useState<(typeof BOARDS)[number]['which']>('CURRENT');
  const query = useLeaderboard(which);
  const board = query.data?.leaderboard ?? null;
  const score = (value: string) => (board?.unit === 'MONEY' ? formatMoney(value) : value);
  const columns: DataColumn<Row>[] = [
    { id: 'rank', label: t('leaderboard.rank'), cell: (row) => `#${row.rank}` },
    { id: 'account', label: t('leaderboard.account'), cell: (row) => row.account },
    { id: 'score', label: t(`leaderboard.metrics.${board?.metric ?? 'VALID_BET'}`), cell: (row) => score(row.score), isNumber: true },
    { id: 'prize', label: t('leaderboard.prize'), cell: (row) => (row.prize ? formatMoney(row.prize) : '-'), isNumber: true },
  ];
  const me = query.data?.me ?? null;
  return (
    <div className={styles.page} data-testid="leaderboard">
      <div className={styles.actions}>
        {BOARDS.map((option) => (
          <Button
            key={option.which}
            size="small"
            variant={which === option.which ? 'gold' : 'outline'}
            onClick={() => setWhich(option.which)}
            aria-pressed={which === option.which}
          >
            {t(option.label)}
          </Button>
        ))}
      </div>
      <QueryState
        query={query}
        errorTitle={t('leaderboard.loadFailed')}
        isEmpty={board === null}
        emptyTitle={t('leaderboard.none')}
        emptyIcon="crown"
      >
        {board ? (
          <>
            <section className={`${blocks.surfaceCard} ${styles.card}`}>
              <h3 className={styles.sectionTitle}>{board.title}</h3>
              <p className={styles.muted}>
                {t(`leaderboard.periods.${board.period}`)} · {t('leaderboard.endsAt', { date: formatWhen(board.periodEndsAt) })}
              </p>
              {board.prizes.length > 0 ? (
                <ul className={blocks.wrapList} aria-label={t('leaderboard.prizes')}>
                  {board.prizes.map((prize) => (
                    <li key={prize.rank} className={styles.prize}>
                      #{prize.rank} · {formatMoney(prize.amount)}
                    </li>
                  ))}
                </ul>
              ) : null}
            </section>
            <section className={`${styles.card} ${styles.meRow}`} data-testid="leaderboard-me">
              {me ? (
                <div className={`${blocks.progressText} ${styles.progressText}`}>
                  <span>{t('leaderboard.myRank', { rank: me.rank })}</span>
                  <span className={blocks.figure}>{score(me.score)}</span>
                  {me.prize ? <span className={styles.reward}>{t('leaderboard.myPrize', { amount: formatMoney(me.prize) })}</span> : null}
                </div>
              ) : (
                <span className={styles.muted}>{t('leaderboard.notRanked')}</span>
              )}
            </section>
            {query.data && query.data.list.length > 0 ? (
              <DataTable
                columns={columns}
                rows={query.data.list}
                rowKey={(row) => row.rank}
                aria-label={t('leaderboard.title')}
                data-testid="leaderboard-rows"
                hasTitleCell={false}
              />
            ) : (
              <p className={styles.muted}>{t('leaderboard.empty')}</p>
            )}
          </>
        ) : null}
      </QueryState>
    </div>
  );
}
